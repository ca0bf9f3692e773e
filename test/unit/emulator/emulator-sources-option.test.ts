/**
 * `iql emulator --sources DIR`: the folder standing for remote import sources reaches the
 * server (Get server host key knows a host that is a folder of it), a missing folder is
 * refused at start, and an empty value is a usage error.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseEmulatorArgs } from '../../../cli/src/commands/emulator';
import { DEMO_PROFILE } from '../../../emulator/src/demo/demo-profile';
import { startEmulator } from '../../../emulator/src/start-emulator';
import { writeSourcesFolder } from './sources-folder';
import { callServer } from './test-server';

describe('iql emulator --sources', () => {
  it('reads the flag in both spellings and refuses an empty one', () => {
    const spaced = parseEmulatorArgs(['--sources', '/tmp/src']);
    assert.ok(spaced.ok && spaced.options.sourcesDir === '/tmp/src');
    const joined = parseEmulatorArgs(['--sources=/tmp/other']);
    assert.ok(joined.ok && joined.options.sourcesDir === '/tmp/other');
    assert.deepEqual(parseEmulatorArgs(['--sources=']), { ok: false, message: '--sources must name a folder' });
  });

  it('gives the server the folder, whose subfolders are SFTP hosts it knows; a missing folder is refused at start', async () => {
    const sources = await writeSourcesFolder({ 'files.example.org/readme.txt': 'a host' });
    try {
      const parsed = parseEmulatorArgs(['--sources', sources.dir]);
      assert.ok(parsed.ok);
      const started = await startEmulator(parsed.options);
      assert.ok(started.ok, started.ok ? '' : started.message);
      try {
        const known = await callServer(started.emulator.url, 'GET', '/api/v2/imports/connector-configs/host-key/files.example.org/22', { key: DEMO_PROFILE.apiKey });
        assert.equal(known.status, 200, known.text);
        const unknown = await callServer(started.emulator.url, 'GET', '/api/v2/imports/connector-configs/host-key/elsewhere.example.org/22', { key: DEMO_PROFILE.apiKey });
        assert.equal(unknown.status, 400);
      } finally {
        await started.emulator.close();
      }
      const missing = await startEmulator({ sourcesDir: join(sources.dir, 'nope') });
      assert.ok(!missing.ok && /--sources: .*nope is not a folder/.test(missing.message));
    } finally {
      await sources.remove();
    }
  });
});
