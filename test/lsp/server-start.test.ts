import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { SERVER_BUNDLE, startServer } from './lsp-session';

const MODULES_AT_INITIALIZE = resolve(__dirname, 'fixtures/modules-at-initialize.cjs');
const URI = 'file:///workspace/start.iql';

/** Node modules the start does not need (service/src/lazy-node.ts, esbuild.mjs `LATE_BUILTINS`, memory-release.ts). */
const LOADED_LATER = ['crypto', 'child_process', 'fs/promises', 'v8'];

describe("the server's start", { skip: !existsSync(SERVER_BUNDLE) && 'run `npm run build` first' }, () => {
  it('answers initialize before loading the Node modules only later work needs, and checks the first document at once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'iql-start-'));
    const modulesFile = join(dir, 'modules.txt');
    // A profile with a key: the document's target is resolved before its first diagnostics.
    const session = startServer('stdio', {
      NODE_OPTIONS: `--require ${MODULES_AT_INITIALIZE}`,
      IQL_TEST_MODULES_FILE: modulesFile,
      IQL_BASE_URL: 'http://127.0.0.1:9',
      IQL_API_KEY: 'start-test-key',
    });
    try {
      await session.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
      const loaded = new Set((await readFile(modulesFile, 'utf8')).split('\n'));
      assert.ok(loaded.has('NativeModule net'), 'the list is of the server process');
      for (const name of LOADED_LATER) assert.ok(!loaded.has(`NativeModule ${name}`), `${name} is loaded before initialize is answered`);

      await session.connection.sendNotification('initialized', {});
      await session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'iql', version: 1, text: 'SELECT COUNT() FROM Retail INTERSECT\n' } });
      const first = await session.waitForDiagnostics(URI, (diagnostics) => diagnostics.length > 0);
      assert.match(String(first.diagnostics[0]!.message), /INTERSECT/);
      assert.equal(await session.close(), 0);
    } finally {
      session.process.kill();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
