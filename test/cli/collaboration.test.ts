/**
 * `iql collaboration` against the demo emulator, in process: listing and reading, the whole
 * life of a new collaboration (create, add a dataset with rules, read its log, close it), the
 * refusal of a destructive verb without --yes, and the exit codes of a refusal (1) and of no
 * service (2).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runInProcess, useDemoEmulator } from './cli-harness';

describe('iql collaboration (against the emulator)', () => {
  const service = useDemoEmulator();

  it("lists and reads collaborations as text and as the service's JSON", async () => {
    const text = await runInProcess(['collaboration', 'list'], service.env);
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^ID\s+Name\s+Status/m);
    assert.match(text.stdout, /CLB\.demo\s+.*active/);
    const json = await runInProcess(['collaboration', 'list', '--format', 'json'], service.env);
    assert.ok((JSON.parse(json.stdout) as { id: string }[]).some((collaboration) => collaboration.id === 'CLB.demo'));
    const detail = await runInProcess(['collaboration', 'get', 'CLB.demo'], service.env);
    assert.equal(detail.code, 0, detail.stderr);
    assert.match(detail.stdout, /^Dataset: self — .*exportable to: /m);
    assert.match(detail.stdout, /^Dataset: them — activation allowed/m);
  });

  it('creates a collaboration, adds a dataset with its rules, shows the log, and closes it only with --yes', async () => {
    const created = await runInProcess(['collaboration', 'create', '--name', 'CLI scenario', '--member', 'CMP.pubco:operator'], service.env);
    assert.equal(created.code, 0, created.stderr);
    const id = created.stdout.trim();
    assert.match(id, /^CLB\./);

    const demo = JSON.parse((await runInProcess(['collaboration', 'get', 'CLB.demo', '--format', 'json'], service.env)).stdout) as { collaboration: { datasets: { collaboration_dataset_name: string; dataset_id: string }[] } };
    const retail = demo.collaboration.datasets.find((dataset) => dataset.collaboration_dataset_name === 'self')?.dataset_id ?? '';
    const added = await runInProcess(['collaboration', 'add-dataset', id, '--name', 'shop', '--dataset', retail, '--intersection-only', '--allowed-attribute', 'Gender'], service.env);
    assert.equal(added.code, 0, added.stderr);
    const detail = await runInProcess(['collaboration', 'get', id], service.env);
    assert.match(detail.stdout, /^Dataset: shop — intersection only; attributes: Gender$/m);

    const events = await runInProcess(['collaboration', 'events', id], service.env);
    assert.equal(events.code, 0, events.stderr);
    assert.ok(events.stdout.split('\n').length >= 3, events.stdout);
    assert.match(events.stdout, /TYPE_COLLABORATION_CREATED/);

    const refused = await runInProcess(['collaboration', 'close', id], service.env);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /closes the collaboration for good.*Add --yes/);
    assert.match((await runInProcess(['collaboration', 'get', id], service.env)).stdout, /\(active\)/);
    const closed = await runInProcess(['collaboration', 'close', id, '--yes'], service.env);
    assert.equal(closed.code, 0, closed.stderr);
    assert.match((await runInProcess(['collaboration', 'get', id], service.env)).stdout, /\(closed\)/);
  });

  it("exits 1 with the service's message when refused, and 2 without a service or with a bad verb", async () => {
    const missing = await runInProcess(['collaboration', 'get', 'CLB.nothing'], service.env);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /the service refused: .*CLB\.nothing/);
    const offline = await runInProcess(['collaboration', 'list'], {});
    assert.equal(offline.code, 2);
    assert.match(offline.stderr, /no service is configured.*IQL_BASE_URL/);
    const unknown = await runInProcess(['collaboration', 'frobnicate'], service.env);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown verb 'frobnicate'/);
  });
});
