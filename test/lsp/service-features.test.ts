import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { CompletionList, Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { startEmulator, type RunningEmulator } from '../../emulator/src/start-emulator';
import { startCountingProxy, type CountingProxy } from './counting-proxy';
import { SERVER_BUNDLE, startServer, type LspSession } from './lsp-session';

const KEY = 'demo-key-ana';

async function openSession(baseUrl: string, extraEnv: NodeJS.ProcessEnv = {}, validationDelayMs = 100): Promise<LspSession> {
  const session = startServer('stdio', { IQL_BASE_URL: baseUrl, IQL_API_KEY: KEY, ...extraEnv });
  await session.connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: null,
    capabilities: {},
    initializationOptions: { validationDelayMs },
  });
  await session.connection.sendNotification('initialized', {});
  return session;
}

async function open(session: LspSession, uri: string, text: string, version = 1): Promise<void> {
  await session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'iql', version, text } });
}

describe('language server against the emulator, with only IQL_* environment variables', { skip: !existsSync(SERVER_BUNDLE) && 'run `npm run build` first' }, () => {
  let emulator: RunningEmulator;
  let proxy: CountingProxy;

  before(async () => {
    const started = await startEmulator({ port: 0 });
    assert.ok(started.ok, started.ok ? '' : started.message);
    emulator = started.emulator;
    proxy = await startCountingProxy(emulator.url);
  });
  after(async () => {
    await proxy.close();
    await emulator.close();
  });

  it('shows catalog diagnostics at once and the service verdict after a pause', async () => {
    const session = await openSession(proxy.url);
    try {
      const uri = 'file:///ws/catalog.iql';
      await open(session, uri, 'SELECT COUNT() FROM Retial');
      const local = await session.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'iql.unknown-dataset'), 10_000);
      assert.match(String(local.diagnostics[0]!.message), /Did you mean 'Retail'\?/);

      // Locally clean, but the service refuses it: Gender exists in Retail and Bank.
      await session.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: 2 },
        contentChanges: [{ text: 'SELECT AGGREGATE(Retail.Age) FROM Retail INTERSECT Bank WHERE Retail.Spend > 10 AND Retail.Spend > \'x\'' }],
      });
      const verdict = await session.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'iql.compare-type'), 10_000);
      assert.equal(verdict.version, 2);
      assert.equal(await session.close(), 0);
    } finally {
      session.process.kill();
    }
  });

  it('shows the service message verbatim at the position it gives', async () => {
    const session = await openSession(proxy.url);
    try {
      const uri = 'file:///ws/service.iql';
      // Locally clean; the service (here the emulator) allows one SUM per result.
      const text = '-- a query the service refuses\nSELECT SUM(Retail.Spend), SUM(Retail.Spend)\nFROM Retail';
      await open(session, uri, text);
      const published = await session.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'iql.service'), 10_000);
      const diagnostic = published.diagnostics.find((d) => d.code === 'iql.service')!;
      assert.equal(diagnostic.source, 'iql');
      assert.equal(diagnostic.message, 'SUM is selected twice; a result holds one SUM — write a separate query for the other');
      // The emulator says line 1, column 27 of the query sent; the query starts on line 2 of the file.
      assert.deepEqual(diagnostic.range.start, { line: 1, character: 26 });
      assert.equal(await session.close(), 0);
    } finally {
      session.process.kill();
    }
  });

  it('completes datasets, categories and values from the catalog', async () => {
    const session = await openSession(proxy.url);
    try {
      const uri = 'file:///ws/complete.iql';
      const text = "SELECT COUNT() FROM Retail WHERE Retail.Gender = ";
      await open(session, uri, text);
      const values = await session.connection.sendRequest<CompletionList>('textDocument/completion', {
        textDocument: { uri },
        position: { line: 0, character: text.length },
      });
      assert.ok(values.items.some((i) => i.label === 'Female'), values.items.map((i) => i.label).join(','));
      const datasets = await session.connection.sendRequest<CompletionList>('textDocument/completion', {
        textDocument: { uri },
        position: { line: 0, character: 'SELECT COUNT() FROM '.length },
      });
      const labels = datasets.items.map((i) => i.label);
      for (const name of ['Retail', 'Bank', 'Publisher1', 'IdGraph']) assert.ok(labels.includes(name), `${name} in ${labels.join(',')}`);
      assert.equal(datasets.items.find((i) => i.label === 'Retail')!.detail, 'Retail customers');
      assert.equal(await session.close(), 0);
    } finally {
      session.process.kill();
    }
  });

  it('hovers the plan on SELECT and the catalog on a dataset name', async () => {
    const session = await openSession(proxy.url);
    try {
      const uri = 'file:///ws/hover.iql';
      await open(session, uri, "SELECT AGGREGATE(Retail.Gender)\nFROM Retail INTERSECT Publisher1\nWHERE Retail.Region = 'Scotland'");
      const plan = await session.connection.sendRequest<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 2 } });
      const planText = (plan.contents as MarkupContent).value;
      assert.match(planText, /Query plan/);
      assert.match(planText, /Retail/);
      assert.match(planText, /Publisher1/);
      assert.match(planText, /overlap \d/);
      assert.match(planText, /Open full plan\]\(command:iql\.openPlan\?/);
      const dataset = await session.connection.sendRequest<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 24 } });
      assert.match((dataset.contents as MarkupContent).value, /Daily|Publisher|readers/i);
      assert.equal(await session.close(), 0);
    } finally {
      session.process.kill();
    }
  });

  it('uses collaboration dataset names in a collaboration-bound file', async () => {
    const session = await openSession(proxy.url);
    try {
      const uri = 'file:///ws/collab.iql';
      const text = '-- @collaboration CLB.demo\nSELECT COUNT() FROM self INTERSECT ';
      await open(session, uri, text);
      const list = await session.connection.sendRequest<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 'SELECT COUNT() FROM self INTERSECT '.length } });
      const labels = list.items.map((i) => i.label);
      assert.ok(labels.includes('them') && labels.includes('self'), labels.join(','));
      assert.ok(!labels.includes('Retail'), 'private IDs are not names in a collaboration');
      assert.equal(await session.close(), 0);
    } finally {
      session.process.kill();
    }
  });

  it('validates at most once per pause and never for stale versions while typing', async () => {
    const session = await openSession(proxy.url, {}, 300);
    try {
      const uri = 'file:///ws/typing.iql';
      const final = 'SELECT COUNT() FROM Retail INTERSECT Bank';
      const before = proxy.count('POST /api/v1/validate');
      await open(session, uri, '');
      for (let i = 1; i <= final.length; i += 1) {
        await session.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: i + 1 }, contentChanges: [{ text: final.slice(0, i) }] });
      }
      // After the pause the final text is validated once; nothing typed before it was.
      await session.waitForDiagnostics(uri, () => proxy.count('POST /api/v1/validate') > before, 10_000).catch(() => undefined);
      const deadline = Date.now() + 5000;
      while (proxy.count('POST /api/v1/validate') === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      assert.equal(proxy.count('POST /api/v1/validate') - before, 1);
      assert.equal(await session.close(), 0);
    } finally {
      session.process.kill();
    }
  });
});

describe('cancellation of a slow validation', { skip: !existsSync(SERVER_BUNDLE) && 'run `npm run build` first' }, () => {
  it('drops the verdict of an edited version and validates the new text', async () => {
    const started = await startEmulator({ port: 0, latencyMs: 1500 });
    assert.ok(started.ok);
    const slow = started.emulator;
    const session = await openSession(slow.url, {}, 50);
    try {
      const uri = 'file:///ws/slow.iql';
      // Version 1 is refused by the service, but its verdict arrives only after 1.5 s.
      await open(session, uri, 'SELECT SUM(Retail.Spend), SUM(Retail.Spend) FROM Retail');
      await new Promise((r) => setTimeout(r, 300));
      await session.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: 'SELECT COUNT() FROM Bank' }] });
      // The stale verdict must never be shown, not even briefly.
      await assert.rejects(session.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'iql.service'), 4000), /no matching diagnostics/);
      assert.equal(await session.close(), 0);
    } finally {
      session.process.kill();
      await slow.close();
    }
  });
});
