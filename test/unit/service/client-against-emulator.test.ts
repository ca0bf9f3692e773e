/**
 * The service client against the local emulator over real HTTP: every operation of the table
 * once, the long-running helpers end to end, the error kinds the demo's access rules produce,
 * cancellation, and which operations are retried. The demo clean room is described in
 * emulator/src/demo/demo-catalog.ts.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readInt64, readOptionalInt64 } from '../../../common/api';
import {
  calculateSegment, collectAllPages, iteratePages, runActivation, runInsightQuery,
} from '../../../service/src';
import type { ProgressEvent, ServiceClient } from '../../../service/src';
import { expectError, expectOk, pollUntil, startDemoEmulator } from './demo-emulator';
import type { DemoEmulator } from './demo-emulator';
import { calculateActivationSegment, checkHealth, createActivationSegment, createQuery, deleteActivationSegment, explainQuery, exportActivationSegment, getActivation, getActivationSegment, getActivationSegmentExport, getAttributeColumnStats, getCollaboration, getCollaborationConnection, getCollaborationDataset, getCollaborationDestination, getConnection, getDatasetMetadata, getDatasetV2, getExportColumnStats, getKeyColumnStats, getQuery, getQueryResult, getSummaryStats, listActivationSegmentExports, listActivationSegments, listActivations, listCollaborationConnections, listCollaborationDatasets, listCollaborationDestinations, listCollaborations, listConnections, listDatasets, listDatasetsV2, listPermissions, queueActivation, updateActivationSegment, validateActivationQuery, validateQuery } from '../../../service/src';

/** Short waits between polls, so the helpers finish in milliseconds against the emulator. */
const FAST_POLL = { initialDelayMs: 2, maxDelayMs: 10, factor: 1.5 };
/** What Ana (RetailCo) may query: her own dataset and those with an accepted permission. */
const ANA_DATASETS = ['Bank', 'IdGraph', 'PubAudience', 'Publisher1', 'Retail', 'Insurer'].sort();
const INTERSECT = 'SELECT COUNT() FROM Retail INTERSECT Publisher1';

describe('ServiceClient against the demo emulator', () => {
  let demo: DemoEmulator;
  let ana: ServiceClient;

  before(async () => {
    demo = await startDemoEmulator();
    ana = demo.createClient('demo-key-ana');
  });
  after(async () => {
    await demo.close();
  });

  /** The 2.0 dataset ID of a demo dataset, read from the emulator's own data. */
  function datasetIdOf(privateId: string): string {
    const dataset = demo.emulator.data.datasets.get(privateId);
    assert.ok(dataset, `the demo has no dataset ${privateId}`);
    return dataset.meta.dataset_id;
  }

  describe('API 1.0 queries', () => {
    it('validateQuery accepts a query over visible datasets, in and out of a collaboration', async () => {
      assert.deepEqual(expectOk(await validateQuery(ana, { query: INTERSECT })), { success: true });
      const inCollaboration = await validateQuery(ana, { query: 'SELECT COUNT() FROM self INTERSECT them', collaboration_id: 'CLB.demo' });
      assert.equal(expectOk(inCollaboration).success, true);
    });

    it('validateQuery answers invalid with the emulator message verbatim and its position', async () => {
      const body = { query: 'SELECT COUNT() FROM Retail\nINTERSECT Nope' };
      const error = expectError(await validateQuery(ana, body), 'invalid');
      // The same request sent by hand: the client must not reword the service's message.
      const raw = await fetch(`${demo.url}/api/v1/validate`, {
        method: 'POST',
        headers: { authorization: 'demo-key-ana', 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.equal(raw.status, 400);
      const wire = (await raw.json()) as { message: string; metadata: { line: string; column: string } };
      assert.equal(error.message, wire.message);
      assert.equal(error.serviceMessage, wire.message);
      assert.match(error.message, /Nope/);
      assert.equal(error.status, 400);
      assert.equal(error.operation, 'ValidateQuery');
      assert.deepEqual(error.position, { line: 2, column: 11 });
      assert.deepEqual(error.position, { line: Number(wire.metadata.line), column: Number(wire.metadata.column) });
    });

    it('validateActivationQuery accepts an activation query and refuses an insight one', async () => {
      assert.equal(expectOk(await validateActivationQuery(ana, { query: 'SELECT Retail.ID FROM Retail INTERSECT Publisher1' })).success, true);
      const error = expectError(await validateActivationQuery(ana, { query: INTERSECT }), 'invalid');
      assert.match(error.message, /insight query/);
      assert.deepEqual(error.position, { line: 1, column: 1 });
    });

    it('explainQuery plans an INTERSECT as an AND of aggregation joins over a shared key', async () => {
      const explained = expectOk(await explainQuery(ana, { query: INTERSECT }));
      const plan = explained.query_plan?.plan;
      assert.equal(plan?.private_id, 'Retail');
      const combinator = plan?.aggregation_joins?.combinator;
      assert.equal(combinator?.type, 'AND');
      const toPublisher = combinator?.joins?.find((join) => join.to_private_id === 'Publisher1');
      assert.ok(toPublisher, 'no join reaches Publisher1');
      assert.equal(toPublisher.from_private_id, 'Retail');
      const key = toPublisher.keys?.keys?.[0];
      assert.equal(key?.key_name, 'email');
      assert.ok(key?.overlap !== undefined && readInt64(key.overlap) > 0, 'the join key has no overlap');
    });

    it('createQuery, getQuery and getQueryResult follow a query from creation to its audience', async () => {
      const created = expectOk(await createQuery(ana, { query: 'SELECT COUNT() FROM Retail INTERSECT Bank' }));
      assert.equal(created.done, false);
      assert.match(created.query_id, /\S/);
      // Not polled yet: the result does not exist for the client.
      expectError(await getQueryResult(ana, created.query_id), 'not-found');
      const done = await pollUntil(async () => expectOk(await getQuery(ana, created.query_id)), (status) => status.done, 'done');
      assert.equal(done.query_id, created.query_id);
      assert.equal(done.query_error, undefined);
      const result = expectOk(await getQueryResult(ana, created.query_id));
      assert.ok(result.audience !== undefined && readInt64(result.audience) > 0);
      assert.deepEqual(result.dimensions, []);
      expectError(await getQuery(ana, 'Q-no-such-query'), 'not-found');
    });

    it('runInsightQuery returns the audience of an INTERSECT and reports every phase', async () => {
      const events: ProgressEvent[] = [];
      const run = expectOk(await runInsightQuery(ana, { query: INTERSECT }, { poll: FAST_POLL, onProgress: (event) => events.push(event) }));
      assert.ok(run.result.audience !== undefined);
      assert.ok(typeof run.result.audience === 'string' || typeof run.result.audience === 'number');
      assert.ok(readInt64(run.result.audience) > 0, `audience ${String(run.result.audience)}`);
      assert.deepEqual(run.result.join_metadata?.[0]?.to_dataset?.name, 'Publisher1');
      const phases = events.map((event) => event.phase);
      assert.equal(phases[0], 'submit');
      assert.ok(phases.includes('poll'), `phases: ${phases.join(', ')}`);
      assert.equal(phases[phases.length - 1], 'result');
      const polls = events.filter((event) => event.phase === 'poll');
      assert.ok(polls.every((event) => event.id === run.queryId));
      assert.deepEqual(polls.map((event) => event.attempt), polls.map((_event, index) => index + 1));
    });
  });

  describe('API 1.0 activations', () => {
    const activationQuery = 'SELECT Retail.ID FROM Retail INTERSECT Publisher1';

    it('queueActivation, getActivation and listActivations follow an activation to completion', async () => {
      const queued = expectOk(await queueActivation(ana, { query: activationQuery, campaign_name: 'by-hand' }));
      assert.equal(queued.query_completed, false);
      const completed = await pollUntil(
        async () => expectOk(await getActivation(ana, queued.activation_id)).activation,
        (activation) => activation.summary?.status === 'QUERY_COMPLETED',
        'QUERY_COMPLETED',
      );
      assert.equal(completed.summary?.query_successful, true);
      assert.equal(completed.query_string, activationQuery);
      assert.deepEqual(completed.output_columns, ['ID']);
      assert.equal(completed.summary?.dataset_id, datasetIdOf('Retail'));
      const rows = completed.summary?.total_rows;
      assert.ok(rows !== undefined && readInt64(rows) > 0);

      const listed = expectOk(await listActivations(ana, { 'filter.campaign_name': 'by-hand' })).activations;
      assert.deepEqual(listed.map((summary) => summary.activation_id), [queued.activation_id]);
      assert.equal(listed[0]?.status, 'QUERY_COMPLETED');
      expectError(await getActivation(ana, 'ACT.no-such-activation'), 'not-found');
    });

    it('runActivation queues and polls until QUERY_COMPLETED', async () => {
      const events: ProgressEvent[] = [];
      const run = expectOk(
        await runActivation(ana, { query: activationQuery, campaign_name: 'helper' }, { poll: FAST_POLL, onProgress: (event) => events.push(event) }),
      );
      assert.match(run.activationId, /^ACT\./);
      assert.equal(run.activation.summary?.status, 'QUERY_COMPLETED');
      assert.equal(run.activation.summary?.campaign_name, 'helper');
      assert.ok(readOptionalInt64(run.activation.summary?.total_rows) > 0);
      assert.equal(events[0]?.phase, 'submit');
      assert.ok(events.slice(1).every((event) => event.phase === 'poll' && event.id === run.activationId));
    });
  });

  describe('API 1.0 catalog', () => {
    it('listDatasets lists exactly the datasets Ana may see', async () => {
      const datasets = expectOk(await listDatasets(ana)).datasets;
      assert.deepEqual(datasets.map((dataset) => dataset.private_id).sort(), ANA_DATASETS);
      const owned = expectOk(await listDatasets(ana, { 'filter.ownership': 'OWNED' })).datasets;
      assert.deepEqual(owned.map((dataset) => dataset.private_id), ['Retail']);
      assert.equal(owned[0]?.owner?.display_name, 'RetailCo');
    });

    it('getDatasetMetadata returns categories with their representations', async () => {
      const metadata = expectOk(await getDatasetMetadata(ana, 'Retail'));
      assert.equal(metadata.dataset.private_id, 'Retail');
      const categories = metadata.schema?.categories ?? [];
      const age = categories.find((category) => category.label === 'Age');
      assert.ok(age, `categories: ${categories.map((category) => category.label).join(', ')}`);
      assert.ok(age.representations.length > 0);
      assert.equal(age.representations[0]?.data_type, 'INTEGERS');
      assert.ok(categories.every((category) => category.representations.length > 0));
      assert.ok(readOptionalInt64(metadata.dataset.stats?.row_count) > 0);
    });

    it('an invisible dataset answers not-found exactly like one that does not exist', async () => {
      // Publisher2 exists, but its permission to RetailCo was never accepted.
      assert.ok(demo.emulator.data.datasets.has('Publisher2'));
      const invisible = expectError(await getDatasetMetadata(ana, 'Publisher2'), 'not-found');
      const missing = expectError(await getDatasetMetadata(ana, 'Publisher9'), 'not-found');
      assert.equal(invisible.status, 404);
      assert.equal(JSON.stringify(invisible).replaceAll('Publisher2', '<id>'), JSON.stringify(missing).replaceAll('Publisher9', '<id>'));
    });

    it('listConnections and getConnection describe the Retail–Publisher1 overlap', async () => {
      const listed = expectOk(await listConnections(ana, { 'filter.origin_private_ids': ['Retail'] }));
      const toPublisher = listed.connections.find((connection) => connection.to_dataset_private_id === 'Publisher1');
      assert.ok(toPublisher, 'Retail has no connection to Publisher1');
      assert.ok(listed.connections.every((connection) => connection.from_dataset_private_id === 'Retail'));
      assert.ok(listed.connections.every((connection) => connection.to_dataset_private_id !== 'Publisher2'));
      const single = expectOk(await getConnection(ana, 'Retail', 'Publisher1')).connection;
      assert.equal(single.selected_key_name, 'email');
      assert.deepEqual(single, toPublisher);
      const email = single.keys?.find((key) => key.name === 'email');
      assert.ok(email?.intersection !== undefined && readInt64(email.intersection) > 0);
    });

    it('listPermissions lists RetailCo permissions, filtered by direction', async () => {
      const all = expectOk(await listPermissions(ana)).permissions;
      assert.ok(all.some((permission) => permission.private_id === 'Publisher1' && permission.accepted === true));
      assert.ok(all.every((permission) => permission.owner?.id === 'CMP.retailco' || permission.recipient?.id === 'CMP.retailco'));
      const outgoing = expectOk(await listPermissions(ana, { 'filter.direction': 'OUTGOING' })).permissions;
      assert.deepEqual(outgoing.map((permission) => permission.private_id), ['Retail']);
      assert.equal(outgoing[0]?.recipient?.display_name, 'BankCo');
    });

    it('checkHealth answers AVAILABLE', async () => {
      assert.deepEqual(expectOk(await checkHealth(ana)), { status: 'AVAILABLE' });
    });
  });

  describe('API 2.0 collaborations', () => {
    it('listCollaborations, collectAllPages and iteratePages agree, and CLB.media stays hidden', async () => {
      const onePage = expectOk(await listCollaborations(ana)).collaborations.map((collaboration) => collaboration.id);
      assert.deepEqual(onePage, ['CLB.demo', 'CLB.finance']);

      const all = expectOk(await collectAllPages(ana, 'listCollaborations', {}, { list: { perPage: 1 } }));
      assert.deepEqual(all.map((collaboration) => collaboration.id), onePage);

      const pages: { page: number; ids: string[]; next?: number }[] = [];
      for await (const page of iteratePages(ana, 'listCollaborations', {}, { list: { perPage: 1 } })) {
        const value = expectOk(page);
        pages.push({ page: value.page, ids: value.items.map((item) => item.id), next: value.pagination?.next_page });
      }
      assert.deepEqual(pages, [
        { page: 1, ids: ['CLB.demo'], next: 2 },
        { page: 2, ids: ['CLB.finance'], next: undefined },
      ]);
      expectError(await getCollaboration(ana, 'CLB.media'), 'not-found');
    });

    it('getCollaboration shows the owner and the members with their rights', async () => {
      const collaboration = expectOk(await getCollaboration(ana, 'CLB.demo')).collaboration;
      assert.equal(collaboration.name, 'Retail x Publisher');
      assert.equal(collaboration.owner?.id, 'CMP.retailco');
      const courier = collaboration.members?.find((member) => member.id === 'CMP.pubco');
      assert.deepEqual(courier?.rights, { contributor: false, detailed_logs: false, operator: true });
    });

    it('listCollaborationDatasets and getCollaborationDataset name datasets as queries do', async () => {
      const datasets = expectOk(await listCollaborationDatasets(ana, 'CLB.demo')).datasets;
      assert.deepEqual(datasets.map((dataset) => dataset.collaboration_dataset_name), ['self', 'them', 'graph']);
      assert.deepEqual(datasets[0]?.output_columns, ['ID', 'EmailHash']);
      const them = expectOk(await getCollaborationDataset(ana, 'CLB.demo', 'them'));
      assert.equal(them.id, datasetIdOf('Publisher1'));
      assert.equal(them.collaboration_dataset_name, 'them');
      assert.ok(them.attributes?.some((attribute) => attribute.label === 'Interest'));
      assert.ok(them.keys?.some((key) => key.label === 'email'));
    });

    it('the four stats calls answer for Ana, who has detailed_logs', async () => {
      const attributes = expectOk(await getAttributeColumnStats(ana, 'CLB.demo', 'them')).attribute_stats ?? [];
      const gender = attributes.find((stat) => stat.representation_label === 'Gender');
      assert.ok(gender, 'no Gender attribute stats');
      assert.ok(readOptionalInt64(gender.distinct_values) > 0);

      const exports = expectOk(await getExportColumnStats(ana, 'CLB.demo', 'self'));
      assert.deepEqual(exports.export_column_stats?.map((stat) => stat.column_label), ['ID', 'EmailHash']);

      const keys = expectOk(await getKeyColumnStats(ana, 'CLB.demo', 'them')).key_stats ?? [];
      assert.deepEqual(keys.map((stat) => stat.key_label).sort(), ['device_id', 'email']);

      const summary = expectOk(await getSummaryStats(ana, 'CLB.demo', 'them'));
      assert.equal(readOptionalInt64(summary.total_rows), demo.emulator.data.datasets.get('Publisher1')?.rowCount);
      assert.equal(readOptionalInt64(summary.key_columns), 2);
    });

    it('the four stats calls are forbidden for Ben, who lacks detailed_logs', async () => {
      const ben = demo.createClient('demo-key-ben');
      const answers = [
        await getAttributeColumnStats(ben, 'CLB.demo', 'them'),
        await getExportColumnStats(ben, 'CLB.demo', 'self'),
        await getKeyColumnStats(ben, 'CLB.demo', 'them'),
        await getSummaryStats(ben, 'CLB.demo', 'them'),
      ];
      for (const answer of answers) {
        const error = expectError(answer, 'forbidden');
        assert.equal(error.missingRight, 'detailed_logs');
        assert.equal(error.status, 403);
      }
      // Ben is still a member: reading the collaboration works.
      assert.equal(expectOk(await getCollaboration(ben, 'CLB.demo')).collaboration.id, 'CLB.demo');
    });

    it('listCollaborationDestinations and getCollaborationDestination show config to its owner only', async () => {
      const destinations = expectOk(await listCollaborationDestinations(ana, 'CLB.demo')).destinations;
      assert.deepEqual(destinations.map((destination) => destination.id), ['DST.retail-sftp', 'DST.courier-dsp']);
      const own = expectOk(await getCollaborationDestination(ana, 'CLB.demo', 'DST.retail-sftp')).destination;
      assert.equal(own.destination_type_id, 'sftp');
      assert.deepEqual(own.config, { host: 'sftp.retailco.example', path: '/incoming' });
      const theirs = expectOk(await getCollaborationDestination(ana, 'CLB.demo', 'DST.courier-dsp')).destination;
      assert.deepEqual(theirs.config, {});
      expectError(await getCollaborationDestination(ana, 'CLB.demo', 'DST.nowhere'), 'not-found');
    });

    it('listCollaborationConnections and getCollaborationConnection give the key overlaps', async () => {
      const connections = expectOk(await listCollaborationConnections(ana, 'CLB.demo')).connections;
      const selfThem = connections.find((connection) => connection.id === 'CNX.self.them');
      assert.ok(selfThem, `connections: ${connections.map((connection) => connection.id).join(', ')}`);
      assert.equal(selfThem.from_dataset_id, datasetIdOf('Retail'));
      assert.equal(selfThem.to_dataset_id, datasetIdOf('Publisher1'));
      const single = expectOk(await getCollaborationConnection(ana, 'CLB.demo', 'CNX.self.them')).connection;
      assert.deepEqual(single.highest_overlap_key, selfThem.highest_overlap_key);
      const email = single.keys?.find((key) => key.name === 'email');
      assert.ok(email?.intersection !== undefined && readInt64(email.intersection) > 0);
    });
  });

  describe('API 2.0 activation segments', () => {
    it('list, create, get, update, calculate, export and delete a segment', async () => {
      const listed = expectOk(await listActivationSegments(ana, 'CLB.demo')).activation_segments;
      assert.deepEqual(listed.map((segment) => segment.id), ['ATS.demo1', 'ATS.demo2']);

      const query = "SELECT self.ID FROM self INTERSECT them WHERE them.Interest = 'Cycling'";
      const created = expectOk(await createActivationSegment(ana, 'CLB.demo', { name: 'Cyclists (test)', query })).activation_segment;
      assert.equal(created.name, 'Cyclists (test)');
      assert.equal(created.status, 'ACTIVATION_SEGMENT_STATUS_READY');
      assert.deepEqual(created.exported_columns, ['ID']);
      assert.equal(created.target_dataset_id, datasetIdOf('Retail'));
      const ref = { collaborationId: 'CLB.demo', segmentId: created.id };

      assert.equal(expectOk(await getActivationSegment(ana, ref)).activation_segment.query, query);
      const updated = expectOk(await updateActivationSegment(ana, ref, { column_separator: ';' })).activation_segment;
      assert.equal(updated.column_separator, ';');
      assert.equal(expectOk(await getActivationSegment(ana, ref)).activation_segment.column_separator, ';');

      // Calculate by hand: a 1.0 query id, followed with Get a Query and Get a Result.
      const calculation = expectOk(await calculateActivationSegment(ana, ref));
      await pollUntil(async () => expectOk(await getQuery(ana, calculation.query_id)), (status) => status.done, 'calculation done');
      const byHand = expectOk(await getQueryResult(ana, calculation.query_id));
      const audience = readOptionalInt64(byHand.audience);
      assert.ok(audience > 0, 'the segment is empty');
      const recalculated = expectOk(await getActivationSegment(ana, ref)).activation_segment;
      assert.equal(readOptionalInt64(recalculated.row_count), audience);

      // The helper does the same in one call and reports its phases.
      const phases: string[] = [];
      const helped = expectOk(await calculateSegment(ana, ref, { poll: FAST_POLL, onProgress: (event) => phases.push(event.phase) }));
      assert.equal(readOptionalInt64(helped.result.audience), audience);
      assert.notEqual(helped.queryId, calculation.query_id);
      assert.deepEqual([phases[0], phases[phases.length - 1]], ['submit', 'result']);
      assert.ok(phases.includes('poll'));

      const exported = expectOk(await exportActivationSegment(ana, ref, { destination_id: 'DST.retail-sftp', push_config: { path: '/test' } }));
      const finished = await pollUntil(
        async () => expectOk(await getActivationSegmentExport(ana, ref, exported.export_id)).export_details,
        (details) => details.status !== 'EXPORT_STATUS_RUNNING',
        'export finished',
      );
      assert.equal(finished.status, 'EXPORT_STATUS_SUCCESSFUL');
      assert.equal(readOptionalInt64(finished.row_count), audience);
      assert.deepEqual(finished.push_config, { host: 'sftp.retailco.example', path: '/test' });
      const exportsListed = expectOk(await listActivationSegmentExports(ana, ref)).activation_exports;
      assert.deepEqual(exportsListed.map((item) => item.export_id), [exported.export_id]);
      assert.equal(exportsListed[0]?.push_config, undefined, 'the list view carries no push configuration');

      assert.deepEqual(expectOk(await deleteActivationSegment(ana, ref)), {});
      expectError(await getActivationSegment(ana, ref), 'not-found');
      const afterDelete = expectOk(await listActivationSegments(ana, 'CLB.demo')).activation_segments;
      assert.deepEqual(afterDelete.map((segment) => segment.id), ['ATS.demo1', 'ATS.demo2']);
    });
  });

  describe('API 2.0 datasets', () => {
    it("listDatasetsV2 and getDatasetV2 show the company's own datasets, by dataset ID", async () => {
      const datasets = expectOk(await listDatasetsV2(ana)).datasets;
      const own = [...demo.emulator.data.datasets.values()].filter((dataset) => dataset.meta.owner_company_id === 'CMP.retailco').map((dataset) => dataset.meta.private_id);
      assert.deepEqual(datasets.map((dataset) => dataset.private_id).sort(), own.sort());
      const retail = expectOk(await getDatasetV2(ana, datasetIdOf('Retail'))).dataset;
      assert.equal(retail.private_id, 'Retail');
      assert.equal(retail.owner_id, 'CMP.retailco');
      assert.deepEqual(retail, datasets.find((dataset) => dataset.private_id === 'Retail'));
      expectError(await getDatasetV2(ana, datasetIdOf('Publisher2')), 'not-found');
    });
  });

  describe('errors from the access rules', () => {
    it('a wrong key is unauthorized, and no message or log line repeats it', async () => {
      const wrongKey = 'sk_live_wrongKey_Q7x81Zp';
      const logs: string[] = [];
      const stranger = demo.createClient(wrongKey, { log: (line) => logs.push(line) });
      for (const answer of [await checkHealth(stranger), await listCollaborations(stranger)]) {
        const error = expectError(answer, 'unauthorized');
        assert.equal(error.status, 401);
        assert.match(error.message, /missing, wrong or expired/);
        assert.ok(!JSON.stringify(error).includes(wrongKey), 'the error repeats the key');
      }
      assert.ok(logs.length > 0);
      assert.ok(logs.every((line) => !line.includes(wrongKey)), 'a log line repeats the key');
    });

    it('Eve, a member of CLB.finance without the operator right, may not run queries there', async () => {
      const eve = demo.createClient('demo-key-eve');
      const error = expectError(await createQuery(eve, { query: 'SELECT COUNT() FROM bank INTERSECT shop', collaboration_id: 'CLB.finance' }), 'forbidden');
      assert.equal(error.missingRight, 'operator');
      assert.equal(error.operation, 'Create a Query');
      // She can still read the collaboration she belongs to.
      assert.equal(expectOk(await getCollaboration(eve, 'CLB.finance')).collaboration.id, 'CLB.finance');
    });

    it('Zed sees nothing', async () => {
      const zed = demo.createClient('demo-key-zed');
      assert.deepEqual(expectOk(await listDatasets(zed)).datasets, []);
      assert.deepEqual(expectOk(await listCollaborations(zed)).collaborations, []);
    });
  });
});

describe('ServiceClient cancellation against a slow emulator', () => {
  let slow: DemoEmulator;
  before(async () => {
    slow = await startDemoEmulator({ latencyMs: 2000 });
  });
  after(async () => {
    await slow.close();
  });

  it('an abort after 50 ms resolves the call as cancelled within 300 ms', async () => {
    const client = slow.createClient('demo-key-ana');
    const controller = new AbortController();
    const started = Date.now();
    const abortTimer = setTimeout(() => controller.abort(), 50);
    const answer = await listDatasets(client, undefined, { signal: controller.signal });
    const elapsed = Date.now() - started;
    clearTimeout(abortTimer);
    const error = expectError(answer, 'cancelled');
    assert.equal(error.operation, 'List Datasets');
    assert.ok(elapsed >= 45, `resolved after ${elapsed} ms, before the abort`);
    assert.ok(elapsed < 300, `resolved after ${elapsed} ms`);
  });
});

describe('ServiceClient retries against a failing emulator', () => {
  let failing: DemoEmulator;
  before(async () => {
    failing = await startDemoEmulator({ faults: 'health:503:1,create-query:503:1' });
  });
  after(async () => {
    await failing.close();
  });

  /** A client with tiny backoffs; `random` = 1 makes each wait its ceiling (10 ms, then 20 ms). */
  function createCountingClient(): { client: ServiceClient; logs: string[] } {
    const logs: string[] = [];
    const client = failing.createClient('demo-key-ana', {
      retry: { maxAttempts: 3, baseDelayMs: 10, maxDelayMs: 20 },
      random: () => 1,
      log: (line) => logs.push(line),
    });
    return { client, logs };
  }

  // The emulator has no request counter; the transport logs one line per request sent, which
  // counts the attempts as they went over the wire.
  it('a GET answered 503 is retried up to maxAttempts, then fails as server', async () => {
    const { client, logs } = createCountingClient();
    const started = Date.now();
    const error = expectError(await checkHealth(client), 'server');
    const elapsed = Date.now() - started;
    assert.equal(error.status, 503);
    assert.equal(logs.filter((line) => line.startsWith('GET /api/v1/health → 503')).length, 3);
    const waits = logs.flatMap((line) => /retrying in (\d+) ms/.exec(line)?.[1] ?? []).map(Number);
    assert.deepEqual(waits, [10, 20]);
    assert.ok(elapsed >= 30, `three attempts with 10 + 20 ms between them took only ${elapsed} ms`);
  });

  it('createQuery answered 503 fails as server without being re-sent', async () => {
    const { client, logs } = createCountingClient();
    const error = expectError(await createQuery(client, { query: INTERSECT }), 'server');
    assert.equal(error.status, 503);
    assert.equal(error.operation, 'Create a Query');
    assert.equal(logs.filter((line) => line.startsWith('POST /api/v1/queries')).length, 1);
    assert.ok(logs.every((line) => !line.includes('retrying')), logs.join('\n'));
  });
});
