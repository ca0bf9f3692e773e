import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { CodeAction } from 'vscode-languageserver-protocol';
import { QueriesRequest, type QueriesResult } from '../../common/protocol';
import { startEmulator, type RunningEmulator } from '../../emulator/src/start-emulator';
import { SERVER_BUNDLE, startServer, type LspSession } from './lsp-session';

async function openSession(env: NodeJS.ProcessEnv): Promise<LspSession> {
  const session = startServer('stdio', env);
  await session.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: {} });
  await session.connection.sendNotification('initialized', {});
  return session;
}

describe('requests the extension client makes', { skip: !existsSync(SERVER_BUNDLE) && 'run `npm run build` first' }, () => {
  let emulator: RunningEmulator;

  before(async () => {
    const started = await startEmulator({ port: 0 });
    assert.ok(started.ok, started.ok ? '' : started.message);
    emulator = started.emulator;
  });
  after(async () => {
    await emulator.close();
  });

  it('iql/queries gives the query at an offset, every query, and the target', async () => {
    const session = await openSession({ IQL_BASE_URL: emulator.url, IQL_API_KEY: 'demo-key-ana' });
    try {
      const uri = 'file:///ws/two.iql';
      const text = '-- @collaboration CLB.demo\nSELECT COUNT() FROM self;\n\nSELECT AGGREGATE(self.Age) FROM self INTERSECT them';
      await session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'iql', version: 1, text } });
      const second = text.indexOf('SELECT AGGREGATE');
      const one = await session.connection.sendRequest<QueriesResult>(QueriesRequest, { uri, offset: second + 3 });
      assert.ok(one.ok);
      assert.equal(one.queries.length, 1);
      assert.equal(one.queries[0]!.text, text.slice(second));
      assert.equal(one.queries[0]!.offset, second);
      assert.deepEqual(one.queries[0]!.range.start, { line: 3, character: 0 });
      assert.deepEqual(one.target, { profile: 'environment', collaboration: 'CLB.demo' });
      assert.equal(one.offline, undefined);

      const all = await session.connection.sendRequest<QueriesResult>(QueriesRequest, { uri });
      assert.ok(all.ok);
      assert.deepEqual(all.queries.map((q) => q.kind), ['insight', 'insight']);
      assert.deepEqual(all.queries.map((q) => q.hasLocalErrors), [false, false]);

      const missing = await session.connection.sendRequest<QueriesResult>(QueriesRequest, { uri: 'file:///ws/closed.iql' });
      assert.deepEqual(missing, { ok: false, message: 'The document is not open in the editor.' });
    } finally {
      session.process.kill();
    }
  });

  it('iql/queries says why a document is offline and flags local errors', async () => {
    const session = await openSession({});
    try {
      const uri = 'file:///ws/offline.iql';
      await session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'iql', version: 1, text: 'SELECT COUNT( FROM Retail' } });
      const answer = await session.connection.sendRequest<QueriesResult>(QueriesRequest, { uri, offset: 0 });
      assert.ok(answer.ok);
      assert.match(answer.offline ?? '', /Working offline/);
      assert.equal(answer.queries[0]!.hasLocalErrors, true);
    } finally {
      session.process.kill();
    }
  });

  it('offers to target the collaboration whose dataset an unknown name is', async () => {
    const session = await openSession({ IQL_BASE_URL: emulator.url, IQL_API_KEY: 'demo-key-ana' });
    try {
      const uri = 'file:///ws/collab-fix.iql';
      await session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'iql', version: 1, text: 'SELECT COUNT() FROM them' } });
      const published = await session.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'iql.unknown-dataset'), 10_000);
      const actions = await session.connection.sendRequest<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: published.diagnostics[0]!.range,
        context: { diagnostics: published.diagnostics },
      });
      const target = actions.find((a) => a.title.includes('-- @collaboration CLB.demo'));
      assert.ok(target, `no collaboration fix among: ${actions.map((a) => a.title).join(' | ')}`);
      assert.equal(target.edit?.changes?.[uri]?.[0]?.newText, '-- @collaboration CLB.demo\n');
      // CLB.media is invisible to this key, so it is never offered.
      assert.ok(!actions.some((a) => a.title.includes('CLB.media')));
    } finally {
      session.process.kill();
    }
  });
});
