/**
 * The language server as the editor's only way to the service: operations, paged lists, jobs
 * with `$/progress` and cancellation, and the Datasets view's pages, over real JSON-RPC to the
 * built server and real HTTP to the emulator.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { CancellationTokenSource, ProgressType } from 'vscode-jsonrpc';
import type { ActivationExport, ListDatasetsResponse, PagedItem, QueryResult } from '../../common/api';
import {
  DatasetPageRequest,
  FindDatasetRequest,
  RunJobRequest,
  ServiceCallRequest,
  ServiceListRequest,
  type DatasetPage,
  type DatasetPlace,
  type ProgressEvent,
  type QueryRun,
} from '../../common/protocol';
import type { ServiceResult } from '../../common/service-result';
import { startEmulator, type RunningEmulator } from '../../emulator/src/start-emulator';
import { SERVER_BUNDLE, startServer, type LspSession } from './lsp-session';

const JobProgress = new ProgressType<ProgressEvent>();
const QUERY = 'SELECT COUNT() FROM Retail INTERSECT Bank';

async function openSession(env: NodeJS.ProcessEnv): Promise<LspSession> {
  const session = startServer('stdio', env);
  await session.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {}, initializationOptions: {} });
  await session.connection.sendNotification('initialized', {});
  return session;
}

function expectOk<T>(result: ServiceResult<T>): T {
  assert.ok(result.ok, result.ok ? '' : `${result.error.kind}: ${result.error.message}`);
  return result.value;
}

describe('service access through the language server', { skip: !existsSync(SERVER_BUNDLE) && 'run `npm run build` first' }, () => {
  let emulator: RunningEmulator;
  let session: LspSession;

  before(async () => {
    const started = await startEmulator({ port: 0 });
    assert.ok(started.ok, started.ok ? '' : started.message);
    emulator = started.emulator;
    session = await openSession({ IQL_BASE_URL: emulator.url, IQL_API_KEY: 'demo-key-ana' });
  });
  after(async () => {
    session.process.kill();
    await emulator.close();
  });

  it('iql/service/call calls any operation of the table and answers a ServiceResult', async () => {
    const listed = expectOk(await session.connection.sendRequest<ServiceResult<ListDatasetsResponse>>(ServiceCallRequest, { operation: 'listDatasets', input: {} }));
    assert.ok(listed.datasets.some((dataset) => dataset.private_id === 'Retail'));
    const metadata = await session.connection.sendRequest<ServiceResult<{ dataset: { private_id: string } }>>(ServiceCallRequest, {
      operation: 'getDatasetMetadata',
      input: { params: { private_id: 'Retail' } },
    });
    assert.equal(expectOk(metadata).dataset.private_id, 'Retail');

    const missing = await session.connection.sendRequest<ServiceResult<unknown>>(ServiceCallRequest, { operation: 'getDatasetMetadata', input: { params: { private_id: 'NoSuchDataset' } } });
    assert.equal(missing.ok ? 'ok' : missing.error.kind, 'not-found');

    const unknown = await session.connection.sendRequest<ServiceResult<unknown>>(ServiceCallRequest, { operation: 'dropEverything', input: {} });
    assert.equal(unknown.ok ? 'ok' : unknown.error.kind, 'misconfigured');
    assert.match(unknown.ok ? '' : unknown.error.message, /knows no list or operation named 'dropEverything'/);

    const noProfile = await session.connection.sendRequest<ServiceResult<unknown>>(ServiceCallRequest, { profile: 'staging', operation: 'listDatasets', input: {} });
    assert.deepEqual(noProfile, { ok: false, error: { kind: 'misconfigured', message: "There is no profile named 'staging'." } });
  });

  it('iql/service/listAll reads every page of a list', async () => {
    const all = await session.connection.sendRequest<ServiceResult<PagedItem<'listCollaborations'>[]>>(ServiceListRequest, { operation: 'listCollaborations', input: {} });
    assert.deepEqual(expectOk(all).map((c) => c.id).sort(), ['CLB.demo', 'CLB.finance']);
    const notPaged = await session.connection.sendRequest<ServiceResult<unknown>>(ServiceListRequest, { operation: 'listDatasets', input: {} });
    assert.equal(notPaged.ok ? 'ok' : notPaged.error.kind, 'misconfigured');
  });

  it('iql/job/run follows a query to its result, reporting each step under the progress token', async () => {
    const events: ProgressEvent[] = [];
    const listening = session.connection.onProgress(JobProgress, 'job-1', (event) => {
      events.push(event);
    });
    try {
      const run = expectOk(
        await session.connection.sendRequest<ServiceResult<QueryRun>>(RunJobRequest, { job: { kind: 'insightQuery', body: { query: QUERY } }, progressToken: 'job-1' }),
      );
      assert.match(run.queryId, /\S/);
      assert.ok(Number(run.result.audience) > 0);
      const direct = expectOk(await session.connection.sendRequest<ServiceResult<QueryResult>>(ServiceCallRequest, { operation: 'getQueryResult', input: { params: { query_id: run.queryId } } }));
      assert.deepEqual(direct.audience, run.result.audience);
      assert.deepEqual([...new Set(events.map((e) => e.phase))], ['submit', 'poll', 'result']);
      assert.ok(events.filter((e) => e.id !== undefined).every((e) => e.id === run.queryId));
    } finally {
      listening.dispose();
    }
  });

  it('iql/job/run follows a segment export to its end, with its rows and rejected rows', async () => {
    const events: ProgressEvent[] = [];
    const listening = session.connection.onProgress(JobProgress, 'job-export', (event) => {
      events.push(event);
    });
    try {
      const params = { collaboration_id: 'CLB.demo', activation_segment_id: 'ATS.demo1' };
      const started = expectOk(
        await session.connection.sendRequest<ServiceResult<{ export_id: string }>>(ServiceCallRequest, {
          operation: 'exportActivationSegment',
          input: { params, body: { destination_id: 'DST.retail-sftp', push_config: { path: '/lsp' } } },
        }),
      );
      const ended = expectOk(
        await session.connection.sendRequest<ServiceResult<ActivationExport>>(RunJobRequest, {
          job: { kind: 'segmentExport', export: { collaborationId: 'CLB.demo', segmentId: 'ATS.demo1', exportId: started.export_id } },
          progressToken: 'job-export',
        }),
      );
      assert.equal(ended.status, 'EXPORT_STATUS_SUCCESSFUL');
      assert.ok(Number(ended.row_count) > 0);
      assert.equal(String(ended.rejected_rows), '0');
      assert.ok(events.length > 0 && events.every((event) => event.id === started.export_id));
    } finally {
      listening.dispose();
    }
  });

  it('cancelling iql/job/run stops the waiting at once and answers "cancelled"', async () => {
    const slow = await startEmulator({ port: 0, pollsBeforeDone: 1_000_000 });
    assert.ok(slow.ok, slow.ok ? '' : slow.message);
    const slowSession = await openSession({ IQL_BASE_URL: slow.emulator.url, IQL_API_KEY: 'demo-key-ana' });
    try {
      const source = new CancellationTokenSource();
      let polled: () => void = () => undefined;
      const polling = new Promise<void>((resolve) => (polled = resolve));
      slowSession.connection.onProgress(JobProgress, 'job-slow', (event) => {
        if (event.phase === 'poll') polled();
      });
      const pending = slowSession.connection.sendRequest<ServiceResult<QueryRun>>(RunJobRequest, { job: { kind: 'insightQuery', body: { query: QUERY } }, progressToken: 'job-slow' }, source.token);
      await polling;
      const cancelledAt = performance.now();
      source.cancel();
      const answer = await pending.catch((error: unknown) => ({ ok: false as const, error: { kind: 'rejected', message: String(error) } }));
      const took = performance.now() - cancelledAt;
      assert.equal(answer.ok ? 'ok' : answer.error.kind, 'cancelled');
      assert.ok(took < 1000, `answered ${took.toFixed(0)} ms after the cancel`);
    } finally {
      slowSession.process.kill();
      await slow.emulator.close();
    }
  });

  it('iql/explorer/datasetPage serves the Datasets view a filtered page at a time, and findDataset places a dataset', async () => {
    const counts = expectOk(await session.connection.sendRequest<ServiceResult<DatasetPage>>(DatasetPageRequest, { group: 'owned', filter: '', offset: 0, limit: 0 }));
    assert.equal(counts.items.length, 0);
    assert.ok(counts.counts.owned.total > 0 && counts.counts.shared.total > 0, JSON.stringify(counts.counts));

    const page = expectOk(await session.connection.sendRequest<ServiceResult<DatasetPage>>(DatasetPageRequest, { group: 'shared', filter: '', offset: 0, limit: 2 }));
    assert.equal(page.items.length, Math.min(2, counts.counts.shared.total));
    assert.ok(page.items.every((item) => !('stats' in item)), 'the listing carries no statistics');
    const ids = page.items.map((item) => item.private_id);
    assert.deepEqual(ids, [...ids].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true })));

    const filtered = expectOk(await session.connection.sendRequest<ServiceResult<DatasetPage>>(DatasetPageRequest, { group: 'owned', filter: 'retail', offset: 0, limit: 50 }));
    assert.ok(filtered.items.length > 0 && filtered.items.every((item) => `${item.private_id} ${item.public_name ?? ''}`.toLowerCase().includes('retail')));
    assert.equal(filtered.counts.owned.matching, filtered.items.length);

    const place = expectOk(await session.connection.sendRequest<ServiceResult<DatasetPlace | null>>(FindDatasetRequest, { name: 'retail', filter: 'zzz' }));
    assert.deepEqual(place, { group: 'owned', privateId: 'Retail', index: -1 });
    const none = expectOk(await session.connection.sendRequest<ServiceResult<DatasetPlace | null>>(FindDatasetRequest, { name: 'NoSuchDataset', filter: '' }));
    assert.equal(none, null);
  });
});
