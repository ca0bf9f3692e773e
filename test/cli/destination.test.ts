/**
 * `iql destination` and `iql collaboration add-destination/remove-destination` against the
 * demo emulator, in process: the types and their schemas, a destination's whole life (create
 * from a config file, get with its secret hidden, update, duplicate, attach to a collaboration
 * and detach only with --yes, delete only with --yes), the service's refusals (exit 1 with its
 * message), usage mistakes (exit 2) and the JSON shapes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeTree, runInProcess, useDemoEmulator } from './cli-harness';

describe('iql destination (against the emulator)', () => {
  const service = useDemoEmulator();

  it('lists the types, a type schema and its external config', async () => {
    const types = await runInProcess(['destination', 'types'], service.env);
    assert.equal(types.code, 0, types.stderr);
    assert.match(types.stdout, /^Type\s+Name$/m);
    assert.match(types.stdout, /^sftp\s+SFTP server$/m);
    const json = JSON.parse((await runInProcess(['destination', 'types', '--format', 'json'], service.env)).stdout) as { destination_types: { id: string }[] };
    assert.ok(json.destination_types.some((type) => type.id === 'sftp'));
    const schema = await runInProcess(['destination', 'type-schema', 'sftp'], service.env);
    assert.equal(schema.code, 0, schema.stderr);
    assert.deepEqual((JSON.parse(schema.stdout) as { connection_specification: { required: string[] } }).connection_specification.required, ['host']);
    const external = await runInProcess(['destination', 'external-config', 'sftp'], service.env);
    assert.equal(external.code, 0, external.stderr);
    assert.equal(typeof JSON.parse(external.stdout), 'object');
    const unknown = await runInProcess(['destination', 'type-schema', 'carrier-pigeon'], service.env);
    assert.equal(unknown.code, 1);
    assert.match(unknown.stderr, /^iql destination type-schema: the service refused: .*carrier-pigeon/m);
  });

  it('creates, reads, updates, duplicates, attaches, detaches and deletes a destination', async () => {
    const folder = makeTree({ 'sftp.json': JSON.stringify({ host: 'drop.example', password: 'hunter2', path: '/in' }) });
    const created = await runInProcess(['destination', 'create', '--type', 'sftp', '--name', 'CLI drop', '--config', `${folder}/sftp.json`, '--editable-path', 'path'], service.env);
    assert.equal(created.code, 0, created.stderr);
    const id = created.stdout.trim();
    assert.match(id, /^DST\./);

    const detail = await runInProcess(['destination', 'get', id], service.env);
    assert.equal(detail.code, 0, detail.stderr);
    assert.match(detail.stdout, /^DST\.\S+ {2}CLI drop {2}\(sftp\)$/m);
    assert.match(detail.stdout, /^Config: host = "drop\.example"$/m);
    assert.doesNotMatch(detail.stdout, /hunter2/);
    assert.match(detail.stdout, /^Editable at export: path$/m);
    assert.match((await runInProcess(['destination', 'list'], service.env)).stdout, new RegExp(`^${id.replace('.', '\\.')}\\s+CLI drop\\s+sftp`, 'm'));
    const listJson = JSON.parse((await runInProcess(['destination', 'list', '--format', 'json'], service.env)).stdout) as { id: string }[];
    assert.ok(listJson.some((destination) => destination.id === id));

    const updated = await runInProcess(['destination', 'update', id, '--name', 'CLI drop 2', '--description', 'for the tests'], service.env);
    assert.equal(updated.code, 0, updated.stderr);
    const json = JSON.parse((await runInProcess(['destination', 'get', id, '--format', 'json'], service.env)).stdout) as { destination: { name: string; description: string } };
    assert.equal(json.destination.name, 'CLI drop 2');
    assert.equal(json.destination.description, 'for the tests');

    const copy = await runInProcess(['destination', 'duplicate', id], service.env);
    assert.equal(copy.code, 0, copy.stderr);
    assert.match(copy.stdout.trim(), /^DST\./);
    assert.notEqual(copy.stdout.trim(), id);

    const attached = await runInProcess(['collaboration', 'add-destination', 'CLB.demo', id], service.env);
    assert.equal(attached.code, 0, attached.stderr);
    assert.match((await runInProcess(['collaboration', 'get', 'CLB.demo'], service.env)).stdout, new RegExp(`^Destination: ${id.replace('.', '\\.')}$`, 'm'));
    const keep = await runInProcess(['collaboration', 'remove-destination', 'CLB.demo', id], service.env);
    assert.equal(keep.code, 2);
    assert.match(keep.stderr, /removes the destination from the collaboration.*Add --yes/);
    const detached = await runInProcess(['collaboration', 'remove-destination', 'CLB.demo', id, '--yes'], service.env);
    assert.equal(detached.code, 0, detached.stderr);
    assert.doesNotMatch((await runInProcess(['collaboration', 'get', 'CLB.demo'], service.env)).stdout, new RegExp(id.replace('.', '\\.')));

    const refused = await runInProcess(['destination', 'delete', id], service.env);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /deletes the destination.*Add --yes/);
    const deleted = await runInProcess(['destination', 'delete', id, '--yes'], service.env);
    assert.equal(deleted.code, 0, deleted.stderr);
    assert.equal((await runInProcess(['destination', 'get', id], service.env)).code, 1);
  });

  it("exits 1 with the service's message for a config the type refuses or a missing destination", async () => {
    const bad = await runInProcess(['destination', 'create', '--type', 'sftp', '--name', 'no host', '--config', '{"port":22}'], service.env);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /the service refused: .*host/);
    const missing = await runInProcess(['destination', 'get', 'DST.never-made'], service.env);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /DST\.never-made/);
    const attach = await runInProcess(['collaboration', 'add-destination', 'CLB.demo', 'DST.never-made'], service.env);
    assert.equal(attach.code, 1);
  });

  it('exits 2 with a hint for usage mistakes', async () => {
    const noConfig = await runInProcess(['destination', 'create', '--type', 'sftp', '--name', 'x'], service.env);
    assert.equal(noConfig.code, 2);
    assert.match(noConfig.stderr, /--config is required[\s\S]*usage: iql destination/);
    const noFile = await runInProcess(['destination', 'create', '--type', 'sftp', '--name', 'x', '--config', '/nonexistent/c.json'], service.env);
    assert.equal(noFile.code, 2);
    assert.match(noFile.stderr, /--config: cannot read \/nonexistent\/c\.json/);
    const notObject = await runInProcess(['destination', 'create', '--type', 'sftp', '--name', 'x', '--config', '[1]'], service.env);
    assert.equal(notObject.code, 2);
    assert.match(notObject.stderr, /--config must be a JSON object/);
    const noId = await runInProcess(['destination', 'get'], service.env);
    assert.equal(noId.code, 2);
    assert.match(noId.stderr, /needs the destination's ID, e\.g\. iql destination get DST\./);
    const typeChange = await runInProcess(['destination', 'update', 'DST.retail-sftp', '--type', 'dsp'], service.env);
    assert.equal(typeChange.code, 2);
    const noDestination = await runInProcess(['collaboration', 'add-destination', 'CLB.demo'], service.env);
    assert.equal(noDestination.code, 2);
    assert.match(noDestination.stderr, /needs the collaboration's ID and the destination's ID/);
  });
});
