/**
 * Credit usage and the demo datasets (seed 000 §2.5, §4.4) between the service client and the
 * demo emulator over real HTTP: Get Dataset credit usage and Get Permission credit usage count
 * what the queries and activations run on this server spent (one credit per dataset a run
 * names, emulator/README.md), with 400, 401, 403 and 404 that leaks nothing; Add access to the
 * Demo Datasets grants them once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ServiceClient } from '../../../service/src';
import { startTestServer } from '../emulator/test-server';
import { tinyFiles } from '../emulator/tiny-folder';
import { expectError, expectOk, pollUntil, startDemoEmulator } from './demo-emulator';
import type { DemoEmulator } from './demo-emulator';
import { createTestClient } from './test-client';
import { addDemoDatasets, createQuery, getDatasetMetadata, getDatasetUsage, getPermissionUsage, getQuery, listPermissions, queueActivation } from '../../../service/src';

const RETAIL = 'CMP.retailco';
const BANK = 'CMP.bankco';

describe('credit usage and the demo datasets against the demo emulator', () => {
  let demo: DemoEmulator;
  let ana: ServiceClient; // RetailCo: owns Retail, sees Bank through an accepted permission
  let cleo: ServiceClient; // BankCo: owns Bank, sees Retail
  let zed: ServiceClient; // OutsideCo: sees nothing
  let ida: ServiceClient; // IdentityCo: owns IdGraph, a demo dataset

  before(async () => {
    demo = await startDemoEmulator();
    [ana, cleo, zed, ida] = ['demo-key-ana', 'demo-key-cleo', 'demo-key-zed', 'demo-key-ida'].map((key) => demo.createClient(key)) as [ServiceClient, ServiceClient, ServiceClient, ServiceClient];
  });
  after(async () => {
    await demo.close();
  });

  it('starts at zero, then counts one credit per dataset each query or activation run names', async () => {
    const before = expectOk(await getDatasetUsage(cleo, 'Bank')).timeseries ?? [];
    assert.equal(before.length, 1, 'TIME_GROUPING_UNSPECIFIED: one point');
    assert.equal(before[0]?.usage?.used, 0);
    assert.equal(before[0]?.usage?.allocation, 10_000);

    const query = { query: 'SELECT COUNT() FROM Retail INTERSECT Bank' };
    const created = expectOk(await createQuery(ana, query));
    expectOk(await createQuery(ana, query)); // the same request is the same query: no second spend
    await pollUntil(() => getQuery(ana, created.query_id), (answer) => answer.ok && answer.value.done, 'the query done');
    const activation = expectOk(await queueActivation(ana, { query: 'SELECT Retail.ID FROM Retail INTERSECT Publisher1', campaign_name: 'usage' }));
    assert.ok(activation.activation_id);

    const bank = expectOk(await getDatasetUsage(cleo, 'Bank')).timeseries?.[0]?.usage;
    assert.equal(bank?.used, 1);
    assert.equal(bank?.current_allocation, 9_999);
    assert.deepEqual(bank?.owner?.id, BANK);
    const retailShare = bank?.permissions?.find((permission) => permission.recipient?.id === RETAIL);
    assert.equal(retailShare?.used, 1, "RetailCo's query spent through its permission");
    assert.equal(retailShare?.uses_parent_allocation, true);

    const retail = expectOk(await getDatasetUsage(ana, 'Retail')).timeseries?.[0]?.usage;
    assert.equal(retail?.used, 2, 'the query and the activation both name Retail');
    assert.equal(retail?.permissions?.find((permission) => permission.recipient?.id === BANK)?.used, 0);

    // The permission Bank → RetailCo, read by its recipient (by company or user ID) and its owner.
    for (const [client, recipient] of [[ana, RETAIL], [ana, 'USR.ana'], [cleo, RETAIL]] as const) {
      const usage = expectOk(await getPermissionUsage(client, 'Bank', recipient)).timeseries?.[0]?.usage;
      assert.equal(usage?.used, 1);
      assert.equal(usage?.parent_allocation, 10_000);
      assert.equal(usage?.current_parent_allocation, 9_999);
    }
  });

  it('cuts the series into groups from start_time (rounded down) to end_time', async () => {
    const series = expectOk(await getDatasetUsage(cleo, 'Bank', { start_time: '2024-12-31T10:00:00Z', end_time: '2025-01-02T12:00:00Z', grouping: 'DAY' })).timeseries ?? [];
    assert.deepEqual(series.map((point) => [point.timestamp, point.usage?.used]), [
      ['2024-12-31T00:00:00Z', 0],
      ['2025-01-01T00:00:00Z', 1],
      ['2025-01-02T00:00:00Z', 0],
    ]);
    const monthly = expectOk(await getPermissionUsage(ana, 'Bank', RETAIL, { start_time: '2024-11-15T00:00:00Z', grouping: 'MONTH' })).timeseries ?? [];
    assert.deepEqual(monthly.map((point) => [point.timestamp, point.usage?.used]), [['2024-11-01T00:00:00Z', 0], ['2024-12-01T00:00:00Z', 0], ['2025-01-01T00:00:00Z', 1]]);
  });

  it('answers 400 for unreadable times, groupings, ranges and IDs, and changes nothing', async () => {
    assert.match(expectError(await getDatasetUsage(cleo, 'Bank', { start_time: '<b>yesterday</b>' }), 'invalid').message, /start_time: .* is not an RFC 3339 time/);
    assert.match(expectError(await getDatasetUsage(cleo, 'Bank', { grouping: 'HOUR' as 'DAY' }), 'invalid').message, /grouping: 'HOUR' is not a grouping/);
    assert.match(expectError(await getDatasetUsage(cleo, 'Bank', { start_time: '2025-02-01T00:00:00Z', end_time: '2025-01-01T00:00:00Z' }), 'invalid').message, /must not be after end_time/);
    assert.match(expectError(await getDatasetUsage(cleo, 'Bank', { start_time: '1900-01-01T00:00:00Z', grouping: 'DAY' }), 'invalid').message, /more than 1000 DAY groups/);
    assert.match(expectError(await getDatasetUsage(cleo, '../Bank'), 'invalid').message, /private_id: .* is not an ID/);
    assert.match(expectError(await getPermissionUsage(ana, 'Bank', '../../etc'), 'invalid').message, /recipient_id: .* is not an ID/);
    expectError(await getDatasetUsage(cleo, 'x'.repeat(2_000)), 'not-found');
    assert.equal(expectOk(await getDatasetUsage(cleo, 'Bank')).timeseries?.[0]?.usage?.used, 1);
  });

  it("keeps a dataset's usage to its owner (403 for a permitted reader, 404 for anyone else) and a permission's to its two parties", async () => {
    assert.match(expectError(await getDatasetUsage(ana, 'Bank'), 'forbidden').message, /only its owner reads its credit usage/);
    const hidden = expectError(await getDatasetUsage(zed, 'Bank'), 'not-found');
    assert.equal(hidden.message, expectError(await getDatasetUsage(zed, 'NoSuchDataset'), 'not-found').message.replace('NoSuchDataset', 'Bank'));
    expectError(await getPermissionUsage(zed, 'Bank', RETAIL), 'not-found');
    // Publisher2's permission to RetailCo is not accepted: for RetailCo it does not exist.
    expectError(await getPermissionUsage(ana, 'Publisher2', RETAIL), 'not-found');
    expectError(await getDatasetUsage(demo.createClient('not-a-key'), 'Bank'), 'unauthorized');
    expectError(await getPermissionUsage(demo.createClient('not-a-key'), 'Bank', RETAIL), 'unauthorized');
  });

  it('adds the demo datasets once: a company that saw nothing sees them, a repeat grants nothing new', async () => {
    expectError(await getDatasetMetadata(zed, 'IdGraph'), 'not-found');
    const granted = expectOk(await addDemoDatasets(zed)).permissions ?? [];
    assert.deepEqual(granted.map((permission) => [permission.private_id, permission.recipient?.id, permission.accepted]), [
      ['IdGraph', 'CMP.outsideco', true],
      ['PubAudience', 'CMP.outsideco', true],
    ]);
    expectOk(await getDatasetMetadata(zed, 'IdGraph'));
    const countBefore = (expectOk(await listPermissions(zed)).permissions ?? []).length;
    assert.equal((expectOk(await addDemoDatasets(zed)).permissions ?? []).length, 2);
    assert.equal((expectOk(await listPermissions(zed)).permissions ?? []).length, countBefore);
    // IdentityCo owns IdGraph: only PubAudience is added for it.
    assert.deepEqual((expectOk(await addDemoDatasets(ida)).permissions ?? []).map((permission) => permission.private_id), ['PubAudience']);
    expectError(await addDemoDatasets(demo.createClient('not-a-key')), 'unauthorized');
  });
});

describe('credit usage and the demo datasets against a data folder without demo datasets', () => {
  it('answers 404 for Add access to the Demo Datasets, and counts usage there too', async () => {
    const server = await startTestServer({ files: tinyFiles() });
    const alpha = createTestClient(server.base, {}, 'key-a');
    const beta = createTestClient(server.base, {}, 'key-b');
    try {
      assert.match(expectError(await addDemoDatasets(alpha.client), 'not-found').message, /this data folder has no demo datasets/);
      expectOk(await createQuery(alpha.client, { query: 'SELECT COUNT() FROM Shop INTERSECT News' }));
      assert.equal(expectOk(await getDatasetUsage(alpha.client, 'Shop')).timeseries?.[0]?.usage?.used, 1);
      assert.equal(expectOk(await getDatasetUsage(beta.client, 'News')).timeseries?.[0]?.usage?.permissions?.[0]?.used, 1);
      // Secret's permission to Alpha is not accepted: Alpha cannot read it, Beta (its owner) can.
      expectError(await getPermissionUsage(alpha.client, 'Secret', 'CMP.a'), 'not-found');
      assert.equal(expectOk(await getPermissionUsage(beta.client, 'Secret', 'CMP.a')).timeseries?.[0]?.usage?.used, 0);
    } finally {
      await alpha.close();
      await beta.close();
      await server.close();
    }
  });
});
