import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { LANGUAGE_SERVER_NODE_OPTIONS } from '../../../common/language-server-flags';
import { failedMarkerOf, languageServerNodeArgs, setSnapshotAside, snapshotIn, startupSnapshotFile } from '../../../common/startup-snapshot';

describe('the startup snapshot\'s file and the Node options that start from it', () => {
  const root = mkdtempSync(join(tmpdir(), 'iql-snapshot-file-'));
  const dist = join(root, 'dist');
  const cache = join(root, 'cache');
  for (const dir of [dist, cache]) mkdirSync(dir);
  after(() => rmSync(root, { recursive: true, force: true }));

  const bundle = (): string => {
    const file = join(dist, 'language-server.js');
    writeFileSync(file, '// the bundle\n');
    return file;
  };

  it('names one file per Node, flags and bundle: another NODE_OPTIONS or a rebuilt bundle is another file', () => {
    const file = bundle();
    const named = startupSnapshotFile(cache, dist, {});
    assert.ok(named?.startsWith(join(cache, `language-server-${process.version}-`)) && named.endsWith('.snapshot'), named);
    assert.equal(startupSnapshotFile(cache, dist, {}), named, 'the same inputs, the same name');
    assert.notEqual(startupSnapshotFile(cache, dist, { NODE_OPTIONS: '--max-old-space-size=4096' }), named);
    utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    assert.notEqual(startupSnapshotFile(cache, dist, {}), named, 'a rebuilt bundle');
  });

  it('has no name without the bundle to make it from', () => {
    assert.equal(startupSnapshotFile(cache, join(root, 'missing'), {}), undefined);
  });

  it('starts from the snapshot only when it is there, not set aside, and not turned off', () => {
    bundle();
    const snapshot = startupSnapshotFile(cache, dist, {})!;
    assert.deepEqual(languageServerNodeArgs(cache, dist, {}), [...LANGUAGE_SERVER_NODE_OPTIONS], 'none built yet');
    writeFileSync(snapshot, 'a snapshot');
    const args = languageServerNodeArgs(cache, dist, {});
    assert.deepEqual(args, [...LANGUAGE_SERVER_NODE_OPTIONS, '--snapshot-blob', snapshot]);
    assert.equal(snapshotIn(args), snapshot);
    assert.deepEqual(languageServerNodeArgs(cache, dist, { IQL_STARTUP_SNAPSHOT: 'off' }), [...LANGUAGE_SERVER_NODE_OPTIONS]);
    assert.deepEqual(languageServerNodeArgs(undefined, dist, {}), [...LANGUAGE_SERVER_NODE_OPTIONS], 'no private cache folder');
    setSnapshotAside(snapshot, 'it never ran');
    assert.equal(readFileSync(failedMarkerOf(snapshot), 'utf8'), 'it never ran\n');
    assert.deepEqual(languageServerNodeArgs(cache, dist, {}), [...LANGUAGE_SERVER_NODE_OPTIONS], 'set aside');
    assert.equal(snapshotIn(LANGUAGE_SERVER_NODE_OPTIONS), undefined);
  });
});
