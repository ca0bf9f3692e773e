/**
 * A tiny JSON snapshot helper. `expectSnapshot(name, value)` compares `value` with
 * test/fixtures/ast-snapshots/<name>.json. The file is written when it is missing or when the
 * environment has UPDATE_SNAPSHOTS=1; review the diff before committing it.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const snapshotDirectory = path.resolve(__dirname, '../../../fixtures/ast-snapshots');

/** Serialises like the files on disk: two-space JSON, undefined fields left out, final newline. */
function serialise(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export function expectSnapshot(name: string, value: unknown): void {
  const file = path.join(snapshotDirectory, `${name}.json`);
  const actual = serialise(value);
  if (process.env.UPDATE_SNAPSHOTS === '1' || !existsSync(file)) {
    mkdirSync(snapshotDirectory, { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  const expected = readFileSync(file, 'utf8');
  // Compare as data for a readable diff; the text comparison catches formatting drift.
  assert.deepEqual(JSON.parse(actual), JSON.parse(expected), `snapshot ${name} differs; rerun with UPDATE_SNAPSHOTS=1 if the change is intended`);
  assert.equal(actual, expected, `snapshot ${name} is formatted differently; rerun with UPDATE_SNAPSHOTS=1`);
}
