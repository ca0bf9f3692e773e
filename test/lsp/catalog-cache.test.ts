/**
 * Catalogs kept between runs (initializationOptions.storageDir): the built server over real
 * JSON-RPC against the emulator, behind a proxy that can make List Datasets slow.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { CompletionItem, CompletionList } from 'vscode-languageserver-protocol';
import { startEmulator, type RunningEmulator } from '../../emulator/src/start-emulator';
import { startCountingProxy, type CountingProxy } from './counting-proxy';
import { SERVER_BUNDLE, startServer, type LspSession } from './lsp-session';

const LIST_DATASETS = 'GET /api/v1/datasets';
const SLOW_SERVICE_MS = 4000;
const FROM = 'SELECT COUNT() FROM ';

describe('catalogs kept between runs in the storage folder', { skip: !existsSync(SERVER_BUNDLE) && 'run `npm run build` first' }, () => {
  let emulator: RunningEmulator;
  let proxy: CountingProxy;
  let storage: string;

  before(async () => {
    const started = await startEmulator({ port: 0 });
    assert.ok(started.ok, started.ok ? '' : started.message);
    emulator = started.emulator;
    proxy = await startCountingProxy(emulator.url);
    storage = await mkdtemp(join(tmpdir(), 'iql-lsp-storage-'));
  });
  after(async () => {
    await proxy.close();
    await emulator.close();
    await rm(storage, { recursive: true, force: true });
  });

  async function openSession(apiKey: string): Promise<LspSession> {
    const session = startServer('stdio', { IQL_BASE_URL: proxy.url, IQL_API_KEY: apiKey });
    await session.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: { storageDir: storage, validationDelayMs: 60_000 } });
    await session.connection.sendNotification('initialized', {});
    return session;
  }

  async function completeAfterFrom(session: LspSession, uri: string, text = FROM): Promise<string[]> {
    await session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'iql', version: 1, text } });
    const list = await session.connection.sendRequest<CompletionList | CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: FROM.length } });
    return (Array.isArray(list) ? list : list.items).map((item) => item.label);
  }

  async function storedFiles(): Promise<string[]> {
    const names = await readdir(join(storage, 'catalogs')).catch(() => []);
    return names.filter((name) => name.endsWith('.json'));
  }

  async function lastStoredAt(): Promise<number> {
    const times = await Promise.all((await storedFiles()).map(async (name) => (await stat(join(storage, 'catalogs', name))).mtimeMs));
    return Math.max(0, ...times);
  }

  async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Runs a session with `apiKey` that loads its catalog from the service and stores it. */
  async function storeCatalogOf(apiKey: string): Promise<string[]> {
    const before = await lastStoredAt();
    const session = await openSession(apiKey);
    try {
      const names = await completeAfterFrom(session, 'file:///ws/cold.iql');
      await waitFor('the stored catalog', async () => (await lastStoredAt()) > before);
      assert.equal(await session.close(), 0);
      return names;
    } finally {
      session.process.kill();
    }
  }

  /** Deletes one of Ana's own datasets through the service (Delete Dataset, 2.0). */
  async function deleteAnasDataset(privateId: string): Promise<void> {
    const datasetId = emulator.data.datasets.get(privateId)?.meta.dataset_id;
    assert.ok(datasetId);
    const answer = await fetch(`${emulator.url}/api/v2/datasets/${datasetId}`, { method: 'DELETE', headers: { Authorization: 'demo-key-ana' } });
    assert.equal(answer.status, 200, await answer.text());
  }

  it('a warm start completes from the stored catalog before the service answers, and republishes when the service says the catalog changed', async () => {
    const cold = await storeCatalogOf('demo-key-ana');
    assert.ok(cold.includes('Retail') && cold.includes('Bank'), cold.join());

    // Ana's company deletes its dataset: the service's catalog for her no longer has Retail.
    await deleteAnasDataset('Retail');
    proxy.delay(LIST_DATASETS, SLOW_SERVICE_MS);
    const session = await openSession('demo-key-ana');
    try {
      const uri = 'file:///ws/warm.iql';
      const started = Date.now();
      const warm = await completeAfterFrom(session, uri, `${FROM}Retail`);
      const elapsed = Date.now() - started;
      assert.ok(warm.includes('Retail') && warm.includes('Bank'), warm.join());
      assert.ok(elapsed < SLOW_SERVICE_MS / 2, `completion took ${elapsed} ms: it waited for the service`);

      // Revalidation answers: Retail is now unknown, published without any edit.
      const republished = await session.waitForDiagnostics(uri, (d) => d.some((x) => x.code === 'iql.unknown-dataset'), SLOW_SERVICE_MS + 10_000);
      assert.equal(republished.version, 1);
      assert.match(String(republished.diagnostics.find((d) => d.code === 'iql.unknown-dataset')!.message), /Retail/);
      assert.equal(await session.close(), 0);
    } finally {
      session.process.kill();
      proxy.delay(LIST_DATASETS, 0);
    }
  });

  it("two keys on one storage folder never see each other's catalog", async () => {
    const ana = await storeCatalogOf('demo-key-ana');
    const cleo = await storeCatalogOf('demo-key-cleo');
    const anaOnly = ana.filter((name) => !cleo.includes(name));
    assert.ok(anaOnly.length > 0, 'the demo gives Ana datasets Cleo cannot see');

    proxy.delay(LIST_DATASETS, SLOW_SERVICE_MS);
    const session = await openSession('demo-key-cleo');
    try {
      const warm = await completeAfterFrom(session, 'file:///ws/cleo.iql');
      assert.deepEqual(warm.filter((name) => anaOnly.includes(name)), []);
      assert.ok(cleo.every((name) => warm.includes(name)), warm.join());
      assert.equal(await session.close(), 0);
    } finally {
      session.process.kill();
      proxy.delay(LIST_DATASETS, 0);
    }
  });

  it("a key the service refuses loses its stored catalog, in memory and on disk, at the first 401", async () => {
    const user = emulator.data.catalog.users.find((u) => u.api_key === 'demo-key-ben') as { api_key: string } | undefined;
    assert.ok(user);
    const stored = await storeCatalogOf('demo-key-ben');
    assert.ok(stored.length > 0);
    const filesBefore = await storedFiles();

    user.api_key = 'demo-key-ben-rotated';
    proxy.delay(LIST_DATASETS, 1000);
    const session = await openSession('demo-key-ben');
    try {
      const uri = 'file:///ws/ben.iql';
      // Served from disk at once; the revalidation's 401 then drops it and its file.
      await completeAfterFrom(session, uri, `${FROM}${stored[0]}`);
      await waitFor('the refused catalog file to be deleted', async () => (await storedFiles()).length === filesBefore.length - 1);
      const after = await session.connection.sendRequest<CompletionList>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: FROM.length } });
      assert.deepEqual(after.items.filter((item) => stored.includes(item.label)).map((item) => item.label), []);
      assert.equal(await session.close(), 0);
    } finally {
      session.process.kill();
      proxy.delay(LIST_DATASETS, 0);
      user.api_key = 'demo-key-ben';
    }
  });
});
