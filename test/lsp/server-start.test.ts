import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { ServerStatusRequest, type ServerStatusResult } from '../../common/protocol';
import { SERVER_BUNDLE, startServer } from './lsp-session';

const MODULES_AT_INITIALIZE = resolve(__dirname, 'fixtures/modules-at-initialize.cjs');
const URI = 'file:///workspace/start.iql';

/**
 * Node modules the start does not need (service/src/lazy-node.ts, esbuild.mjs `LATE_BUILTINS`).
 * node:v8 is not among them: the launcher loads it first thing to set its heap flags back to
 * their defaults (server/src/boot/v8-flag-defaults.ts).
 */
const LOADED_LATER = ['crypto', 'child_process', 'fs/promises', 'http', 'https', 'tls'];

describe("the server's start", { skip: !existsSync(SERVER_BUNDLE) && 'run `npm run build` first' }, () => {
  it('answers initialize before loading the Node modules only later work needs, and checks the first document at once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'iql-start-'));
    const modulesFile = join(dir, 'modules.txt');
    // A profile with a key: the document's target is resolved before its first diagnostics.
    const session = startServer('stdio', {
      NODE_OPTIONS: `--require ${JSON.stringify(MODULES_AT_INITIALIZE)}`,
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

  it('leaves zod and the wire schemas to dist/api-schemas.js, which its first service call loads', async () => {
    const bundle = await readFile(SERVER_BUNDLE.replace(/server\.js$/, 'language-server.js'), 'utf8');
    assert.ok(!bundle.includes('ZodError'), 'zod is not in the bundle every start reads');
    assert.match(bundle, /api-schemas\.js/);
  });

  it('writes a code cache the next start uses, even when the run exposed gc to release memory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'iql-start-cache-'));
    const env = { IQL_SERVER_CACHE_DIR: join(dir, 'cache') };
    const run = async (): Promise<void> => {
      const session = startServer('stdio', env);
      try {
        await session.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
        // A full collection on request: the first one changes V8's flags (memory-release.ts).
        const status = await session.connection.sendRequest<ServerStatusResult>(ServerStatusRequest);
        assert.equal(status.memory.collected, true);
        assert.equal(await session.close(), 0);
      } finally {
        session.process.kill();
      }
    };
    try {
      await run();
      const [cache] = await readdir(env.IQL_SERVER_CACHE_DIR);
      const written = (await stat(join(env.IQL_SERVER_CACHE_DIR, cache!))).mtimeMs;
      await run();
      assert.deepEqual(await readdir(env.IQL_SERVER_CACHE_DIR), [cache]);
      assert.equal((await stat(join(env.IQL_SERVER_CACHE_DIR, cache!))).mtimeMs, written, 'a refused cache would have been written again');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
