/**
 * The startup snapshot's builder when Node cannot make a snapshot or cannot start from the one
 * it made: fake bundles in a folder of their own, each made by a real Node. The builder with the
 * real bundle, and starts from its snapshot, are in test/lsp/startup-snapshot.test.ts.
 */
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { failedMarkerOf } from '../../../../common/startup-snapshot';
import { buildStartupSnapshot } from '../../../../server/src/boot/startup-snapshot-builder';

describe('the startup snapshot builder, when a snapshot cannot be had', () => {
  const root = mkdtempSync(join(tmpdir(), 'iql-snapshot-builder-'));
  after(() => rmSync(root, { recursive: true, force: true }));

  function distWith(name: string, bundle: string): { dist: string; snapshot: string } {
    const dist = join(root, name);
    mkdirSync(dist);
    writeFileSync(join(dist, 'language-server.js'), bundle);
    return { dist, snapshot: join(root, `language-server-${name}.snapshot`) };
  }

  it('marks a bundle Node cannot make a snapshot of, with Node\'s reason, and leaves nothing else', () => {
    const { dist, snapshot } = distWith('throws', "throw new Error('not while a snapshot is made');\n");
    assert.equal(buildStartupSnapshot(snapshot, dist), 1);
    assert.equal(existsSync(snapshot), false);
    assert.match(readFileSync(failedMarkerOf(snapshot), 'utf8'), /^Node could not make the snapshot \(exit 1: .*not while a snapshot is made/);
    assert.deepEqual(readdirSync(root).filter((name) => name.startsWith('language-server-throws')), ['language-server-throws.snapshot.failed'], 'no temporary file left');
  });

  it('never names a snapshot a server could not start from (its probe failed)', () => {
    const { dist, snapshot } = distWith('silent', "require('node:v8').startupSnapshot.setDeserializeMainFunction(() => { process.exitCode = 3; });\n");
    assert.equal(buildStartupSnapshot(snapshot, dist), 1);
    assert.equal(existsSync(snapshot), false);
    assert.match(readFileSync(failedMarkerOf(snapshot), 'utf8'), /^a start from the snapshot failed \(exit 3\)/);
  });
});
