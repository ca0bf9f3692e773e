/**
 * The language server's startup snapshot (common/startup-snapshot.ts) with the real bundle: the
 * launcher builds it in the background after a start without one, and a server started from it
 * (over stdio, and over Node IPC as the editor starts it) reads its own environment and
 * arguments, loads its catalog from the emulator over HTTP and answers as any other.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { CompletionItem, CompletionList, Diagnostic, InitializeResult } from 'vscode-languageserver-protocol';
import { LANGUAGE_SERVER_NODE_OPTIONS } from '../../common/language-server-flags';
import { languageServerNodeArgs, snapshotIn, startupSnapshotFile } from '../../common/startup-snapshot';
import { RunJobRequest, type QueryRun } from '../../common/protocol';
import type { ServiceResult } from '../../common/service-result';
import { useDemoEmulator } from '../cli/cli-harness';
import { SERVER_BUNDLE, startServer } from './lsp-session';

const DIST = dirname(SERVER_BUNDLE);
/** Longer than the snapshot's making takes (~1 s here). */
const LATE_MS = 3000;

function messageOf(diagnostic: Diagnostic): string {
  return typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value;
}

describe('the startup snapshot of the real bundle', { skip: !existsSync(SERVER_BUNDLE) && 'run `npm run build` first' }, () => {
  const demo = useDemoEmulator();
  const root = mkdtempSync(join(tmpdir(), 'iql-lsp-snapshot-'));
  const cache = join(root, 'cache');
  const env = { IQL_SERVER_CACHE_DIR: cache, IQL_STARTUP_SNAPSHOT: 'on' };

  mkdirSync(cache, { mode: 0o700 });
  after(() => rmSync(root, { recursive: true, force: true }));

  it('is built by the launcher a moment after a start without one, replacing the snapshot of an earlier build, and holds no key', async () => {
    // A key and a service address in the environment of the server that builds it, as a user's shell may give them.
    const key = `never-in-a-snapshot-${randomUUID()}`;
    const childEnv = { ...process.env, ...env, IQL_STARTUP_SNAPSHOT_DELAY_MS: '0', IQL_API_KEY: key, IQL_BASE_URL: 'http://127.0.0.1:9/never-in-a-snapshot' };
    const snapshot = startupSnapshotFile(cache, DIST, childEnv);
    assert.ok(snapshot);
    const earlier = join(cache, 'language-server-v0.0.0-000000000000000000000000.snapshot');
    writeFileSync(earlier, 'the snapshot of an earlier build');
    assert.deepEqual(languageServerNodeArgs(cache, DIST, childEnv), [...LANGUAGE_SERVER_NODE_OPTIONS], 'none yet');
    // Started as the editor starts it; its stdin stays open, so it runs until killed.
    const server = spawn(process.execPath, [...LANGUAGE_SERVER_NODE_OPTIONS, SERVER_BUNDLE, '--stdio'], { env: childEnv, stdio: ['pipe', 'ignore', 'ignore'] });
    try {
      const until = Date.now() + 60_000;
      while (!existsSync(snapshot) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      server.kill();
    }
    assert.ok(existsSync(snapshot), `no snapshot; the folder has ${readdirSync(cache).join(', ')}`);
    const heap = readFileSync(snapshot, 'latin1');
    assert.ok(!heap.includes(key) && !heap.includes('never-in-a-snapshot'), 'the snapshot holds nothing of the environment it was made in');
    assert.equal(existsSync(earlier), false, 'the earlier build\'s snapshot is removed');
    assert.equal(snapshotIn(languageServerNodeArgs(cache, DIST, childEnv)), snapshot);
  });

  for (const transport of ['stdio', 'node-ipc'] as const) {
    it(`starts a server over ${transport} that loads the catalog from the service and answers`, async () => {
      const serverEnv = { ...env, ...demo.env };
      const nodeArgs = languageServerNodeArgs(cache, DIST, { ...process.env, ...serverEnv });
      assert.ok(snapshotIn(nodeArgs), 'built by the test before');
      const session = startServer(transport, serverEnv, nodeArgs);
      try {
        const initialized = await session.connection.sendRequest<InitializeResult>('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
        assert.equal(initialized.serverInfo?.name, 'iql-language-server');
        await session.connection.sendNotification('initialized', {});
        const uri = 'file:///ws/from-snapshot.iql';
        const text = 'SELECT COUNT() FROM Retail INTERSECT Nowhere';
        await session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'iql', version: 1, text } });
        const published = await session.waitForDiagnostics(uri, (diagnostics) => diagnostics.some((d) => messageOf(d).includes('Nowhere')), 15_000);
        assert.ok(published.diagnostics.every((d) => !messageOf(d).includes('Retail')), 'Retail is in the catalog the emulator serves');
        const list = await session.connection.sendRequest<CompletionList | CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 'SELECT COUNT() FROM '.length } });
        assert.ok((Array.isArray(list) ? list : list.items).some((item) => item.label === 'Retail'));
        assert.equal(await session.close(), 0);
      } finally {
        session.process.kill();
      }
    });
  }

  it('ends when the editor process it was given in initialize ends', async () => {
    const editor = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const session = startServer('node-ipc', env, languageServerNodeArgs(cache, DIST, { ...process.env, ...env }));
    try {
      const exited = new Promise<number | null>((resolve) => session.process.once('exit', resolve));
      await session.connection.sendRequest('initialize', { processId: editor.pid, rootUri: null, capabilities: {} });
      editor.kill();
      const outcome = await Promise.race([exited.then(() => 'ended'), new Promise((resolve) => setTimeout(() => resolve('still running'), 10_000))]);
      assert.equal(outcome, 'ended');
    } finally {
      editor.kill();
      session.process.kill();
    }
  });

  it('runs its timers long after its start: a job\'s waits between polls end, seconds in', async () => {
    const serverEnv = { ...env, ...demo.env };
    const session = startServer('node-ipc', serverEnv, languageServerNodeArgs(cache, DIST, { ...process.env, ...serverEnv }));
    try {
      await session.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
      await session.connection.sendNotification('initialized', {});
      // Later than any timer of the snapshot's making was due: Node 20 keeps, in a snapshot, when
      // the last timer it cleared was due, and arms no timer due after that in the new process.
      await new Promise((resolve) => setTimeout(resolve, LATE_MS));
      const run = session.connection.sendRequest<ServiceResult<QueryRun>>(RunJobRequest, { job: { kind: 'insightQuery', body: { query: 'SELECT COUNT() FROM Retail INTERSECT Bank' } } });
      const answer = await Promise.race([run, new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 10_000))]);
      assert.notEqual(answer, 'hung', 'the run\'s wait before its first poll never ended');
      assert.ok(answer !== 'hung' && answer.ok, JSON.stringify(answer));
    } finally {
      session.process.kill();
    }
  });
});
