/**
 * What the contract check of issue 13 found, each point over real HTTP between the service
 * client and the demo emulator: the raw wire answer is compared with the swagger, and the
 * client reads it. Each test failed before its fix.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { QueryResultSchema } from '../../../common/api';
import { runActivation, runInsightQuery, getCollaborationDestination, getDatasetMetadata, getDatasetV2, listActivationSegments, listCollaborationDestinations, listDatasetsV2 } from '../../../service/src';
import type { ServiceClient } from '../../../service/src';
import { expectOk, startDemoEmulator } from './demo-emulator';
import type { DemoEmulator } from './demo-emulator';

const FAST_POLL = { initialDelayMs: 2, maxDelayMs: 10, factor: 1.5 };
const ANA = 'demo-key-ana';

describe('contract conformance (issue 13)', () => {
  let demo: DemoEmulator;
  let ana: ServiceClient;

  before(async () => {
    demo = await startDemoEmulator();
    ana = demo.createClient(ANA);
  });
  after(async () => {
    await demo.close();
  });

  /** The raw JSON of a request, as the wire carries it; `T` is what the test expects to read there. */
  async function raw<T = Record<string, unknown>>(method: string, path: string, body?: unknown, key: string | null = ANA): Promise<{ status: number; json: T }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (key !== null) headers.authorization = key;
    const response = await fetch(`${demo.url}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: response.status, json: (await response.json()) as T };
  }

  describe('int64 fields the swagger types as integers are JSON integers', () => {
    it('v1 stats.redaction_threshold and schema.redaction_threshold', async () => {
      const listed = await raw<{ datasets: { private_id: string; stats: Record<string, unknown> }[] }>('GET', '/api/v1/datasets');
      assert.ok(listed.json.datasets.length > 0);
      for (const dataset of listed.json.datasets) assert.equal(typeof dataset.stats.redaction_threshold, 'number', dataset.private_id);
      const metadata = await raw<{ dataset: { stats: Record<string, unknown> }; schema: { redaction_threshold: unknown } }>('GET', '/api/v1/datasets/Retail');
      assert.equal(typeof metadata.json.dataset.stats.redaction_threshold, 'number');
      assert.equal(typeof metadata.json.schema.redaction_threshold, 'number');
      const read = expectOk(await getDatasetMetadata(ana, 'Retail'));
      assert.equal(read.schema?.redaction_threshold, metadata.json.schema.redaction_threshold);
    });

    it('QueryResult audience and dimensions[].count', async () => {
      const run = expectOk(await runInsightQuery(ana, { query: 'SELECT AGGREGATE(Retail.Gender) FROM Retail' }, { poll: FAST_POLL }));
      const wire = await raw<{ audience: unknown; dimensions: { count: unknown }[] }>('GET', `/api/v1/queries/${encodeURIComponent(run.queryId)}/result`);
      assert.equal(typeof wire.json.audience, 'number');
      assert.ok(wire.json.dimensions.length > 0);
      for (const dimension of wire.json.dimensions) assert.equal(typeof dimension.count, 'number');
      assert.equal(run.result.audience, wire.json.audience);
      assert.deepEqual(run.result.dimensions.map((dimension) => dimension.count), wire.json.dimensions.map((dimension) => dimension.count));
    });

    it('ActivationSummary total_rows and original_record_count', async () => {
      const query = 'SELECT Retail.ID FROM Retail INTERSECT Publisher1';
      const run = expectOk(await runActivation(ana, { query, campaign_name: 'integers' }, { poll: FAST_POLL }));
      const wire = await raw<{ activation: { summary: Record<string, unknown> } }>('GET', `/api/v1/activations/${encodeURIComponent(run.activationId)}`);
      const summary = wire.json.activation.summary;
      assert.equal(typeof summary.total_rows, 'number');
      assert.equal(typeof summary.original_record_count, 'number');
      assert.equal(run.activation.summary?.total_rows, summary.total_rows);
      const listed = await raw<{ activations: Record<string, unknown>[] }>('GET', '/api/v1/activations');
      assert.ok(listed.json.activations.length > 0);
      for (const item of listed.json.activations) assert.equal(typeof item.total_rows, 'number');
    });

    it('the client refuses such a count sent as a string (it reads what the swagger says)', () => {
      assert.equal(QueryResultSchema.safeParse({ audience: '12', dimensions: [] }).success, false);
      assert.equal(QueryResultSchema.safeParse({ audience: 12, dimensions: [{ value: 'a', count: '3' }] }).success, false);
    });
  });

  it('2.0 error bodies carry help_url', async () => {
    const wire = await raw<Record<string, unknown>>('GET', '/api/v2/collaborations/CLB.nope');
    assert.equal(wire.status, 404);
    assert.deepEqual(Object.keys(wire.json).sort(), ['details', 'error', 'help_url', 'request_id', 'time']);
    assert.match(String(wire.json.help_url), /^https:\/\//);
  });

  it('created_by, published_by and creator_id are user IDs, never company IDs', async () => {
    const companies = new Set(demo.emulator.data.catalog.companies.map((company) => company.id));
    const users = new Set(demo.emulator.data.catalog.users.map((user) => user.id));
    const datasets = expectOk(await listDatasetsV2(ana)).datasets;
    assert.ok(datasets.length > 0);
    for (const dataset of datasets) {
      assert.ok(users.has(dataset.created_by ?? '') && users.has(dataset.published_by ?? ''), JSON.stringify(dataset));
    }
    const segments = expectOk(await listActivationSegments(ana, 'CLB.demo')).activation_segments;
    assert.ok(segments.length > 0);
    for (const segment of segments) assert.ok(users.has(segment.created_by ?? '') && !companies.has(segment.created_by ?? ''), segment.id);
    const destinations = expectOk(await listCollaborationDestinations(ana, 'CLB.demo')).destinations;
    for (const destination of destinations) assert.ok(users.has(destination.creator_id ?? ''), destination.id);
  });

  it("Get Destination's editable_paths are the destination's", async () => {
    const destination = expectOk(await getCollaborationDestination(ana, 'CLB.demo', 'DST.retail-sftp')).destination;
    assert.deepEqual(destination.editable_paths, ['path', 'file_name_prefix']);
  });

  it('/api/v2/datasets lists and reads only the caller company’s datasets', async () => {
    const own = new Set([...demo.emulator.data.datasets.values()].filter((dataset) => dataset.meta.owner_company_id === 'CMP.retailco').map((dataset) => dataset.meta.dataset_id));
    const listed = expectOk(await listDatasetsV2(ana)).datasets.map((dataset) => dataset.dataset_id);
    assert.deepEqual(new Set(listed), own);
    const permitted = [...demo.emulator.data.datasets.values()].find((dataset) => dataset.meta.private_id === 'Bank');
    assert.ok(permitted && permitted.meta.owner_company_id !== 'CMP.retailco', 'Ana may query Bank through a permission');
    const error = await getDatasetV2(ana, permitted.meta.dataset_id);
    assert.ok(!error.ok && error.error.kind === 'not-found');
  });

  it('an operation of the swagger the emulator does not serve answers 404 or 400 as the swagger lists, not 405', async () => {
    const cases: [string, string, number, RegExp][] = [
      // Operations of the swagger outside the 150 of OPERATIONS.md.
      ['DELETE', '/api/v2/imports/importers/anything', 404, /DeleteImport/],
      ['POST', '/api/v2/imports/uploads', 400, /Imports_Create/],
      ['POST', '/api/v2/prepares/executions/anything/cancel', 404, /CancelPrepare/],
    ];
    for (const [method, path, status, message] of cases) {
      const wire = await raw<{ error: { message: string } }>(method, path, method === 'POST' ? {} : undefined);
      assert.equal(wire.status, status, `${method} ${path}`);
      assert.match(wire.json.error.message, message);
      assert.match(wire.json.error.message, /the emulator does not serve/);
    }
    const notAnOperation = await fetch(`${demo.url}/api/v2/collaborations`, { method: 'PUT', headers: { authorization: ANA } });
    assert.equal(notAnOperation.status, 405, 'a method no operation of the path has is still 405');
    await notAnOperation.body?.cancel();
  });
});
