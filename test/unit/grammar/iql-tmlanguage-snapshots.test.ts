/**
 * Snapshot tests for the IQL grammar: every example under ../shared/iql/examples is tokenized
 * and compared with test/fixtures/grammar/<folder>-<name>.json. A missing snapshot is written
 * (except under CI, where it fails); `UPDATE_SNAPSHOTS=1` rewrites them all and removes the
 * ones whose example is gone. Review a snapshot diff as you would a code diff: it shows
 * exactly which scopes a grammar change moved.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot, tokenize } from './tokenize';
import type { TokenizedLine } from './tokenize';

const examplesDir = join(repoRoot, '..', 'shared', 'iql', 'examples');
const snapshotDir = join(repoRoot, 'test', 'fixtures', 'grammar');
const updating = process.env.UPDATE_SNAPSHOTS === '1';

interface SnapshotToken {
  readonly text: string;
  readonly scopes: readonly string[];
}

function findExamples(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) return findExamples(path);
      return entry.endsWith('.iql') ? [path] : [];
    });
}

/** `valid/topn.iql` → `valid-topn.json`; deeper folders join with `-` too. */
function snapshotNameFor(examplePath: string): string {
  return `${relative(examplesDir, examplePath).split(sep).join('-').replace(/\.iql$/, '')}.json`;
}

/** Drops the root scope, which every token has, to keep snapshots short. */
function toSnapshot(lines: readonly TokenizedLine[]): SnapshotToken[][] {
  return lines.map((tokens) =>
    tokens.map((token) => ({ text: token.text, scopes: token.scopes.filter((scope) => scope !== 'source.iql') })),
  );
}

/** One token per line of JSON, so a diff points at the token whose scopes changed. */
function formatSnapshot(snapshot: readonly SnapshotToken[][]): string {
  const lines = snapshot.map((tokens) => {
    if (tokens.length === 0) return '  []';
    return `  [\n${tokens.map((token) => `    ${JSON.stringify(token)}`).join(',\n')}\n  ]`;
  });
  return `[\n${lines.join(',\n')}\n]\n`;
}

const examples = existsSync(examplesDir) ? findExamples(examplesDir) : [];
const skipReason = examples.length === 0 ? `no .iql examples found under ${examplesDir}` : false;

describe('IQL grammar: snapshots of the shared examples', { skip: skipReason }, () => {
  for (const examplePath of examples) {
    const name = snapshotNameFor(examplePath);
    it(`${relative(examplesDir, examplePath)} matches ${name}`, async (t) => {
      const actual = toSnapshot(await tokenize(readFileSync(examplePath, 'utf8')));
      const snapshotPath = join(snapshotDir, name);
      if (updating || !existsSync(snapshotPath)) {
        assert.ok(updating || process.env.CI === undefined, `${name} is missing; run the grammar tests locally to create it and commit it`);
        mkdirSync(snapshotDir, { recursive: true });
        writeFileSync(snapshotPath, formatSnapshot(actual));
        t.diagnostic(`wrote ${relative(repoRoot, snapshotPath)}`);
        return;
      }
      const expected: unknown = JSON.parse(readFileSync(snapshotPath, 'utf8'));
      assert.deepEqual(actual, expected, `${name} differs; if the change is intended, rerun with UPDATE_SNAPSHOTS=1`);
    });
  }

  it('keeps no snapshot for an example that no longer exists', () => {
    const wanted = new Set(examples.map(snapshotNameFor));
    const present = existsSync(snapshotDir) ? readdirSync(snapshotDir).filter((entry) => entry.endsWith('.json')) : [];
    const orphans = present.filter((entry) => !wanted.has(entry));
    if (updating) {
      for (const orphan of orphans) rmSync(join(snapshotDir, orphan));
      return;
    }
    assert.deepEqual(orphans, [], `orphaned snapshots in ${snapshotDir}; delete them or rerun with UPDATE_SNAPSHOTS=1`);
  });

  it('names every snapshot after its example', () => {
    assert.equal(snapshotNameFor(join(examplesDir, 'valid', 'topn.iql')), 'valid-topn.json');
    assert.equal(basename(snapshotNameFor(join(examplesDir, 'invalid', 'a', 'b.iql'))), 'invalid-a-b.json');
  });
});
