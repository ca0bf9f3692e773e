/**
 * Dataset management, prepare and publish over HTTP: a hand-made normalized recordset (a
 * record and its CSV, as a normalization would leave them) is prepared with some of its
 * columns and thresholds, published, and queried through API 1.0 with counts checked by hand.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { GetDatasetV2ResponseSchema, ListDatasetsResponseSchema, ListDatasetsV2ResponseSchema, QueryResultSchema, operations } from '../../../../../common/api';
import type {
  GetDatasetLineageResponse, GetPrepareConfigResponse, GetPrepareResponse, ListPrepareConfigCategoriesResponse, ListPrepareConfigsResponse, ListPreparesResponse,
  OperationId,
} from '../../../../../common/api';
import type { EmulatorServer } from '../../../../../emulator/src/http/emulator-server';
import type {
  ImportExecutionRecord, NormalizationRecord, RecordsetColumnRecord, RecordsetExecutionRecord,
} from '../../../../../emulator/src/supply/supply-records';
import { callServer, expectShape, expectV2Error, pollQuery } from '../../test-server';
import type { CallOptions, Reply } from '../../test-server';
import { addNormalizedRecordset, addVault, startSupplyServer } from '../../supply-fixture';

/** A 200 answer checked against the operation's response schema (the supply schemas load lazily). */
function answer<T>(id: OperationId, reply: Reply): T {
  return expectShape(operations[id].response, reply) as T;
}

const STATS = { cellCount: 12, nullCount: 0, invalidCount: 0, valueCount: 12 };
/** The tiny folder's global schema: key email = 1; categories Age 1, Gender 2, Interest 3, Score 4. */
const COLUMNS: RecordsetColumnRecord[] = [
  { name: 'email', kind: 'key', keyId: 1, isCustom: false, stats: STATS },
  { name: 'Age', kind: 'attribute', categoryId: '1', categoryName: 'Age', dataType: 'INTEGERS', isCustom: false, stats: STATS },
  { name: 'Gender', kind: 'attribute', categoryId: '2', categoryName: 'Gender', dataType: 'STRINGS', isCustom: false, stats: STATS },
  { name: 'ID', kind: 'export', isCustom: false, stats: STATS },
  { name: 'Note', kind: 'export', isCustom: false, stats: STATS },
];
// 12 people: 7 Female, 4 Male, 1 Other. Age 'x' is not an integer: keeping Age fails the publish.
const GENDERS = ['Female', 'Female', 'Male', 'Female', 'Other', 'Male', 'Female', 'Female', 'Male', 'Female', 'Male', 'Female'];
const CSV = ['email,Age,Gender,ID,Note', ...GENDERS.map((gender, index) => `p${index}@x,${index === 0 ? 'x' : 20 + index},${gender},P${index},n${index}`), ''].join('\n');

describe('API 2.0 dataset management, prepare and publish', () => {
  let emulator: EmulatorServer;
  let base = '';
  const call = (method: string, path: string, options?: CallOptions): Promise<Reply> => callServer(base, method, path, options);
  const json = async (method: string, path: string, body?: unknown, key = 'key-a'): Promise<Record<string, unknown>> => {
    const reply = await call(method, path, { body, key });
    if (reply.status !== 200) throw new Error(`${method} ${path}: ${reply.status} ${reply.text}`);
    return reply.json as Record<string, unknown>;
  };

  before(async () => {
    ({ emulator, base } = await startSupplyServer());
    const supply = emulator.state.supply;
    addVault(supply, 'CV.a', 'CMP.a');
    addVault(supply, 'CV.b', 'CMP.b');
    await addNormalizedRecordset(supply, 'CV.a', 'RS.n1', COLUMNS, CSV);
    supply.recordsets.set('RS.raw', { ...supply.recordsets.get('RS.n1')!, id: 'RS.raw', origin: { taskType: 'RECORDSET_CREATION', taskId: 'RSE.1', properties: {} } });
    // Where RS.n1 came from, for the lineage: normalization NRM.RS.n1 (config NC.1) of RS.raw,
    // read by RSE.1 (config RC.1) from landing/a.csv, which import execution IMX.1 of importer IMP.1 wrote.
    const execution = supply.startExecution(async () => 'done');
    const owned = { companyId: 'CMP.a', createdBy: 'USR.a', createdAt: 0, updatedAt: 0, execution };
    supply.normalizations.set('NRM.RS.n1', { ...owned, id: 'NRM.RS.n1', configId: 'NC.1', vaultId: 'CV.a', inputRecordsetId: 'RS.raw' } as unknown as NormalizationRecord);
    supply.recordsetExecutions.set('RSE.1', { ...owned, id: 'RSE.1', configId: 'RC.1', vaultId: 'CV.a', filepaths: ['landing/a.csv'] } as unknown as RecordsetExecutionRecord);
    supply.importExecutions.set('IMX.1', { ...owned, id: 'IMX.1', importerId: 'IMP.1', vaultId: 'CV.a' } as unknown as ImportExecutionRecord);
    await writeFile(await supply.storage.prepareWrite('CV.a', 'landing/a.csv', 0, { taskType: 'IMPORT', taskId: 'IMX.1', properties: {} }), CSV);
  });
  after(() => emulator.close());

  /** Polls Get a Prepare until its status (or, with `publish`, its prepare_status) is final. */
  const follow = async (id: string, publish = false, key = 'key-a') => {
    for (let poll = 0; poll < 50; poll++) {
      const details = answer<GetPrepareResponse>('getPrepare', await call('GET', `/api/v2/prepares/executions/${id}`, { key })).prepare_details!;
      const prepare = details.prepare!;
      const done = publish ? prepare.prepare_status !== 'PUBLISHING' : prepare.current_status === 'COMPLETED' || prepare.current_status === 'FAILED';
      if (done) return details;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`prepare ${id} never ended`);
  };

  const count = async (query: string): Promise<unknown> => {
    const created = (await json('POST', '/api/v1/queries', { query })) as { query_id: string };
    await pollQuery({ call }, created.query_id);
    return expectShape(QueryResultSchema, await call('GET', `/api/v1/queries/${created.query_id}/result`));
  };

  const genders = (result: unknown): [string, number][] =>
    ((result as { dimensions?: { value: string; count: number }[] }).dimensions ?? []).map((dimension) => [dimension.value, dimension.count]);

  it('Create Dataset checks §8 limits and the vault, and refuses a taken private ID with 409', async () => {
    const good = { cloud_vault_id: 'CV.a', private_id: 'People', public_name: 'People 2026_a-b', dataset_type: 'DATASET_TYPE_IDENTITY' };
    for (const [field, body] of [
      ['private_id', { ...good, private_id: 'has_underscore' }],
      ['private_id', { ...good, private_id: 'A'.repeat(18) }],
      ['public_name', { ...good, public_name: 'bad!' }],
      ['public_name', { ...good, public_name: 'x'.repeat(101) }],
      ['description', { ...good, description: 'd'.repeat(1001) }],
      ['cloud_vault_id', { ...good, cloud_vault_id: undefined }],
    ] as const) {
      assert.match(expectV2Error(await call('POST', '/api/v2/datasets', { body }), 400, 'INVALID_ARGUMENT'), new RegExp(field));
    }
    expectV2Error(await call('POST', '/api/v2/datasets', { body: { ...good, cloud_vault_id: 'CV.b' } }), 404, 'NOT_FOUND');
    // Shop is Alpha's folder dataset; News is Beta's.
    expectV2Error(await call('POST', '/api/v2/datasets', { body: { ...good, private_id: 'Shop' } }), 409, 'ALREADY_EXISTS');
    expectV2Error(await call('POST', '/api/v2/datasets', { body: { ...good, private_id: 'News' } }), 409, 'ALREADY_EXISTS');
    const created = await json('POST', '/api/v2/datasets', good);
    assert.equal(created.dataset_id, 'CLOUDA_EU_WEST_2.people1');
    expectV2Error(await call('POST', '/api/v2/datasets', { body: good }), 409, 'ALREADY_EXISTS');
  });

  it('a created dataset is listed at once, empty, by 2.0 and 1.0, and not to another company', async () => {
    const v2 = expectShape(ListDatasetsV2ResponseSchema, await call('GET', '/api/v2/datasets'));
    const people = v2.datasets.find((dataset) => dataset.private_id === 'People');
    assert.equal(people?.dataset_type, 'DATASET_TYPE_IDENTITY');
    assert.equal(people?.publish_details, undefined);
    const v1 = expectShape(ListDatasetsResponseSchema, await call('GET', '/api/v1/datasets'));
    assert.ok(v1.datasets.some((dataset) => dataset.private_id === 'People'));
    expectV2Error(await call('GET', '/api/v2/datasets/CLOUDA_EU_WEST_2.people1', { key: 'key-b' }), 404, 'NOT_FOUND');
    expectV2Error(await call('GET', '/api/v2/lineage/publish/CLOUDA_EU_WEST_2.people1'), 404, 'NOT_FOUND');
  });

  it('prepare configs: create, get, list with counts, sub-resources added, listed and deleted by filter', async () => {
    const bad = await call('POST', '/api/v2/dataset-prepare-configs', { body: { name: 'x', config: { category_selection: ['99'] } } });
    assert.match(expectV2Error(bad, 400, 'INVALID_ARGUMENT'), /config\.category_selection\.0/);
    const { id } = (await json('POST', '/api/v2/dataset-prepare-configs', {
      name: 'gender only',
      config: { key_selection: [1], category_selection: ['2'], export_column_selection: ['ID'], redaction_threshold: 3 },
    })) as { id: string };
    await json('POST', `/api/v2/dataset-prepare-configs/${id}/categories`, { categories: [1, 2] });
    await json('POST', `/api/v2/dataset-prepare-configs/${id}/export-columns`, { export_columns: ['Note'] });
    const categories = answer<ListPrepareConfigCategoriesResponse>('listPrepareConfigCategories', await call('GET', `/api/v2/dataset-prepare-configs/${id}/categories`));
    assert.deepEqual(categories.categories, ['2', '1']);
    const listed = answer<ListPrepareConfigsResponse>('listPrepareConfigs', await call('GET', '/api/v2/dataset-prepare-configs'));
    const summary = listed.configs?.find((config) => config.id === id)?.dataset_publish_config_summary;
    assert.deepEqual([summary?.key_column_count, summary?.category_column_count, summary?.export_column_count, summary?.redaction_threshold], [1, 2, 2, 3]);
    // Age (ID 1) and Note go again, by name; a filter is required.
    expectV2Error(await call('DELETE', `/api/v2/dataset-prepare-configs/${id}/categories`), 400, 'INVALID_ARGUMENT');
    await json('DELETE', `/api/v2/dataset-prepare-configs/${id}/categories?filter=${encodeURIComponent('name eq Age')}`);
    await json('DELETE', `/api/v2/dataset-prepare-configs/${id}/export-columns?filter=${encodeURIComponent("name eq 'Note' or name eq Nope")}`);
    const { config } = answer<GetPrepareConfigResponse>('getPrepareConfig', await call('GET', `/api/v2/dataset-prepare-configs/${id}`));
    assert.deepEqual(config?.dataset_publish_config?.category_selection, ['2']);
    assert.deepEqual(config?.dataset_publish_config?.export_column_selection, ['ID']);
    expectV2Error(await call('GET', `/api/v2/dataset-prepare-configs/${id}`, { key: 'key-b' }), 404, 'NOT_FOUND');
  });

  it('prepare → publish → the same engine counts the new dataset, with redaction at the threshold', async () => {
    const configs = answer<ListPrepareConfigsResponse>('listPrepareConfigs', await call('GET', '/api/v2/dataset-prepare-configs')).configs ?? [];
    const configId = configs[0]?.id ?? '';
    const start = { dataset_id: 'CLOUDA_EU_WEST_2.people1', recordset_id: 'RS.n1', config_id: configId };
    assert.match(expectV2Error(await call('POST', '/api/v2/prepares/execute', { body: { ...start, config_embedded: {} } }), 400, 'INVALID_ARGUMENT'), /not both/);
    assert.match(expectV2Error(await call('POST', '/api/v2/prepares/execute', { body: { ...start, recordset_id: 'RS.raw' } }), 400, 'INVALID_ARGUMENT'), /not normalized/);
    expectV2Error(await call('POST', '/api/v2/prepares/execute', { body: start, key: 'key-b' }), 404, 'NOT_FOUND');

    const { execution_id: prepareId } = (await json('POST', '/api/v2/prepares/execute', start)) as { execution_id: string };
    // Before the client has seen it COMPLETED, Publish is refused.
    assert.match(expectV2Error(await call('POST', `/api/v2/prepares/${prepareId}/publish`), 400, 'INVALID_ARGUMENT'), /COMPLETED/);
    const prepared = await follow(prepareId);
    assert.equal(prepared.prepare?.current_status, 'COMPLETED', JSON.stringify(prepared.history));
    assert.equal(prepared.prepare?.prepare_status, 'NO_STATUS');
    assert.equal(prepared.prepare?.config_id, configId);
    // Another company's prepare does not exist for it.
    expectV2Error(await call('POST', `/api/v2/prepares/${prepareId}/publish`, { key: 'key-b' }), 404, 'NOT_FOUND');
    expectV2Error(await call('GET', `/api/v2/prepares/executions/${prepareId}`, { key: 'key-b' }), 404, 'NOT_FOUND');

    // Publish answers the prepare's own ID: its progress shows in Get a Prepare.
    const { execution_id: publishId } = (await json('POST', `/api/v2/prepares/${prepareId}/publish`)) as { execution_id: string };
    assert.equal(publishId, prepareId);
    const published = await follow(prepareId, true);
    assert.equal(published.prepare?.prepare_status, 'PUBLISHED', JSON.stringify(published.history));

    // 12 rows: COUNT is 12; by Gender 7 Female, 4 Male, and Other's 1 is below the threshold 3.
    assert.equal(String((await count('SELECT COUNT() FROM People') as { audience?: unknown }).audience), '12');
    assert.deepEqual(genders(await count('SELECT AGGREGATE(Gender) FROM People')), [['Female', 7], ['Male', 4]]);
    // Only the selected columns were kept: Age is not a category of the dataset.
    const ageProblem = await call('POST', '/api/v1/validate', { body: { query: 'SELECT AGGREGATE(Age) FROM People' } });
    assert.equal(ageProblem.status, 400);

    const { dataset } = expectShape(GetDatasetV2ResponseSchema, await call('GET', '/api/v2/datasets/CLOUDA_EU_WEST_2.people1'));
    assert.equal(dataset.publish_details?.execution_id, publishId);
    const metadata = await json('GET', '/api/v1/datasets/People');
    assert.match(JSON.stringify(metadata), /Gender/);

    const lineage = answer<GetDatasetLineageResponse>('getDatasetLineage', await call('GET', '/api/v2/lineage/publish/CLOUDA_EU_WEST_2.people1'));
    assert.deepEqual(lineage, {
      cloud_vault_id: 'CV.a',
      lineage: [{ import: { config_id: 'IMP.1' }, publish: { config_id: configId }, normalization: { config_id: 'NC.1' }, recordset_creation: { config_id: 'RC.1' } }],
    });
    const prepares = answer<ListPreparesResponse>('listPrepares', await call('GET', '/api/v2/prepares/executions'));
    assert.equal(prepares.prepares?.find((prepare) => prepare.id === prepareId)?.config_summary?.redaction_threshold, 3);
  });

  it('a failed publish leaves the dataset as it was; publishing again replaces the data', async () => {
    // A category the recordset lacks fails the prepare itself, naming it.
    const missing = { dataset_id: 'CLOUDA_EU_WEST_2.people1', recordset_id: 'RS.n1', config_embedded: { all_keys: true, category_selection: [3] } };
    const { execution_id: noInterest } = (await json('POST', '/api/v2/prepares/execute', missing)) as { execution_id: string };
    const refused = await follow(noInterest);
    assert.equal(refused.prepare?.current_status, 'FAILED');
    assert.match(JSON.stringify(refused.history), /no column for category 'Interest' \(ID 3\)/);
    assert.match(expectV2Error(await call('POST', `/api/v2/prepares/${noInterest}/publish`), 400, 'INVALID_ARGUMENT'), /FAILED/);

    // Keeping Age (whose first cell is 'x') fails at publish, when the rows are read as integers.
    const start = { dataset_id: 'CLOUDA_EU_WEST_2.people1', recordset_id: 'RS.n1', config_embedded: { all_keys: true, all_categories: true } };
    const { execution_id: bad } = (await json('POST', '/api/v2/prepares/execute', start)) as { execution_id: string };
    await follow(bad);
    await json('POST', `/api/v2/prepares/${bad}/publish`);
    const failed = await follow(bad, true);
    assert.equal(failed.prepare?.prepare_status, 'NO_STATUS');
    assert.match(JSON.stringify(failed.history), /must hold an integer/);
    assert.equal(String((await count("SELECT COUNT() FROM People WHERE Gender = 'Male'") as { audience?: unknown }).audience), '4');
    assert.equal((await call('POST', '/api/v1/validate', { body: { query: 'SELECT AGGREGATE(Age) FROM People' } })).status, 400);

    // A new publish, without redaction: Other's 1 now shows.
    const again = { ...start, config_embedded: { key_selection: [1], category_selection: [2], redaction_threshold: 0 } };
    const { execution_id: good } = (await json('POST', '/api/v2/prepares/execute', again)) as { execution_id: string };
    await follow(good);
    await json('POST', `/api/v2/prepares/${good}/publish`);
    assert.equal((await follow(good, true)).prepare?.prepare_status, 'PUBLISHED');
    assert.deepEqual(genders(await count('SELECT AGGREGATE(Gender) FROM People')), [['Female', 7], ['Male', 4], ['Other', 1]]);
  });

  it('Update renames the dataset for queries; Delete removes it from lists and queries', async () => {
    await json('PATCH', '/api/v2/datasets/CLOUDA_EU_WEST_2.people1', { private_id: 'Folk', description: 'renamed' });
    const ok = await call('POST', '/api/v1/validate', { body: { query: 'SELECT COUNT() FROM Folk' } });
    assert.equal(ok.status, 200, ok.text);
    assert.equal((await call('POST', '/api/v1/validate', { body: { query: 'SELECT COUNT() FROM People' } })).status, 400);
    expectV2Error(await call('PATCH', '/api/v2/datasets/CLOUDA_EU_WEST_2.people1', { body: { private_id: 'Shop' } }), 409, 'ALREADY_EXISTS');
    await json('DELETE', '/api/v2/datasets/CLOUDA_EU_WEST_2.people1');
    const v2 = expectShape(ListDatasetsV2ResponseSchema, await call('GET', '/api/v2/datasets'));
    assert.deepEqual(v2.datasets.map((dataset) => dataset.private_id), ['Shop']);
    assert.equal((await call('POST', '/api/v1/validate', { body: { query: 'SELECT COUNT() FROM Folk' } })).status, 400);
    expectV2Error(await call('DELETE', '/api/v2/datasets/CLOUDA_EU_WEST_2.people1'), 404, 'NOT_FOUND');
  });
});
