/**
 * Recordset configs, recordset creation, recordsets, the global schema and normalization
 * (seed 002 §2.5, §2.6, §2.8, §4.5, §4.6, §4.8) over HTTP against the emulator on the tiny
 * folder. Vault files are written straight into the vault's folder of the storage directory
 * the test gives the server.
 *
 * in/members-1.csv has 6 data lines: ' A@X ' 25 F M1, b@x 35 M M2, c@x abc F M3, b@x — M M4,
 * one line with 3 fields and one with a stray quote (both malformed); in/members-2.csv has
 * e@x 41 F M6; in/sub/other.csv (other columns) is not read without include_subfolders.
 * So 7 lines, 2 malformed, 5 records. Statistics by hand (cells, nulls, invalid, distinct):
 * email 5 0 0 4 (' A@X ', b@x, c@x, e@x); age 5 1 0 4; gender 5 0 0 2; member 5 0 0 5.
 * Normalized: email (trim, lowercase) 5 0 0 4; Age (INTEGERS: 'abc' invalid, left empty)
 * 5 1 1 3; Gender (map F/M) 5 0 0 2; Member number (custom INTEGER, digits_only) 5 0 0 5;
 * email_hash (custom key, sha256) 5 0 0 4; ID (export) 5 0 0 5.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ListGlobalSchemaCategoriesResponseSchema, ListGlobalSchemaKeysResponseSchema } from '../../../../../common/api/v2-global-schema';
import { GetNormalizationConfigResponseSchema, GetNormalizationResponseSchema } from '../../../../../common/api/v2-normalizations';
import {
  GetRecordsetConfigResponseSchema, GetRecordsetExecutionResponseSchema, GetRecordsetResponseSchema, ListRecordsetColumnsResponseSchema, ListRecordsetsResponseSchema,
} from '../../../../../common/api/v2-recordsets';
import { expectShape, expectV2Error, startTestServer } from '../../test-server';
import type { Reply, TestServer } from '../../test-server';

const MEMBERS_1 = ['email,age,gender,member', '" A@X ",25,F,M1', 'b@x,35,M,M2', 'c@x,abc,F,M3', 'b@x,,M,M4', 'x@x,1,2', 'd@x,bad"quote,F,M5', ''].join('\n');
const MEMBERS_2 = ['email,age,gender,member', 'e@x,41,F,M6', ''].join('\n');

type Stats = [string, string, string, string, string];

describe('API 2.0 recordsets and normalization', () => {
  let storage = '';
  let server: TestServer;
  let vault = '';
  const vaultFile = async (name: string, text: string | Uint8Array): Promise<string> => {
    const path = join(storage, encodeURIComponent(vault), ...name.split('/'));
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
    return path;
  };
  const ok = (reply: Reply): Record<string, unknown> => {
    assert.equal(reply.status, 200, reply.text);
    return reply.json as Record<string, unknown>;
  };
  /** Polls Get until the status is final; the execution details. */
  const recordsetExecution = async (id: string) => {
    for (let poll = 0; poll < 500; poll++) {
      const details = expectShape(GetRecordsetExecutionResponseSchema, await server.call('GET', `/api/v2/recordset-creation/executions/${id}`)).execution_details;
      if (details?.current_status === 'COMPLETED' || details?.current_status === 'FAILED') return details;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`execution ${id} did not end`);
  };
  const normalization = async (id: string) => {
    for (let poll = 0; poll < 500; poll++) {
      const details = expectShape(GetNormalizationResponseSchema, await server.call('GET', `/api/v2/normalizations/executions/${id}`)).normalization_details;
      const status = details?.normalization?.current_status;
      if (status === 'COMPLETED' || status === 'FAILED') return details;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`normalization ${id} did not end`);
  };
  const createRecordset = async (body: object) => String(ok(await server.call('POST', '/api/v2/recordset-creation/execute', { body: { cloud_vault_id: vault, ...body } })).execution_id);
  const columnStats = async (recordset: string, query = ''): Promise<Stats[]> => {
    const { columns } = expectShape(ListRecordsetColumnsResponseSchema, await server.call('GET', `/api/v2/recordsets/${vault}/${recordset}/columns${query}`));
    return (columns ?? []).map((column) => [
      column.name ?? '', String(column.statistics?.cell_count), String(column.statistics?.null_count), String(column.statistics?.invalid_count), String(column.statistics?.value_count),
    ]);
  };

  before(async () => {
    storage = await mkdtemp(join(tmpdir(), 'iql-recordset-test-'));
    server = await startTestServer({ supply: { storageDir: storage } });
    vault = String((ok(await server.call('POST', '/api/v2/cloud_vaults', { body: { name: 'Members vault', region: 'UNKNOWN' } })).cloud_vault as { id: string }).id);
    await vaultFile('in/members-1.csv', MEMBERS_1);
    await vaultFile('in/members-2.csv', MEMBERS_2);
    await vaultFile('in/sub/other.csv', 'other\n1\n');
  });
  after(async () => {
    await server.close();
    await rm(storage, { recursive: true, force: true });
  });

  let raw = '';
  let configId = '';

  it('reads a folder of CSV files into a recordset: malformed lines counted, columns with their statistics', async () => {
    configId = String(ok(await server.call('POST', '/api/v2/recordset-configs', { body: { name: 'Members CSV', header_row: true, primary_delimiter: ',', file_type: 'CSV' } })).config_id);
    const executionId = await createRecordset({ config_id: configId, recordset_name: 'Members raw', filepaths: ['in'] });
    const details = await recordsetExecution(executionId);
    assert.equal(details?.current_status, 'COMPLETED', JSON.stringify(details?.history));
    assert.deepEqual(details?.progress, { completion_percentage: 100, lines_processed: '7', malformed_lines: '2', total_lines: '7' });
    assert.equal(details?.config_id, configId);
    assert.deepEqual(details?.history?.map((entry) => entry.status), ['WAITING', 'RUNNING', 'COMPLETED']);
    raw = details?.recordset_id ?? '';

    const { recordset } = expectShape(GetRecordsetResponseSchema, await server.call('GET', `/api/v2/recordsets/${vault}/${raw}`));
    assert.equal(recordset?.name, 'Members raw');
    assert.deepEqual([recordset?.record_count, recordset?.raw_column_count, recordset?.key_column_count, recordset?.file_count], ['5', '4', '0', '2']);
    assert.deepEqual(recordset?.columns_headers, ['email', 'age', 'gender', 'member']);
    assert.equal(recordset?.is_publishable, false);
    assert.deepEqual(recordset?.origin, { properties: {}, task_id: executionId, task_type: 'RECORDSET_CREATION' });
    assert.deepEqual(await columnStats(raw), [['email', '5', '0', '0', '4'], ['age', '5', '1', '0', '4'], ['gender', '5', '0', '0', '2'], ['member', '5', '0', '0', '5']]);
    assert.deepEqual((await columnStats(raw, '?order_by=statistics.value_count%20DESC')).map((row) => row[0]), ['member', 'email', 'age', 'gender']);
    assert.deepEqual((await columnStats(raw, '?order_by=name')).map((row) => row[0]), ['age', 'email', 'gender', 'member']);
    expectV2Error(await server.call('GET', `/api/v2/recordsets/${vault}/${raw}/columns?order_by=pii`), 400, 'INVALID_ARGUMENT');

    const data = await readFile(join(storage, encodeURIComponent(vault), 'Recordsets', raw, 'part-00000.csv'), 'utf8');
    assert.deepEqual(data.trim().split('\n'), ['email,age,gender,member', ' A@X ,25,F,M1', 'b@x,35,M,M2', 'c@x,abc,F,M3', 'b@x,,M,M4', 'e@x,41,F,M6']);
    const got = expectShape(GetRecordsetConfigResponseSchema, await server.call('GET', `/api/v2/recordset-configs/${configId}`));
    assert.deepEqual([got.config?.name, got.last_execution_id], ['Members CSV', executionId]);
    const listed = expectShape(ListRecordsetsResponseSchema, await server.call('GET', `/api/v2/recordsets/${vault}`));
    assert.deepEqual(listed.recordsets?.map((item) => item.name), ['Members raw']);
  });

  it('lists the global schema: categories, keys selected by category and type, key categories', async () => {
    const categories = expectShape(ListGlobalSchemaCategoriesResponseSchema, await server.call('GET', '/api/v2/normalizations/global-schema/categories?order_by=name%20DESC'));
    assert.deepEqual(categories.categories?.map((category) => [category.id, category.name, category.properties?.[0]?.type]), [['4', 'Score', 'INT64'], ['3', 'Interest', 'TEXT'], ['2', 'Gender', 'TEXT'], ['1', 'Age', 'INT64']]);
    const filtered = expectShape(ListGlobalSchemaCategoriesResponseSchema, await server.call('GET', '/api/v2/normalizations/global-schema/categories?filter=name%20eq%20Gender'));
    assert.deepEqual(filtered.categories?.[0]?.properties?.[0]?.possible_values, { possible_values: ['Female', 'Male', 'Other'] });
    // Representations are numbered across the schema (Age: Age 1, Decades 2; Gender 3; …), then the keys'.
    const age = categories.categories?.find((category) => category.name === 'Age')?.properties?.[1];
    assert.deepEqual([age?.name, age?.is_column, age?.type, age?.possible_values], ['representation', false, 'INT64', { default_value: '1', possible_values: ['1', '2'] }]);
    assert.match(age?.desc ?? '', /1 Age, 2 Decades/);
    const keys = expectShape(ListGlobalSchemaKeysResponseSchema, await server.call('GET', '/api/v2/normalizations/global-schema/keys?category_ids=1&category_ids=3'));
    assert.deepEqual(keys.keys?.map((key) => [key.id, key.name, key.categories?.map((category) => category.category_name), key.representation_version_ids]), [['1', 'email', ['Age', 'Gender', 'Interest', 'Score'], ['6']]]);
    const none = expectShape(ListGlobalSchemaKeysResponseSchema, await server.call('GET', '/api/v2/normalizations/global-schema/keys?type=INT64'));
    assert.deepEqual(none.keys, []);
    expectV2Error(await server.call('GET', '/api/v2/normalizations/global-schema/keys?category_ids=99'), 404, 'NOT_FOUND');
    expectV2Error(await server.call('GET', '/api/v2/normalizations/global-schema/categories?filter=id%20eq%201'), 400, 'INVALID_ARGUMENT');
    const keyCategories = ok(await server.call('GET', '/api/v2/normalizations/global-schema/keys/categories'));
    assert.deepEqual((keyCategories.categories as { name: string; key_contributor: boolean }[]).map((c) => [c.name, c.key_contributor]), [['email', true]]);
  });

  let normalized = '';

  it('normalizes the recordset to the global schema: key, attribute, custom and export columns with their statistics', async () => {
    const config = {
      keys: [{ input_column: 'email', global_schema_id: 1, functions: [{ name: 'trim' }, { name: 'lowercase' }] }],
      categories: [
        { input_column: 'age', output_column: 'Age' },
        { input_column: 'gender', output_column: 'gender', functions: [{ name: 'map', values: { F: 'Female', M: 'Male' } }] },
        { input_column: 'member', output_column: 'Member number', data_type: 'INTEGER', functions: [{ name: 'digits_only' }] },
      ],
      custom_keys: [{ input_column: 'email', output_column: 'email_hash', functions: [{ name: 'trim' }, { name: 'lowercase' }, { name: 'sha256' }] }],
      export_columns: [{ input_column: 'member', output_column: 'ID' }],
    };
    const normalizationConfig = String(ok(await server.call('POST', '/api/v2/normalizations/configs', { body: { name: 'Members', normalizer_config: config } })).id);
    const stored = expectShape(GetNormalizationConfigResponseSchema, await server.call('GET', `/api/v2/normalizations/configs/${normalizationConfig}`));
    assert.deepEqual(stored.config?.normalizer_config, config);

    const executionId = String(ok(await server.call('POST', '/api/v2/normalizations/execute', {
      body: { cloud_vault_id: vault, input_recordset_id: raw, normalization_config_id: normalizationConfig, output_recordset_name: 'Members normalized' },
    })).execution_id);
    // Locked while it runs: the input recordset cannot be deleted.
    const locked = expectShape(GetRecordsetResponseSchema, await server.call('GET', `/api/v2/recordsets/${vault}/${raw}`));
    assert.deepEqual(locked.recordset?.locks?.map((lock) => [lock.task_id, lock.task_type]), [[executionId, 'NORMALIZATION']]);
    expectV2Error(await server.call('DELETE', `/api/v2/recordsets/${vault}/${raw}`), 409, 'ALREADY_EXISTS');
    expectV2Error(await server.call('POST', '/api/v2/normalizations/execute', {
      body: { cloud_vault_id: vault, input_recordset_id: raw, normalization_config_id: normalizationConfig, output_recordset_name: 'members NORMALIZED' },
    }), 409, 'ALREADY_EXISTS');

    const details = await normalization(executionId);
    assert.equal(details?.normalization?.current_status, 'COMPLETED', JSON.stringify(details?.history));
    normalized = details?.normalization?.output_recordset_id ?? '';
    assert.deepEqual(await columnStats(normalized), [
      ['email', '5', '0', '0', '4'], ['Age', '5', '1', '1', '3'], ['Gender', '5', '0', '0', '2'], ['Member number', '5', '0', '0', '5'],
      ['email_hash', '5', '0', '0', '4'], ['ID', '5', '0', '0', '5'],
    ]);
    const { columns } = expectShape(ListRecordsetColumnsResponseSchema, await server.call('GET', `/api/v2/recordsets/${vault}/${normalized}/columns`));
    assert.deepEqual(columns?.[0]?.key_column, { id: '1', is_custom: false, name: 'email' });
    assert.deepEqual(columns?.[1]?.attribute_column, { category_id: '1', category_name: 'Age', data_type: 'CONTINUOUS', is_custom: false, representation_id: '1', representation_name: 'Age' });
    assert.equal(columns?.[1]?.value_type, 'INTEGER');
    assert.equal(columns?.[3]?.attribute_column?.is_custom, true);
    assert.deepEqual(columns?.[4]?.key_column, { is_custom: true, name: 'email_hash' });
    assert.deepEqual(columns?.[5]?.raw_column, {});
    const { recordset } = expectShape(GetRecordsetResponseSchema, await server.call('GET', `/api/v2/recordsets/${vault}/${normalized}`));
    assert.deepEqual([recordset?.key_column_count, recordset?.attribute_column_count, recordset?.raw_column_count, recordset?.is_publishable], ['2', '3', '1', true]);
    const data = await readFile(join(storage, encodeURIComponent(vault), 'Recordsets', normalized, 'part-00000.csv'), 'utf8');
    const hash = createHash('sha256').update('a@x').digest('hex');
    assert.deepEqual(data.trim().split('\n').slice(0, 4), ['email,Age,Gender,Member number,email_hash,ID', `a@x,25,Female,1,${hash},M1`, `b@x,35,Male,2,${createHash('sha256').update('b@x').digest('hex')},M2`, `c@x,,Female,3,${createHash('sha256').update('c@x').digest('hex')},M3`]);
    // The lock is gone once the normalization has ended.
    assert.deepEqual(expectShape(GetRecordsetResponseSchema, await server.call('GET', `/api/v2/recordsets/${vault}/${raw}`)).recordset?.locks, []);
  });

  it('fails a normalization naming an unknown global_schema_id or a missing input column', async () => {
    const start = async (normalizer: object, output: string) => {
      const id = String(ok(await server.call('POST', '/api/v2/normalizations/configs', { body: { name: output, normalizer_config: normalizer } })).id);
      const execution = String(ok(await server.call('POST', '/api/v2/normalizations/execute', {
        body: { cloud_vault_id: vault, input_recordset_id: raw, normalization_config_id: id, output_recordset_name: output },
      })).execution_id);
      const details = await normalization(execution);
      assert.equal(details?.normalization?.current_status, 'FAILED');
      return details?.history?.at(-1)?.error?.error?.message ?? '';
    };
    assert.match(await start({ keys: [{ input_column: 'email', global_schema_id: 42 }] }, 'Bad key'), /global_schema_id 42 is not a key of the global schema/);
    assert.match(await start({ export_columns: [{ input_column: 'phone', output_column: 'P' }] }, 'Bad column'), /input column 'phone' is not a column of recordset/);
    const listed = expectShape(ListRecordsetsResponseSchema, await server.call('GET', `/api/v2/recordsets/${vault}`));
    assert.deepEqual(listed.recordsets?.map((item) => item.name), ['Members raw', 'Members normalized'], 'a failed normalization leaves no recordset');
  });

  it('refuses bad configs, names and files: 400 naming the field, 409 on a taken name, a missing file fails the execution', async () => {
    expectV2Error(await server.call('POST', '/api/v2/recordset-configs', { body: { name: 'Members CSV', header_row: true, primary_delimiter: ',' } }), 409, 'ALREADY_EXISTS');
    assert.match(expectV2Error(await server.call('POST', '/api/v2/recordset-configs', { body: { name: 'No/slash', header_row: true, primary_delimiter: ',' } }), 400, 'INVALID_ARGUMENT'), /name/);
    assert.match(expectV2Error(await server.call('POST', '/api/v2/recordset-configs', { body: { name: 'No header', header_row: false, primary_delimiter: ',' } }), 400, 'INVALID_ARGUMENT'), /header_names/);
    assert.match(expectV2Error(await server.call('POST', '/api/v2/normalizations/configs', { body: { name: 'Bad', normalizer_config: { keys: [{ input_column: 'email', global_schema_id: 1, functions: [{ name: 'soundex' }] }] } } }), 400, 'INVALID_ARGUMENT'), /normalizer_config\.keys\[0\]\.functions\[0\]\.name: unknown function 'soundex'/);
    expectV2Error(await server.call('POST', '/api/v2/recordset-creation/execute', { body: { cloud_vault_id: vault, recordset_name: 'members raw' } }), 409, 'ALREADY_EXISTS');
    assert.match(expectV2Error(await server.call('POST', '/api/v2/recordset-creation/execute', { body: { cloud_vault_id: vault, recordset_name: 'Mixed', filepaths: ['in/a.csv', 'in/b.parquet'] } }), 400, 'INVALID_ARGUMENT'), /one format/);
    expectV2Error(await server.call('POST', '/api/v2/recordset-creation/execute', { body: { cloud_vault_id: 'CV.999', recordset_name: 'Nowhere' } }), 404, 'NOT_FOUND');
    expectV2Error(await server.call('POST', '/api/v2/recordset-creation/execute', { body: { cloud_vault_id: vault, recordset_name: 'Foreign' }, key: 'key-b' }), 404, 'NOT_FOUND');
    const missing = await recordsetExecution(await createRecordset({ recordset_name: 'Missing', filepaths: ['in/members-1.csv', 'in/nosuch.csv'] }));
    assert.equal(missing?.current_status, 'FAILED');
    assert.match(missing?.history?.at(-1)?.error?.error?.message ?? '', /file 'in\/nosuch.csv' does not exist/);
    const differing = await recordsetExecution(await createRecordset({ recordset_name: 'Differing', filepaths: ['in'], include_subfolders: true }));
    assert.match(differing?.history?.at(-1)?.error?.error?.message ?? '', /file 'in\/sub\/other.csv' has the columns other/);
    // Failed after the first files were written: nothing of it is left in the vault.
    await assert.rejects(stat(join(storage, encodeURIComponent(vault), 'Recordsets', differing?.recordset_id ?? '')), /ENOENT/);

    const renamed = ok(await server.call('PATCH', `/api/v2/recordsets/${vault}/${raw}`, { body: { new_name: 'Members read' } }));
    assert.equal((renamed.recordset as { name: string }).name, 'Members read');
    expectV2Error(await server.call('PATCH', `/api/v2/recordsets/${vault}/${raw}`, { body: { new_name: 'Members normalized' } }), 409, 'ALREADY_EXISTS');
    expectV2Error(await server.call('PATCH', `/api/v2/recordsets/${vault}/${raw}`, { body: { new_name: 'a.b' } }), 400, 'INVALID_ARGUMENT');
    ok(await server.call('DELETE', `/api/v2/recordsets/${vault}/${normalized}`));
    expectV2Error(await server.call('GET', `/api/v2/recordsets/${vault}/${normalized}`), 404, 'NOT_FOUND');
  });

  it('reads a Parquet file into a recordset, without a header row option, values as text', async () => {
    const { parquetWriteFile } = await import('hyparquet-writer');
    const path = await vaultFile('parquet/people.parquet', '');
    parquetWriteFile({
      filename: path,
      columnData: [
        { name: 'email', data: ['p@x', 'q@x', 'p@x'], type: 'STRING' },
        { name: 'score', data: [7, null, 9], type: 'INT32', nullable: true },
      ],
    });
    const details = await recordsetExecution(await createRecordset({ recordset_name: 'People', filepaths: ['parquet/people.parquet'] }));
    assert.equal(details?.current_status, 'COMPLETED', JSON.stringify(details?.history));
    const recordset = details?.recordset_id ?? '';
    assert.deepEqual(await columnStats(recordset), [['email', '3', '0', '0', '2'], ['score', '3', '1', '0', '2']]);
    const data = await readFile(join(storage, encodeURIComponent(vault), 'Recordsets', recordset, 'part-00000.csv'), 'utf8');
    assert.deepEqual(data.trim().split('\n'), ['email,score', 'p@x,7', 'q@x,', 'p@x,9']);
  });

  // interests.csv: a@x 'Golf|Chess', b@x 'golf', c@x '' — read with secondary_delimiter '|',
  // the Interests cells hold 3 distinct values (Golf, Chess, golf); lower-cased value by value,
  // 2 (golf, chess), and the delimiter stays between them.
  it('reads several values in one cell with a secondary_delimiter: counted value by value, normalized value by value', async () => {
    await vaultFile('multi/interests.csv', ['email;interests', 'a@x;Golf|Chess', 'b@x;golf', 'c@x;', ''].join('\n'));
    const config = String(ok(await server.call('POST', '/api/v2/recordset-configs', {
      body: { name: 'Interests', header_row: true, primary_delimiter: ';', secondary_delimiter: '|', file_type: 'CSV' },
    })).config_id);
    const read = await recordsetExecution(await createRecordset({ config_id: config, recordset_name: 'Interests raw', filepaths: ['multi/interests.csv'] }));
    assert.equal(read?.current_status, 'COMPLETED', JSON.stringify(read?.history));
    assert.equal(read?.execution_config?.secondary_delimiter, '|');
    const recordset = read?.recordset_id ?? '';
    assert.deepEqual(await columnStats(recordset), [['email', '3', '0', '0', '3'], ['interests', '3', '1', '0', '3']]);

    const normalizer = String(ok(await server.call('POST', '/api/v2/normalizations/configs', {
      body: {
        name: 'Interests lower-cased',
        normalizer_config: {
          keys: [{ input_column: 'email', global_schema_id: 1 }],
          categories: [{ input_column: 'interests', output_column: 'Interest', functions: [{ name: 'lowercase' }] }],
        },
      },
    })).id);
    const done = await normalization(String(ok(await server.call('POST', '/api/v2/normalizations/execute', {
      body: { cloud_vault_id: vault, input_recordset_id: recordset, normalization_config_id: normalizer, output_recordset_name: 'Interests normalized' },
    })).execution_id));
    assert.equal(done?.normalization?.current_status, 'COMPLETED', JSON.stringify(done));
    const output = done?.normalization?.output_recordset_id ?? '';
    assert.deepEqual(await columnStats(output), [['email', '3', '0', '0', '3'], ['Interest', '3', '1', '0', '2']]);
    const data = await readFile(join(storage, encodeURIComponent(vault), 'Recordsets', output, 'part-00000.csv'), 'utf8');
    assert.deepEqual(data.trim().split('\n'), ['email,Interest', 'a@x,golf|chess', 'b@x,golf', 'c@x,']);
  });
});
