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
import { runInsightQuery } from '../../../service/src';
import type { ServiceClient } from '../../../service/src';
import { startTestServer } from '../emulator/test-server';
import type { TestServer } from '../emulator/test-server';
import { expectOk } from './demo-emulator';
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

    const listed = expectOk(await ann.listDatasetsV2()).datasets ?? [];
    assert.ok(listed.some((item) => item.dataset_id === made.dataset && item.private_id === 'Members'), 'the dataset is listed');
    assert.deepEqual(await count('SELECT COUNT() FROM Members'), { audience: '8', rows: ['8'] });
    assert.deepEqual((await count('SELECT AGGREGATE(Members.Gender) FROM Members')).rows, ['Female 5']);
    assert.equal((await count('SELECT COUNT() FROM Members INTERSECT Shop')).audience, '0');

    const lineage = expectOk(await ann.call('getDatasetLineage', { params: { dataset_id: made.dataset } }));
    assert.equal(lineage.cloud_vault_id, made.vault);
  });
});
