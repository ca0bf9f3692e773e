import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { CompletionList, Hover } from 'vscode-languageserver-protocol';
import { startEmulator, type RunningEmulator } from '../../emulator/src/start-emulator';
import { SERVER_BUNDLE, startServer, type LspSession } from './lsp-session';

async function openSession(env: NodeJS.ProcessEnv): Promise<LspSession> {
  const session = startServer('stdio', env);
  await session.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: {} });
  await session.connection.sendNotification('initialized', {});
  return session;
}

describe('report and automation files, over JSON-RPC', { skip: !existsSync(SERVER_BUNDLE) && 'run `npm run build` first' }, () => {
  let emulator: RunningEmulator;
  let retailId: string;

  before(async () => {
    const started = await startEmulator({ port: 0 });
    assert.ok(started.ok, started.ok ? '' : started.message);
    emulator = started.emulator;
    const answer = await fetch(`${emulator.url}/api/v2/datasets`, { headers: { authorization: 'demo-key-ana' } });
    const datasets = ((await answer.json()) as { datasets: { dataset_id: string; private_id: string }[] }).datasets;
    retailId = datasets.find((dataset) => dataset.private_id === 'Retail')!.dataset_id;
  });
  after(async () => {
    await emulator.close();
  });

  it('a problem in seed_filter lands on its exact characters; completion and hover work inside the string; a valid file has none', async () => {
    const session = await openSession({ IQL_BASE_URL: emulator.url, IQL_API_KEY: 'demo-key-ana' });
    try {
      const uri = 'file:///ws/retail.iqlreport.json';
      const text = (filter: string): string => JSON.stringify({ name: 'Retail by region', seed: { dataset_id: retailId }, seed_filter: filter, baseline: { dataset_id: retailId }, baseline_filter: '', categories: ['Age'] }, null, 2);
      const wrong = text("Regoin = 'Scotland'");
      await session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text: wrong } });
      const published = await session.waitForDiagnostics(uri, (diagnostics) => diagnostics.length > 0, 15_000);
      const line = wrong.split('\n').findIndex((candidate) => candidate.includes('Regoin'));
      const column = wrong.split('\n')[line]!.indexOf('Regoin');
      assert.equal(published.diagnostics.length, 1, JSON.stringify(published.diagnostics));
      assert.deepEqual(published.diagnostics[0]!.range, { start: { line, character: column }, end: { line, character: column + 'Regoin'.length } });
      const raw = published.diagnostics[0]!.message;
      const message = typeof raw === 'string' ? raw : raw.value;
      assert.match(message, /Regoin/);
      assert.match(message, /Region/, 'with a "did you mean"');

      // At the start of the filter every category of the seed dataset is offered; after "Reg", those that start so.
      const atStart = await session.connection.sendRequest<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line, character: column } });
      const labels = atStart.items.map((item) => item.label);
      assert.ok(labels.includes('Region') && labels.includes('Gender'), labels.slice(0, 30).join(', '));
      const typed = await session.connection.sendRequest<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line, character: column + 3 } });
      const region = typed.items.find((item) => item.label === 'Region');
      assert.ok(region?.textEdit && 'range' in region.textEdit, 'an edit placed in the file');
      assert.equal(region.textEdit.range.start.character, column, 'it replaces the word typed so far, inside the JSON string');

      const right = text("Region = 'Scotland' AND Age >= 30");
      await session.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: right }] });
      await session.waitForDiagnostics(uri, (diagnostics) => diagnostics.length === 0, 15_000);
      const hover = await session.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line, character: column + 2 } });
      assert.ok(hover && JSON.stringify(hover.contents).includes('Region'), JSON.stringify(hover));
      // Inside the categories: the baseline's categories not listed yet.
      const categoryLine = right.split('\n').findIndex((candidate) => candidate.trim() === '"Age"');
      const categories = await session.connection.sendRequest<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: categoryLine, character: right.split('\n')[categoryLine]!.indexOf('"Age"') + 2 } });
      assert.ok(categories.items.some((item) => item.label === 'Region'), categories.items.map((item) => item.label).join(', '));
      const outside = await session.connection.sendRequest<CompletionList | null>('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 4 } });
      assert.ok(outside === null || outside.items.length === 0, 'nothing outside the filters');
    } finally {
      session.process.kill();
    }
  });

  it('an automation file: an impossible cron is flagged on its string, and hovering a valid one lists the next runs', async () => {
    const session = await openSession({});
    try {
      const uri = 'file:///ws/nightly.iqlauto.json';
      const text = (cron: string): string => JSON.stringify({ name: 'nightly', enabled: true, cron_timer: cron, timezone_identifier: 'Europe/London', automation_steps: [{ activation_calculation: {} }] }, null, 2);
      await session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text: text('0 25 * * *') } });
      const published = await session.waitForDiagnostics(uri, (diagnostics) => diagnostics.length > 0, 15_000);
      const line = text('0 25 * * *').split('\n').findIndex((candidate) => candidate.includes('cron_timer'));
      assert.equal(published.diagnostics.length, 1, JSON.stringify(published.diagnostics));
      assert.equal(published.diagnostics[0]!.range.start.line, line);
      await session.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: text('0 6 * * 1') }] });
      await session.waitForDiagnostics(uri, (diagnostics) => diagnostics.length === 0, 15_000);
      const column = text('0 6 * * 1').split('\n')[line]!.indexOf('0 6');
      const hover = await session.connection.sendRequest<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line, character: column + 1 } });
      const value = hover && typeof hover.contents === 'object' && 'value' in hover.contents ? hover.contents.value : '';
      assert.equal(value.split('\n').filter((entry) => entry.startsWith('- ')).length, 5, value);
      assert.match(value, /Mon, /, 'every run on a Monday');
    } finally {
      session.process.kill();
    }
  });
});
