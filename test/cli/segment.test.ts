/**
 * `iql segment` against the demo emulator, in process: every verb once — listing and reading,
 * the life of a new segment (create from a file, update, calculate with progress, export with
 * its final counts, its exports and status, delete only with --yes) — the service's refusals
 * (exit 1 with its message), usage mistakes (exit 2 with a hint) and the JSON shapes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeTree, runInProcess, useDemoEmulator } from './cli-harness';

const QUERY = "SELECT self.ID FROM self INTERSECT them WHERE them.Interest = 'Cycling'";

describe('iql segment (against the emulator)', () => {
  const service = useDemoEmulator();
  const env = (): NodeJS.ProcessEnv => ({ ...service.env, IQL_COLLABORATION: 'CLB.demo' });

  it('lists and reads segments as text and JSON, with the collaboration from IQL_COLLABORATION or --collaboration', async () => {
    const table = await runInProcess(['segment', 'list'], env());
    assert.equal(table.code, 0, table.stderr);
    assert.match(table.stdout, /^ID\s+Name\s+Status\s+Rows\s+Last calculated/m);
    assert.match(table.stdout, /^ATS\.demo1\s+/m);
    const json = await runInProcess(['segment', 'list', '--collaboration', 'CLB.demo', '--format', 'json'], service.env);
    assert.equal(json.code, 0, json.stderr);
    assert.deepEqual((JSON.parse(json.stdout) as { id: string }[]).map((segment) => segment.id).slice(0, 2), ['ATS.demo1', 'ATS.demo2']);
    const detail = await runInProcess(['segment', 'get', 'ATS.demo1'], env());
    assert.equal(detail.code, 0, detail.stderr);
    assert.match(detail.stdout, /^ATS\.demo1 .*\(\w+\)$/m);
    assert.match(detail.stdout, /^Query: SELECT /m);
    const shape = JSON.parse((await runInProcess(['segment', 'get', 'ATS.demo1', '--format', 'json'], env())).stdout) as { activation_segment: { id: string } };
    assert.equal(shape.activation_segment.id, 'ATS.demo1');
  });

  it('lists the destinations a segment may go to and the push schema of one', async () => {
    const destinations = await runInProcess(['segment', 'destinations', 'ATS.demo1'], env());
    assert.equal(destinations.code, 0, destinations.stderr);
    assert.match(destinations.stdout, /^DST\.retail-sftp\s+.*sftp/m);
    const json = JSON.parse((await runInProcess(['segment', 'destinations', 'ATS.demo1', '--format', 'json'], env())).stdout) as { destinations: { id: string }[] };
    assert.ok(json.destinations.some((destination) => destination.id === 'DST.courier-dsp'));
    const schema = await runInProcess(['segment', 'push-schema', 'ATS.demo1', 'DST.retail-sftp'], env());
    assert.equal(schema.code, 0, schema.stderr);
    assert.equal((JSON.parse(schema.stdout) as { push_schema: { type: string } }).push_schema.type, 'object');
    const missing = await runInProcess(['segment', 'push-schema', 'ATS.demo1'], env());
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /needs the segment's ID and the destination's ID, e\.g\. iql segment push-schema/);
  });

  it('creates a segment from a file, updates, calculates, exports, reports status and deletes it only with --yes', async () => {
    const folder = makeTree({ 'cyclists.iql': `-- @collaboration CLB.demo\n-- cyclists\n${QUERY}\n`, 'two.iql': `${QUERY}\n${QUERY}\n` });
    const created = await runInProcess(['segment', 'create', '--name', 'Cyclists (CLI)', `${folder}/cyclists.iql`], service.env);
    assert.equal(created.code, 0, created.stderr);
    const id = created.stdout.trim();
    assert.match(id, /^ATS\./);
    assert.equal((JSON.parse((await runInProcess(['segment', 'get', id, '--format', 'json'], env())).stdout) as { activation_segment: { query: string } }).activation_segment.query, QUERY);
    const two = await runInProcess(['segment', 'create', '--name', 'Two', `${folder}/two.iql`], env());
    assert.equal(two.code, 2);
    assert.match(two.stderr, /holds 2 queries: a segment is one activation query/);

    const updated = await runInProcess(['segment', 'update', id, '--column-separator', ';', '--header-override', 'ID=customer'], env());
    assert.equal(updated.code, 0, updated.stderr);
    assert.match((await runInProcess(['segment', 'get', id], env())).stdout, /^Column separator: ";"$[\s\S]*^Header: ID → customer$/m);

    const calculated = await runInProcess(['segment', 'calculate', id], env());
    assert.equal(calculated.code, 0, calculated.stderr);
    assert.match(calculated.stdout, new RegExp(`^Calculated ${id.replace('.', '\\.')}: \\d+ rows \\(query \\S+\\)\\.$`, 'm'));
    assert.match(calculated.stderr, /^iql segment calculate: ATS\.\S+: asking for a calculation$/m);
    const noWait = JSON.parse((await runInProcess(['segment', 'calculate', id, '--no-wait', '--format', 'json'], env())).stdout) as { query_id: string };
    assert.ok(noWait.query_id.length > 0);

    const exported = await runInProcess(['segment', 'export', id, '--destination', 'DST.retail-sftp', '--push-config', '{"path":"/cli"}'], env());
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stdout, /^Export \S+ to DST\.retail-sftp: successful, \d+ rows, \d+ rejected/m);
    assert.match(exported.stderr, /export \S+ started/);
    const exportJson = JSON.parse((await runInProcess(['segment', 'export', id, '--destination', 'DST.retail-sftp', '--format', 'json'], env())).stdout) as { status: string; row_count: unknown };
    assert.equal(exportJson.status, 'EXPORT_STATUS_SUCCESSFUL');

    const exports = await runInProcess(['segment', 'exports', id], env());
    assert.equal(exports.code, 0, exports.stderr);
    assert.match(exports.stdout, /^Export\s+Destination\s+Status\s+Rows\s+Rejected\s+Started/m);
    assert.equal(exports.stdout.match(/DST\.retail-sftp/g)?.length, 2);
    const status = await runInProcess(['segment', 'status', id], env());
    assert.equal(status.code, 0, status.stderr);
    assert.match(status.stdout, /^Last export: \S+ to DST\.retail-sftp: successful/m);
    const statusJson = JSON.parse((await runInProcess(['segment', 'status', id, '--format', 'json'], env())).stdout) as { activation_segment: { id: string }; last_export: { status: string } };
    assert.equal(statusJson.activation_segment.id, id);
    assert.equal(statusJson.last_export.status, 'EXPORT_STATUS_SUCCESSFUL');

    const refused = await runInProcess(['segment', 'delete', id], env());
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /deletes the segment.*Add --yes/);
    const deleted = await runInProcess(['segment', 'delete', id, '--yes'], env());
    assert.equal(deleted.code, 0, deleted.stderr);
    assert.equal((await runInProcess(['segment', 'get', id], env())).code, 1);
  });

  it("exits 1 with the service's message when it refuses", async () => {
    const missing = await runInProcess(['segment', 'get', 'ATS.nothing'], env());
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /^iql segment get: the service refused: .*ATS\.nothing/m);
    const badQuery = await runInProcess(['segment', 'create', '--name', 'x', '--query', 'SELECT nothing FROM nowhere'], env());
    assert.equal(badQuery.code, 1);
    assert.match(badQuery.stderr, /the service refused: /);
    const badDestination = await runInProcess(['segment', 'export', 'ATS.demo1', '--destination', 'DST.never-made'], env());
    assert.equal(badDestination.code, 1);
    assert.match(badDestination.stderr, /DST\.never-made/);
  });

  it('stops waiting on Ctrl-C and exits 130', async () => {
    const controller = new AbortController();
    const run = await runInProcess(['segment', 'calculate', 'ATS.demo1'], env(), {
      signal: controller.signal,
      onStderr: (soFar) => {
        if (/asking for a calculation/.test(soFar)) controller.abort();
      },
    });
    assert.equal(run.code, 130, run.stderr);
    assert.match(run.stderr, /^iql segment calculate: cancelled\.$/m);
  });

  it('prints its usage with --help (exit 0) and without a verb (exit 2)', async () => {
    const help = await runInProcess(['segment', '--help'], {});
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^usage: iql segment <verb>/);
    assert.equal((await runInProcess(['segment'], {})).code, 2);
  });

  it('exits 2 with a hint for usage mistakes', async () => {
    const noCollaboration = await runInProcess(['segment', 'list'], service.env);
    assert.equal(noCollaboration.code, 2);
    assert.match(noCollaboration.stderr, /--collaboration ID or IQL_COLLABORATION[\s\S]*usage: iql segment/);
    const noName = await runInProcess(['segment', 'create', '--query', QUERY], env());
    assert.equal(noName.code, 2);
    assert.match(noName.stderr, /--name is required/);
    const badConfig = await runInProcess(['segment', 'export', 'ATS.demo1', '--destination', 'DST.retail-sftp', '--push-config', '{nope'], env());
    assert.equal(badConfig.code, 2);
    assert.match(badConfig.stderr, /--push-config: the text given is not JSON/);
    const badFormat = await runInProcess(['segment', 'list', '--format', 'yaml'], env());
    assert.equal(badFormat.code, 2);
    assert.match(badFormat.stderr, /--format must be text or json/);
    const unknown = await runInProcess(['segment', 'frobnicate'], env());
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown verb 'frobnicate': the verbs are list, get/);
    const nothingToChange = await runInProcess(['segment', 'update', 'ATS.demo1'], env());
    assert.equal(nothingToChange.code, 2);
    assert.match(nothingToChange.stderr, /say what to change/);
  });
});
