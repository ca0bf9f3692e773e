/**
 * Incremental prepares (seed 002 §2.7 `incremental_full_refresh`, `purge_expired_rows_only`):
 * the merge of new rows with the rows published before (incremental-prepare.ts), the
 * incremental columns a normalization writes (incremental-columns.ts) and when a run is
 * refused. Rows are [email, Age, incremental_primary_key, incremental_ttl]; the clock is at
 * 1000 ms.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expiresAt, incrementalProblem, planIncremental } from '../../../../emulator/src/supply/incremental-columns';
import { IncrementalMerge, incrementalRunFor } from '../../../../emulator/src/supply/incremental-prepare';
import type { IncrementalRun } from '../../../../emulator/src/supply/incremental-prepare';
import type { PublishConfig } from '../../../../emulator/src/supply/publish-config';
import type { RecordsetColumnRecord, RecordsetRecord } from '../../../../emulator/src/supply/supply-records';
import { SupplyState } from '../../../../emulator/src/supply/supply-state';

const COLUMNS = ['email', 'Age', 'incremental_primary_key', 'incremental_ttl'];
const INCREMENTAL = { primaryKeyColumn: 'incremental_primary_key', ttlColumn: 'incremental_ttl' };
const PUBLISHED = [['a@x', '30', 'M1', ''], ['b@x', '40', 'M2', '900'], ['c@x', '50', 'M3', '5000']];
const NEW = [['c@x', '51', 'M3', '6000'], ['d@x', '20', 'M4', ''], ['e@x', '22', '', ''], ['d@x', '21', 'M4', '2000'], ['f@x', '33', 'M6', '1000']];

async function* batches(rows: readonly string[][]): AsyncGenerator<string[][]> {
  yield rows.slice(0, 2).map((row) => [...row]);
  yield rows.slice(2).map((row) => [...row]);
}

async function merged(run: IncrementalRun, previous: readonly string[][] | undefined): Promise<{ rows: string[][]; merge: IncrementalMerge }> {
  const merge = new IncrementalMerge(COLUMNS, INCREMENTAL, run, '');
  const rows: string[][] = [];
  for await (const batch of merge.rows(() => batches(NEW), previous === undefined ? undefined : batches(previous))) rows.push(...batch);
  return { rows, merge };
}

describe('incremental prepares', () => {
  it('carries the published rows forward: a new row replaces its key\'s, the last of one key wins, expired and keyless rows are dropped', async () => {
    const { rows, merge } = await merged({ purgeOnly: false, now: 1000 }, PUBLISHED);
    // M2 expired (900 ≤ 1000), M3 replaced, M4 twice (the second wins), no key dropped, M6 expires at 1000.
    assert.deepEqual(rows, [['a@x', '30', 'M1', ''], ['c@x', '51', 'M3', '6000'], ['d@x', '21', 'M4', '2000']]);
    assert.deepEqual(merge.counts, { carried: 1, added: 2, expired: 2, skipped: 2, nextExpiry: 2000 });
    assert.deepEqual([merge.statistics(0).cellCount, merge.statistics(0).valueCount, merge.statistics(3).nullCount], [3, 3, 1]);
  });

  it('a full refresh keeps only the new rows; a purge only the published rows that have not expired', async () => {
    assert.deepEqual((await merged({ purgeOnly: false, now: 1000 }, undefined)).rows, [['c@x', '51', 'M3', '6000'], ['d@x', '21', 'M4', '2000']]);
    const purge = await merged({ purgeOnly: true, now: 1000 }, PUBLISHED);
    assert.deepEqual(purge.rows, [['a@x', '30', 'M1', ''], ['c@x', '50', 'M3', '5000']]);
    assert.deepEqual(purge.merge.counts, { carried: 2, added: 0, expired: 1, skipped: 0, nextExpiry: 5000 });
    assert.deepEqual((await merged({ purgeOnly: true, now: 6000 }, PUBLISHED)).rows, [['a@x', '30', 'M1', '']], 'the same rows, later: M3 has expired too');
  });

  it('reads TTLs as milliseconds since the epoch; anything else never expires', () => {
    assert.deepEqual(['1700000000000', ' 5 ', '', '1.5', 'soon'].map(expiresAt), [1700000000000, 5, undefined, undefined, undefined]);
  });

  it('a normalization writes the primary key (several columns as a JSON array) and the TTL from the deprecated config\'s incremental', () => {
    const plans = planIncremental({ incremental: { primary_key_columns: ['shop', 'member'], ttl_column: 'until' } }, ['shop', 'member', 'until'], 'RS.1');
    assert.deepEqual(plans.map((plan) => [plan.column.name, plan.column.kind, plan.cell([' S1 ', 'M1', ' 99 '])]), [
      ['incremental_primary_key', 'raw', '["S1","M1"]'], ['incremental_ttl', 'raw', '99'],
    ]);
    assert.equal(plans[0]?.cell(['', '', '']), '', 'no key at all: empty');
    assert.deepEqual(planIncremental({ identities: [] }, ['a'], 'RS.1'), []);
    assert.throws(() => planIncremental({ incremental: { primary_key_columns: ['id'] } }, ['a'], 'RS.1'), /normalization_config\.incremental\.primary_key_columns 'id' is not a column of recordset 'RS\.1'/);
    assert.equal(incrementalProblem({ incremental: { primary_key_columns: [] } }), 'normalization_config.incremental.primary_key_columns: name the input columns that identify a row (at least one)');
    assert.match(incrementalProblem({ incremental: { primary_key_columns: ['id'], ttl_column: 7 } }) ?? '', /^normalization_config\.incremental\.ttl_column: /);
    assert.equal(incrementalProblem({ incremental: { primary_key_columns: ['id'], ttl_column: 'until', full_refresh: true } }), undefined);
  });

  it('refuses a run that cannot be done: a purge of a recordset without incremental columns, or of a dataset never published; published rows of other columns', () => {
    const supply = new SupplyState(() => 0, 0);
    const config = (flags: Partial<PublishConfig>): PublishConfig => ({
      allKeys: true, allCategories: true, allExportColumns: true, keySelection: [], categorySelection: [], exportColumnSelection: [],
      incrementalFullRefresh: false, purgeExpiredRowsOnly: false, redactionThreshold: 0, roundingThreshold: 0, ...flags,
    });
    const recordset = (id: string, columns: readonly string[], incremental = true): RecordsetRecord => ({
      id, companyId: 'CMP.a', createdBy: 'USR.a', createdAt: 0, updatedAt: 0, name: id, vaultId: 'V', origin: { taskType: 'NORMALIZATION', taskId: 'N', properties: {} },
      columns: columns.map((name): RecordsetColumnRecord => ({ name, kind: 'raw', isCustom: false, stats: { cellCount: 0, nullCount: 0, invalidCount: 0, valueCount: 0 } })),
      recordCount: 0, malformedLines: 0, fileCount: 1, size: 0, locks: [], ...(incremental ? { incremental: INCREMENTAL } : {}),
    });
    const plain = recordset('RS.plain', ['email'], false);
    assert.equal(incrementalRunFor(supply, 'D', plain, config({ incrementalFullRefresh: true }), ['email'], 0), undefined, 'a full refresh of a plain recordset is an ordinary prepare');
    assert.throws(() => incrementalRunFor(supply, 'D', plain, config({ purgeExpiredRowsOnly: true }), ['email'], 0), /purge_expired_rows_only: recordset 'RS\.plain' has no incremental columns/);

    const source = recordset('RS.new', COLUMNS);
    supply.datasets.set('D', {
      datasetId: 'D', id: 'D', companyId: 'CMP.a', createdBy: 'USR.a', createdAt: 0, updatedAt: 0, privateId: 'D', publicName: 'D', description: '',
      datasetType: 'DATASET_TYPE_INSIGHT', vaultId: 'V', expiration: { doNotExpire: true },
    });
    assert.throws(() => incrementalRunFor(supply, 'D', source, config({ purgeExpiredRowsOnly: true }), COLUMNS, 0), /nothing has been published to dataset 'D' yet/);
    assert.deepEqual(incrementalRunFor(supply, 'D', source, config({}), COLUMNS, 7), { purgeOnly: false, now: 7 }, 'a first run adds to nothing');

    const dataset = supply.datasets.get('D');
    if (dataset) dataset.published = { executionId: 'P', recordsetId: 'RS.old', at: 0, by: 'USR.a' };
    assert.throws(() => incrementalRunFor(supply, 'D', source, config({}), COLUMNS, 0), /recordset 'RS\.old'\) are gone, .* incremental_full_refresh/);
    supply.recordsets.set('RS.old', recordset('RS.old', ['email', 'incremental_primary_key', 'incremental_ttl']));
    assert.throws(() => incrementalRunFor(supply, 'D', source, config({}), COLUMNS, 0), /keeps the columns email, Age, .* but dataset 'D' was published with email, incremental_primary_key/);
    supply.recordsets.set('RS.old', recordset('RS.old', COLUMNS));
    assert.equal(incrementalRunFor(supply, 'D', source, config({ purgeExpiredRowsOnly: true }), COLUMNS, 0)?.previous?.id, 'RS.old');
  });
});
