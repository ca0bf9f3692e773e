/**
 * Incremental prepares (seed 002 §2.7 `incremental_full_refresh`, `purge_expired_rows_only`)
 * through the real service client against the emulator on the tiny folder, with a clock the
 * test drives (vault-stages.ts). The normalization config's deprecated `incremental` names
 * `member` as the primary key and `until` as each row's expiry; each publish is counted with
 * IQL.
 *
 * Day 1: M1 a@x 25, M2 b@x 35 (expires 2025-03-02), M3 c@x 45 → 3 people.
 * Day 2 adds M3 c@x 46 (an update) and M4 d@x 20 → carried forward: M1, M2, M3 (46), M4 = 4.
 * On 2025-03-03 a purge drops M2 → 3. A full refresh with day 2's rows → M3, M4 = 2.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../../../emulator/src/state/emulator-clock';
import { expectOk } from './demo-emulator';
import { startVaultStages } from './vault-stages';
import type { VaultStages } from './vault-stages';

const EXPIRY = String(Date.parse('2025-03-02T00:00:00Z'));
const DAY_1 = ['member,email,years,until', 'M1,a@x,25,', `M2,b@x,35,${EXPIRY}`, 'M3,c@x,45,', ''].join('\n');
const DAY_2 = ['member,email,years,until', 'M3,c@x,46,', 'M4,d@x,20,', ''].join('\n');
const ALL = { all_keys: true, all_categories: true, all_export_columns: true };

describe('incremental prepares through the service client', () => {
  const clock = new ManualClock('2025-03-01T00:00:00Z');
  let stages: VaultStages;
  let dataset = '';
  let day2 = '';
  const normalize = async (recordset: string, name: string): Promise<string> => (await stages.normalize(recordset, {
    name,
    normalizer_config: { keys: [{ input_column: 'email', global_schema_id: 1 }], categories: [{ input_column: 'years', output_column: 'Age' }] },
    normalization_config: { incremental: { primary_key_columns: ['member'], ttl_column: 'until' } },
  }, `${name} normalized`)).resultId ?? '';
  const ages = async () => (await stages.query('SELECT AGGREGATE(Members.Age) FROM Members')).rows.sort();

  before(async () => {
    stages = await startVaultStages(clock);
    dataset = await stages.dataset('Members');
  });
  after(async () => {
    await stages.close();
  });

  it('a first run publishes its rows; the next adds to them, a row of a known key replacing the published one', async () => {
    const day1 = await normalize(await stages.recordset('in/day-1.csv', DAY_1, 'Day 1'), 'Day 1');
    const details = expectOk(await stages.client.call('getRecordset', { params: { cloud_vault_id: stages.vault, recordset_id: day1 } })).recordset;
    assert.deepEqual(details?.normalization_details?.incremental, { primary_key_column_name: 'incremental_primary_key', ttl_column_name: 'incremental_ttl' });
    const first = await stages.publish(dataset, day1, ALL);
    assert.match(first.history.at(-1)?.message ?? '', /incremental: 0 carried forward, 3 new or updated, 0 expired/);
    assert.deepEqual(await stages.query('SELECT COUNT() FROM Members'), { audience: '3', rows: ['3'] });

    day2 = await normalize(await stages.recordset('in/day-2.csv', DAY_2, 'Day 2'), 'Day 2');
    const second = await stages.publish(dataset, day2, ALL);
    assert.match(second.history.at(-1)?.message ?? '', /prepared 4 rows.*incremental: 2 carried forward, 2 new or updated, 0 expired/);
    const prepare = expectOk(await stages.client.call('getPrepare', { params: { execution_id: second.id } })).prepare_details?.prepare;
    assert.equal(prepare?.expiration_date_time, '2025-03-02T00:00:00Z', 'the earliest expiry among its rows');
    assert.deepEqual(await stages.query('SELECT COUNT() FROM Members'), { audience: '4', rows: ['4'] });
    assert.deepEqual(await ages(), ['20 1', '25 1', '35 1', '46 1'], 'M3 is 46 now, once');
  });

  it('purge_expired_rows_only drops the rows expired at the clock and reads no new rows; incremental_full_refresh keeps only the new ones', async () => {
    clock.set('2025-03-03T00:00:00Z');
    const purge = await stages.publish(dataset, day2, { ...ALL, purge_expired_rows_only: true });
    assert.match(purge.history.at(-1)?.message ?? '', /incremental: 3 carried forward, 0 new or updated, 1 expired/);
    assert.deepEqual(await ages(), ['20 1', '25 1', '46 1']);

    await stages.publish(dataset, day2, { ...ALL, incremental_full_refresh: true });
    assert.deepEqual(await ages(), ['20 1', '46 1']);
  });

  it('refuses both flags at once, naming the field', async () => {
    const refused = await stages.client.call('startPrepare', { body: { config_embedded: { ...ALL, incremental_full_refresh: true, purge_expired_rows_only: true }, dataset_id: dataset, recordset_id: day2 } });
    assert.equal(refused.ok, false);
    assert.match(refused.ok ? '' : refused.error.message, /config_embedded\.purge_expired_rows_only: /);
  });
});
