/**
 * Data supply end to end (seed 002) through the real service client against the emulator on
 * the tiny folder (members-pipeline.ts): CSV files in a source folder are imported into a
 * vault, read into a recordset (one malformed line counted, not fatal), normalized to the
 * global schema (e-mails trimmed and lower-cased, Years → Age, Sex → Gender, Member → an
 * export column), prepared with a redaction threshold of 4 and published to a new dataset,
 * Members. A query a moment later gets the counts worked out by hand:
 *
 * members-1.csv: ' A@X ' 25 Female, b@x 35 Male, c@x 45 Female, e@x 52 Female, f@x 19 Male,
 * g@x — Female, and one line with too many fields; members-2.csv: h@x 33 Male, i@x 41 Female.
 * So 8 people: Female 5 (shown), Male 3 (below 4: redacted); Members ∩ Shop = a, b, c = 3
 * (below 4: the audience reads 0).
 */
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { flattenQueryResult } from '../../../common/results/result-table';
import { runInsightQuery, listDatasetsV2 } from '../../../service/src';
import type { ServiceClient } from '../../../service/src';
import { startTestServer } from '../emulator/test-server';
import type { TestServer } from '../emulator/test-server';
import { expectOk, pollUntil } from './demo-emulator';
import { FAST_POLL, publishMembers, writeMembersSources } from './members-pipeline';
import { createTestClient } from './test-client';
import type { TestClient } from './test-client';

describe('data supply: files to a queryable dataset through every stage', () => {
  let sources = '';
  let server: TestServer;
  let made: TestClient;
  let ann: ServiceClient;
  const count = async (query: string) => {
    const run = expectOk(await runInsightQuery(ann, { query }, { poll: FAST_POLL }));
    const table = flattenQueryResult(run.result);
    return { audience: table.audience, rows: table.rows.map((row) => row.cells.join(' ')) };
  };

  before(async () => {
    sources = await writeMembersSources();
    server = await startTestServer({ supply: { sourcesDir: sources } });
    made = createTestClient(server.base, {}, 'key-a');
    ann = made.client;
  });
  after(async () => {
    await made.close();
    await server.close();
    await rm(sources, { recursive: true, force: true });
  });

  it('publishes Members and answers a query over it with the hand-computed counts', async () => {
    const made = await publishMembers(ann);
    const files = expectOk(await ann.call('listVaultFiles', { params: { cloud_vault_id: made.vault, name: 'landing/members' } })).files ?? [];
    assert.deepEqual(files.map((file) => file.name).sort(), ['landing/members/members-1.csv', 'landing/members/members-2.csv']);
    const raw = expectOk(await ann.call('getRecordset', { params: { cloud_vault_id: made.vault, recordset_id: made.rawRecordset } })).recordset;
    assert.equal(Number(raw?.record_count), 8, 'the malformed line is not a record');

    const listed = expectOk(await listDatasetsV2(ann)).datasets ?? [];
    assert.ok(listed.some((item) => item.dataset_id === made.dataset && item.private_id === 'Members'), 'the dataset is listed');
    assert.deepEqual(await count('SELECT COUNT() FROM Members'), { audience: '8', rows: ['8'] });
    assert.deepEqual((await count('SELECT AGGREGATE(Members.Gender) FROM Members')).rows, ['Female 5']);
    assert.equal((await count('SELECT COUNT() FROM Members INTERSECT Shop')).audience, '0');

    const lineage = expectOk(await ann.call('getDatasetLineage', { params: { dataset_id: made.dataset } }));
    assert.equal(lineage.cloud_vault_id, made.vault);
  });

  it('an automation chains the same stages on the same configs: import → recordset → normalization → publish to a second dataset', async () => {
    // The configs the first test made, read back by name.
    const configs = await readMade();
    const dataset = expectOk(await ann.call('createDataset', { body: { cloud_vault_id: configs.vault, private_id: 'Members2', public_name: 'Club members again', dataset_type: 'DATASET_TYPE_INSIGHT' } })).dataset_id ?? '';
    const automation = expectOk(
      await ann.call('createAutomationConfig', {
        body: {
          name: 'Nightly members',
          cron_timer: '0 3 * * *',
          cloud_vault_id: configs.vault,
          steps: [
            { import: { config_id: configs.importer } },
            { recordset_creation: { config_id: configs.recordsetConfig } },
            { normalization: { config_id: configs.normalizationConfig } },
            { publish: { config_id: configs.prepareConfig, dataset_id: dataset } },
          ],
        },
      }),
    ).config?.id ?? '';
    const executionId = expectOk(await ann.call('executeAutomationConfig', { params: { config_id: automation } })).execution_id ?? '';
    const run = await pollUntil(
      async () => expectOk(await ann.call('getAutomationExecution', { params: { execution_id: executionId } })),
      (answer) => ['COMPLETED', 'FAILED'].includes(answer.execution?.current_step_status ?? ''),
      'the automation execution',
      400,
    );
    assert.deepEqual(
      run.execution_steps?.map((step) => `${step.task_type}:${step.current_task_status}${step.error?.error?.message ? ` ${step.error.error.message}` : ''}`),
      ['TASK_TYPE_IMPORT:COMPLETED', 'TASK_TYPE_RECORDSET:COMPLETED', 'TASK_TYPE_NORMALIZATION:COMPLETED', 'TASK_TYPE_PUBLISH:COMPLETED'],
    );
    assert.ok(run.execution_steps?.every((step) => (step.task_id ?? '') !== ''), 'each step names the execution it started');
    assert.deepEqual(await count('SELECT COUNT() FROM Members2'), { audience: '8', rows: ['8'] });
  });

  async function readMade(): Promise<{ vault: string; importer: string; recordsetConfig: string; normalizationConfig: string; prepareConfig: string }> {
    const id = <T extends { id?: string; name?: string }>(items: readonly T[], name: string): string => items.find((item) => item.name === name)?.id ?? '';
    return {
      vault: id(expectOk(await ann.call('listCloudVaults', {})).cloud_vaults ?? [], 'Members vault'),
      importer: id(expectOk(await ann.call('listImporters', {})).imports ?? [], 'Members import'),
      recordsetConfig: id(expectOk(await ann.call('listRecordsetConfigs', {})).configs ?? [], 'Members CSV'),
      normalizationConfig: id(expectOk(await ann.call('listNormalizationConfigs', {})).configs ?? [], 'Members to the global schema'),
      prepareConfig: id(expectOk(await ann.call('listPrepareConfigs', {})).configs ?? [], 'All of it'),
    };
  }
});
