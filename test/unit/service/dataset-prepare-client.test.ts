/**
 * Dataset management, prepare configs, prepare and publish through the real service client
 * (`ServiceClient.call`) against the emulator on the tiny folder: every answer passes the
 * client's response schemas, refusals come back as the client's error kinds, and a
 * published dataset is counted by the client's own insight query runner.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { flattenQueryResult } from '../../../common/results/result-table';
import type { EmulatorServer } from '../../../emulator/src/http/emulator-server';
import { followSupplyExecution, runInsightQuery } from '../../../service/src';
import type { ServiceClient } from '../../../service/src';
import { addNormalizedRecordset, addVault, startSupplyServer } from '../emulator/supply-fixture';
import { expectError, expectOk } from './demo-emulator';
import { createTestClient } from './test-client';
import type { TestClient } from './test-client';

const FAST_POLL = { initialDelayMs: 2, maxDelayMs: 10, factor: 1.5 };
const STATS = { cellCount: 5, nullCount: 0, invalidCount: 0, valueCount: 5 };
// 5 people: Female 3, Male 2.
const CSV = ['email,Gender', 'a@x,Female', 'b@x,Male', 'q@x,Female', 'r@x,Male', 's@x,Female', ''].join('\n');

describe('dataset prepare and publish through the service client', () => {
  let emulator: EmulatorServer;
  let made: TestClient;
  let other: TestClient;
  let ann: ServiceClient;

  before(async () => {
    let base: string;
    ({ emulator, base } = await startSupplyServer());
    made = createTestClient(base, {}, 'key-a');
    other = createTestClient(base, {}, 'key-b');
    ann = made.client;
    addVault(emulator.state.supply, 'CV.t', 'CMP.a');
    await addNormalizedRecordset(emulator.state.supply, 'CV.t', 'RS.t', [
      { name: 'email', kind: 'key', keyId: 1, isCustom: false, stats: STATS },
      { name: 'Gender', kind: 'attribute', categoryId: '2', categoryName: 'Gender', dataType: 'STRINGS', isCustom: false, stats: STATS },
    ], CSV);
  });
  after(async () => {
    await made.close();
    await other.close();
    await emulator.close();
  });

  it('creates, prepares, publishes and queries a dataset; refusals are the client’s error kinds', async () => {
    const datasetId = expectOk(await ann.call('createDataset', { body: { cloud_vault_id: 'CV.t', private_id: 'Panel', public_name: 'Panel', dataset_type: 'DATASET_TYPE_INSIGHT' } })).dataset_id ?? '';
    assert.match(expectError(await ann.call('createDataset', { body: { cloud_vault_id: 'CV.t', private_id: 'Panel!', public_name: 'Panel' } }), 'invalid').message, /private_id/);
    const taken = expectError(await ann.call('createDataset', { body: { cloud_vault_id: 'CV.t', private_id: 'Panel', public_name: 'Panel' } }), 'invalid');
    assert.equal(taken.status, 409);

    const configId = expectOk(await ann.call('createPrepareConfig', { body: { name: 'gender', config: { key_selection: [1], redaction_threshold: 3 } } })).id ?? '';
    expectOk(await ann.call('addPrepareConfigCategories', { params: { config_id: configId }, body: { categories: [2] } }));
    assert.deepEqual(expectOk(await ann.call('listPrepareConfigKeys', { params: { config_id: configId } })).keys, ['1']);

    const prepareId = expectOk(await ann.call('startPrepare', { body: { config_id: configId, dataset_id: datasetId, recordset_id: 'RS.t' } })).execution_id ?? '';
    const prepared = expectOk(await followSupplyExecution(ann, 'prepare', prepareId, { poll: FAST_POLL }));
    assert.equal(prepared.status, 'COMPLETED', prepared.error);
    expectError(await other.client.call('publishPrepare', { params: { execution_id: prepareId } }), 'not-found');
    const publishId = expectOk(await ann.call('publishPrepare', { params: { execution_id: prepareId } })).execution_id ?? '';
    const published = expectOk(await followSupplyExecution(ann, 'publish', publishId, { poll: FAST_POLL }));
    assert.equal(published.status, 'COMPLETED', published.error);

    // Female 3 is shown; Male 2 is below the threshold 3.
    const run = expectOk(await runInsightQuery(ann, { query: 'SELECT AGGREGATE(Gender) FROM Panel' }, { poll: FAST_POLL }));
    const table = flattenQueryResult(run.result);
    assert.equal(table.audience, '5');
    assert.deepEqual(table.rows.map((row) => row.cells.join(' ')), ['Female 3']);

    const dataset = expectOk(await ann.call('getDatasetV2', { params: { dataset_id: datasetId } })).dataset;
    assert.equal(dataset?.publish_details?.execution_id, prepareId);
    const lineage = expectOk(await ann.call('getDatasetLineage', { params: { dataset_id: datasetId } }));
    assert.deepEqual(lineage, { cloud_vault_id: 'CV.t', lineage: [{ publish: { config_id: configId } }] });
  });
});
