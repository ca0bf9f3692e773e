/**
 * Every query of demo/workspace/ — what `npm start` opens first — run by `iql run` against the
 * emulator's demo clean room: each must give a result worth showing, never "No rows" because
 * the demo is too thin for it (every bin under the redaction threshold).
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import type { Activation, QueryDimension, QueryResult } from '../../common/api';
import { runInProcess, useDemoEmulator } from './cli-harness';

const DEMO_WORKSPACE = resolve(__dirname, '../../demo/workspace');
const DEMO_QUERIES = readdirSync(DEMO_WORKSPACE).filter((name) => name.endsWith('.iql')).sort();

interface RunEntry {
  readonly type: 'insight' | 'activation';
  readonly query: string;
  readonly result?: QueryResult;
  readonly activation?: Activation;
  readonly error?: { readonly message: string };
}

/** The counts of the innermost bins shown, walked here rather than by the code under test. */
function shownCounts(dimensions: readonly QueryDimension[]): number[] {
  return dimensions.flatMap((bin) => (bin.dimensions && bin.dimensions.length > 0 ? shownCounts(bin.dimensions) : [bin.count ?? 0]));
}

/** Why `entry` is not a result a new user can learn from, or undefined when it is. */
function whatIsMissing(entry: RunEntry): string | undefined {
  if (entry.error) return `it failed: ${entry.error.message}`;
  if (entry.type === 'activation') return (entry.activation?.summary?.total_rows ?? 0) > 0 ? undefined : 'the activation has no rows';
  const result = entry.result;
  if (!result || (result.audience ?? 0) <= 0) return 'the audience is empty';
  const grouped = /\b(AGGREGATE|TOPN)\s*\(/i.test(entry.query);
  if (!grouped) return undefined;
  const counts = shownCounts(result.dimensions);
  if (counts.length < 2) return `only ${counts.length} bin is shown`;
  const redacted = result.quality_measures?.redaction_threshold_outlier ?? 0;
  if (redacted >= 0.5) return `${Math.round(redacted * 100)}% of the audience is redacted`;
  return undefined;
}

describe('the demo workspace on the demo clean room', () => {
  const demo = useDemoEmulator();

  it('holds the demo queries', () => {
    assert.ok(DEMO_QUERIES.length >= 5, `demo/workspace has ${DEMO_QUERIES.length} query files`);
  });

  for (const name of DEMO_QUERIES) {
    it(`${name} gives a non-empty result that is not mostly redacted`, async () => {
      const run = await runInProcess(['run', '--format', 'json', join(DEMO_WORKSPACE, name)], demo.env);
      assert.equal(run.code, 0, run.stderr);
      const entries = JSON.parse(run.stdout) as RunEntry[];
      assert.ok(entries.length > 0, `${name} has a query`);
      for (const entry of entries) assert.equal(whatIsMissing(entry), undefined, `${name}: ${entry.query}`);
    });
  }
});
