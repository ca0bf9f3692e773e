/**
 * Recordset configs, recordset creation, the global schema and normalization (seed 002 §4.5,
 * §4.6, §4.8) through the real service client against the emulator: every answer passes the
 * client's wire schemas (statistics as int64 strings, normalizer_config read back whole), an
 * execution polled to COMPLETED leaves a recordset whose columns carry hand-computed
 * statistics, and refusals reach the caller with the emulator's words.
 *
 * sales.csv (`;`-separated, no header row): 3 lines, one with a missing field (malformed), so
 * 2 records: a@x 10 and A@X 20 — after trim + lowercase one distinct e-mail.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ServiceClient } from '../../../service/src';
import { startTestServer } from '../emulator/test-server';
import type { TestServer } from '../emulator/test-server';
import { expectOk } from './demo-emulator';
import { createTestClient } from './test-client';
import type { TestClient } from './test-client';

describe('recordsets and normalization: service client against the emulator', () => {
  let server: TestServer;
  let made: TestClient;
  let ann: ServiceClient;
  let storage: string;
  before(async () => {
    storage = await mkdtemp(join(tmpdir(), 'iql-recordset-client-'));
    server = await startTestServer({ supply: { storageDir: storage } });
    made = createTestClient(server.base, {}, 'key-a');
    ann = made.client;
  });
  after(async () => {
    await made.close();
    await server.close();
    await rm(storage, { recursive: true, force: true });
  });

  it('reads a headerless file with a config, normalizes it, and reads statistics and configs back', async () => {
    const vault = expectOk(await ann.call('createCloudVault', { body: { name: 'Sales', region: 'UNKNOWN' } })).cloud_vault?.id ?? '';
    await mkdir(join(storage, encodeURIComponent(vault), 'drop'), { recursive: true });
    await writeFile(join(storage, encodeURIComponent(vault), 'drop', 'sales.csv'), 'a@x;10\n A@X ;20\nb@x\n');

    const config = expectOk(await ann.call('createRecordsetConfig', { body: { name: 'Sales no header', header_row: false, header_names: ['mail', 'amount'], primary_delimiter: ';' } })).config_id ?? '';
    const fetched = expectOk(await ann.call('getRecordsetConfig', { params: { config_id: config } })).config;
    assert.deepEqual([fetched?.header_row, fetched?.header_names, fetched?.primary_delimiter, fetched?.file_type], [false, ['mail', 'amount'], ';', 'AUTO']);
    const execution = expectOk(await ann.call('createRecordset', { body: { cloud_vault_id: vault, config_id: config, recordset_name: 'Sales raw', filepaths: ['drop/sales.csv'] } })).execution_id ?? '';
    let details;
    for (let poll = 0; poll < 200 && !['COMPLETED', 'FAILED'].includes(details?.current_status ?? ''); poll++) {
      details = expectOk(await ann.call('getRecordsetExecution', { params: { execution_id: execution } })).execution_details;
    }
    assert.equal(details?.current_status, 'COMPLETED', JSON.stringify(details?.history));
    assert.deepEqual(details?.progress, { completion_percentage: 100, lines_processed: '3', malformed_lines: '1', total_lines: '3' });
    const raw = details?.recordset_id ?? '';
    assert.equal(expectOk(await ann.call('getRecordsetConfig', { params: { config_id: config } })).last_execution_id, execution);
    const columns = expectOk(await ann.call('listRecordsetColumns', { params: { cloud_vault_id: vault, recordset_id: raw } })).columns ?? [];
    assert.deepEqual(columns.map((column) => [column.name, column.statistics?.cell_count, column.statistics?.value_count]), [['mail', '2', '2'], ['amount', '2', '2']]);

    const keys = expectOk(await ann.call('listGlobalSchemaKeys', { query: { filter: 'name eq email' } })).keys ?? [];
    const normalizerConfig = {
      keys: [{ input_column: 'mail', global_schema_id: Number(keys[0]?.id), functions: [{ name: 'trim' }, { name: 'lowercase' }] }],
      categories: [{ input_column: 'amount', output_column: 'Spend', data_type: 'INTEGER' as const }],
    };
    const normalizationConfig = expectOk(await ann.call('createNormalizationConfig', { body: { name: 'Sales', normalizer_config: normalizerConfig } })).id ?? '';
    assert.deepEqual(expectOk(await ann.call('getNormalizationConfig', { params: { config_id: normalizationConfig } })).config?.normalizer_config, normalizerConfig);
    const started = expectOk(await ann.call('startNormalization', {
      body: { cloud_vault_id: vault, input_recordset_id: raw, normalization_config_id: normalizationConfig, output_recordset_name: 'Sales normalized' },
    })).execution_id ?? '';
    let normalization;
    for (let poll = 0; poll < 200 && !['COMPLETED', 'FAILED'].includes(normalization?.normalization?.current_status ?? ''); poll++) {
      normalization = expectOk(await ann.call('getNormalization', { params: { execution_id: started } })).normalization_details;
    }
    assert.equal(normalization?.normalization?.current_status, 'COMPLETED', JSON.stringify(normalization?.history));
    const output = normalization?.normalization?.output_recordset_id ?? '';
    const normalized = expectOk(await ann.call('listRecordsetColumns', { params: { cloud_vault_id: vault, recordset_id: output }, query: { order_by: 'name' } })).columns ?? [];
    assert.deepEqual(normalized.map((column) => [column.name, column.key_column?.name ?? column.attribute_column?.category_name, column.statistics?.value_count]), [['Spend', 'Spend', '2'], ['email', 'email', '1']]);

    const updated = expectOk(await ann.call('updateNormalizationConfig', { params: { config_id: normalizationConfig }, body: { payload: { name: 'Sales v2', config: { export_columns: [{ input_column: 'amount', output_column: 'Amount' }] } } } })).config;
    assert.deepEqual([updated?.name, updated?.description, updated?.normalizer_config], ['Sales v2', '', { export_columns: [{ input_column: 'amount', output_column: 'Amount' }] }]);

    const taken = await ann.call('createRecordset', { body: { cloud_vault_id: vault, recordset_name: 'Sales raw' } });
    assert.ok(!taken.ok && /already has a recordset named 'Sales raw'/.test(taken.error.message), JSON.stringify(taken));
    const unknown = await ann.call('createNormalizationConfig', { body: { name: 'Bad', normalizer_config: { export_columns: [{ input_column: 'a', output_column: 'b', functions: [{ name: 'reverse' }] }] } } });
    assert.ok(!unknown.ok && unknown.error.kind === 'invalid' && /unknown function 'reverse'/.test(unknown.error.message), JSON.stringify(unknown));
  });
});
