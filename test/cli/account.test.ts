/**
 * `iql account` (Document 2 §4.1) against the demo emulator, in process: users' display
 * names, the PAIR match rate, a PAIR activation query and a private path (create and get), as
 * text and JSON; the service's refusals (exit 1 with its message) and usage mistakes (exit 2).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runInProcess, useDemoEmulator } from './cli-harness';

const RETAIL = 'CLOUDA_EU_WEST_2.retail01';
const PUBLISHER = 'CLOUDA_EU_WEST_2.pub01';

describe('iql account (against the emulator)', () => {
  const service = useDemoEmulator();

  it("names users and their companies, leaving out the unknown", async () => {
    const table = await runInProcess(['account', 'display-names', 'USR.ben', 'USR.nobody'], service.env);
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^User\s+Name\s+Company\s+Company name$/m);
    assert.match(table.stdout, /^USR\.ben\s+Ben\s+CMP\.pubco\s+Courier Media$/m);
    assert.doesNotMatch(table.stdout, /USR\.nobody/);
    const json = JSON.parse((await runInProcess(['account', 'display-names', 'USR.ben', '--format', 'json'], service.env)).stdout) as { users: { user_display_name: string }[] };
    assert.deepEqual(json.users.map((user) => user.user_display_name), ['Ben']);
  });

  it('gives the match rate of two datasets', async () => {
    const rate = await runInProcess(['account', 'match-rate', '--advertiser', RETAIL, '--publisher', PUBLISHER], service.env);
    assert.equal(rate.code, 0, rate.stderr);
    assert.match(rate.stdout, /^Match rate: \d+%$/m);
    const json = JSON.parse((await runInProcess(['account', 'match-rate', '--advertiser', RETAIL, '--publisher', PUBLISHER, '--format', 'json'], service.env)).stdout) as { match_rate_percentage: string };
    assert.match(String(json.match_rate_percentage), /^\d+$/);
  });

  it('queues a PAIR activation query and creates and reads a private path', async () => {
    const pair = await runInProcess(['account', 'pair-query', 'create', '--dataset', RETAIL, '--collaborator-dataset', PUBLISHER, '--column', 'ID', '--name', 'CLI pair'], service.env);
    assert.equal(pair.code, 0, pair.stderr);
    assert.match(pair.stdout.trim(), /^ACT\./);
    const created = await runInProcess(['account', 'private-path', 'create', RETAIL, PUBLISHER], service.env);
    assert.equal(created.code, 0, created.stderr);
    const id = created.stdout.trim();
    assert.match(id, /^CLB\./);
    const read = await runInProcess(['account', 'private-path', 'get', id], service.env);
    assert.equal(read.code, 0, read.stderr);
    assert.match(read.stdout, new RegExp(`^${RETAIL.replace(/\./g, '\\.')}\\s+\\S+`, 'm'));
    const json = JSON.parse((await runInProcess(['account', 'private-path', 'get', id, '--format', 'json'], service.env)).stdout) as { private_path_datasets: { dataset_id: string }[] };
    assert.deepEqual(json.private_path_datasets.map((dataset) => dataset.dataset_id), [RETAIL, PUBLISHER]);
  });

  it("exits 1 with the service's message when it refuses", async () => {
    const wrongOwner = await runInProcess(['account', 'pair-query', 'create', '--dataset', PUBLISHER, '--collaborator-dataset', RETAIL, '--column', 'ID'], service.env);
    assert.equal(wrongOwner.code, 1);
    assert.match(wrongOwner.stderr, /^iql account pair-query: the service refused: /m);
    const missing = await runInProcess(['account', 'private-path', 'get', 'CLB.none'], service.env);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /CLB\.none/);
    const unknown = await runInProcess(['account', 'match-rate', '--advertiser', RETAIL, '--publisher', 'EU.none'], service.env);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /the service refused: .*EU\.none/);
  });

  it('exits 2 with a hint for usage mistakes', async () => {
    const noUsers = await runInProcess(['account', 'display-names'], service.env);
    assert.equal(noUsers.code, 2);
    assert.match(noUsers.stderr, /needs user IDs, e\.g\. iql account display-names USR\.ana/);
    const noPublisher = await runInProcess(['account', 'match-rate', '--advertiser', RETAIL], service.env);
    assert.equal(noPublisher.code, 2);
    assert.match(noPublisher.stderr, /--publisher is required[\s\S]*usage: iql account/);
    const noAction = await runInProcess(['account', 'private-path'], service.env);
    assert.equal(noAction.code, 2);
    assert.match(noAction.stderr, /'account private-path' takes create or get/);
    const noDatasets = await runInProcess(['account', 'private-path', 'create'], service.env);
    assert.equal(noDatasets.code, 2);
    const badType = await runInProcess(['account', 'pair-query', 'create', '--dataset', RETAIL, '--collaborator-dataset', PUBLISHER, '--column', 'ID', '--column-type', 'PHONE'], service.env);
    assert.equal(badType.code, 2);
    assert.match(badType.stderr, /--column-type must be PAIR_COLUMN_TYPE_EMAIL/);
  });
});
