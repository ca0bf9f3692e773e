/**
 * The launcher puts the heap-sizing V8 flags back to their defaults once the heap is set up
 * (server/src/boot/v8-flag-defaults.ts): code caches are then stamped as under a plain Node
 * (Node's built-ins load from theirs), while the young generation keeps the size the flag gave.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { it } from 'node:test';
import { LANGUAGE_SERVER_NODE_OPTIONS } from '../../../../common/language-server-flags';

const MODULE = resolve(__dirname, '../../../../server/src/boot/v8-flag-defaults.ts');

/** The code caches' version tag and the young generation's size after 300,000 small objects, in a Node started with `flags`. */
function probe(flags: readonly string[], reset: boolean): { tag: number; newSpace: number } {
  const code = [
    reset ? `require(${JSON.stringify(MODULE)}).restoreDefaultV8Flags();` : '',
    "const v8 = require('node:v8');",
    'const keep = []; for (let i = 0; i < 300000; i += 1) keep.push({ i, text: `x${i}` });',
    "const newSpace = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space').space_size;",
    'process.stdout.write(JSON.stringify({ tag: v8.cachedDataVersionTag(), newSpace, kept: keep.length }));',
  ].join('\n');
  return JSON.parse(execFileSync(process.execPath, [...flags, '--import', 'tsx', '-e', code], { encoding: 'utf8' })) as { tag: number; newSpace: number };
}

it('stamps code caches as a plain Node would, and keeps the young generation the flags sized', () => {
  const plain = probe([], false);
  const flagged = probe(LANGUAGE_SERVER_NODE_OPTIONS, false);
  const restored = probe(LANGUAGE_SERVER_NODE_OPTIONS, true);
  assert.notEqual(flagged.tag, plain.tag, 'the server\'s flags change the tag (else there is nothing to reset)');
  assert.equal(restored.tag, plain.tag);
  // 2 MB semi-spaces: 4 MB of young generation, against V8's default that grew to 32 MB under the same allocation.
  assert.equal(restored.newSpace, flagged.newSpace);
  assert.ok(restored.newSpace <= 4 * 1024 * 1024, `young generation ${restored.newSpace} bytes`);
  assert.ok(plain.newSpace > restored.newSpace);
});

it('changes nothing for a Node started without those flags', () => {
  assert.equal(probe([], true).tag, probe([], false).tag);
});
