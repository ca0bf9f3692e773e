/**
 * `iql list` against the demo emulator: the account's permissions, connections and
 * activations as a table and as the service's JSON, and a clear usage error otherwise.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { runInProcess, useDemoEmulator } from './cli-harness';

describe('iql list (against the emulator)', () => {
  const service = useDemoEmulator();

  it('lists permissions as a table and as JSON', async () => {
    const table = await runInProcess(['list', 'permissions'], service.env);
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^Dataset\s+Name\s+Owner\s+Recipient\s+Accepted/m);
    assert.match(table.stdout, /^Bank\s+/m);
    const json = JSON.parse((await runInProcess(['list', 'permissions', '--format', 'json'], service.env)).stdout) as { private_id?: string }[];
    assert.ok(json.some((permission) => permission.private_id === 'Bank'));
  });

  it('lists connections and activations', async () => {
    const connections = await runInProcess(['list', 'connections'], service.env);
    assert.equal(connections.code, 0, connections.stderr);
    assert.match(connections.stdout, /^From\s+To\s+Keys/m);
    const activations = await runInProcess(['list', 'activations', '--format', 'json'], service.env);
    assert.equal(activations.code, 0, activations.stderr);
    assert.ok(Array.isArray(JSON.parse(activations.stdout)));
  });

  it('refuses what it cannot list, with the usage', async () => {
    const run = await runInProcess(['list', 'secrets'], service.env);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /cannot list 'secrets'[\s\S]*usage: iql list/);
  });
});
