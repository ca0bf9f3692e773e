/**
 * `iql call` against the demo emulator, in process: the list of every operation of the table
 * (deprecated ones marked), a call by table id and by swagger operationId in any case, path
 * and query parameters, a body from the command line or standard input checked against the
 * request schema before sending, --yes for destructive operations, CSV answers, the service's
 * refusal (exit 1) and usage mistakes (exit 2).
 */
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { describe, it } from 'node:test';
import { operations } from '../../common/api/operations';
import { runCli } from '../../cli/src/main';
import { runInProcess, useDemoEmulator } from './cli-harness';

describe('iql call (against the emulator)', () => {
  const service = useDemoEmulator();

  it('lists every operation of the table with method and path, deprecated ones marked', async () => {
    const text = await runInProcess(['call', '--list'], {});
    assert.equal(text.code, 0, text.stderr);
    assert.match(text.stdout, /^Operation\s+Swagger operationId\s+Method\s+Path/m);
    assert.match(text.stdout, /^getCollaboration\s+GetCollaboration\s+GET\s+\/api\/v2\/collaborations\/\{collaboration_id\}$/m);
    const json = JSON.parse((await runInProcess(['call', '--list', '--format', 'json'], {})).stdout) as { id: string; method: string; path: string; deprecated: boolean }[];
    assert.deepEqual(json.map((operation) => operation.id), Object.keys(operations));
    for (const [id, definition] of Object.entries(operations)) {
      const deprecated = (definition as { deprecated?: boolean }).deprecated === true;
      assert.equal(json.find((operation) => operation.id === id)?.deprecated, deprecated, id);
      assert.equal(new RegExp(`^${id}\\s.*deprecated$`, 'm').test(text.stdout), deprecated, id);
    }
  });

  it('calls an operation by table id or swagger operationId, in any case, with path and query parameters', async () => {
    const byId = await runInProcess(['call', 'getCollaboration', '--path', 'collaboration_id=CLB.demo'], service.env);
    assert.equal(byId.code, 0, byId.stderr);
    assert.equal((JSON.parse(byId.stdout) as { collaboration: { id: string } }).collaboration.id, 'CLB.demo');
    const bySwagger = await runInProcess(['call', 'GETCOLLABORATION', '--path', 'collaboration_id=CLB.demo', '--format', 'json'], service.env);
    assert.equal(bySwagger.stdout, byId.stdout);
    const swaggerOnly = await runInProcess(['call', 'getdestinationdetails', '--path', 'collaboration_id=CLB.demo', '--path', 'destination_id=DST.retail-sftp'], service.env);
    assert.equal(swaggerOnly.code, 0, swaggerOnly.stderr);
    assert.match(swaggerOnly.stdout, /DST\.retail-sftp/);
    const paged = await runInProcess(['call', 'listActivationSegments', '--path', 'collaboration_id=CLB.demo', '--query', 'pagination.per_page=1'], service.env);
    assert.equal(paged.code, 0, paged.stderr);
    assert.equal((JSON.parse(paged.stdout) as { activation_segments: unknown[] }).activation_segments.length, 1);
    const csv = await runInProcess(['call', 'ExportCollaborationEvents', '--path', 'collaboration_id=CLB.demo'], service.env);
    assert.equal(csv.code, 0, csv.stderr);
    assert.doesNotMatch(csv.stdout, /^[[{]/);
    assert.ok(csv.stdout.split('\n').length >= 2);
  });

  it('sends a checked body from the command line or standard input, and needs --yes to close', async () => {
    const created = await runInProcess(['call', 'createCollaboration', '--body', '{"name":"Called","creator_rights":{"operator":true,"contributor":true,"detailed_logs":true},"collaborators":[]}'], service.env);
    assert.equal(created.code, 0, created.stderr);
    const id = (JSON.parse(created.stdout) as { collaboration_id: string }).collaboration_id;
    assert.match(id, /^CLB\./);

    const stdin = new PassThrough();
    stdin.end(JSON.stringify({ destination_id: 'DST.retail-sftp' }));
    const out = new PassThrough();
    const err = new PassThrough();
    const errors: Buffer[] = [];
    err.on('data', (chunk: Buffer) => errors.push(chunk));
    out.resume();
    const code = await runCli(['call', 'addCollaborationDestination', '--path', `collaboration_id=${id}`, '--body', '-'], { stdout: out, stderr: err, stdin, env: service.env });
    assert.equal(code, 0, Buffer.concat(errors).toString());
    const detail = await runInProcess(['collaboration', 'get', id], service.env);
    assert.match(detail.stdout, /^Destination: DST\.retail-sftp$/m);

    const refused = await runInProcess(['call', 'closeCollaboration', '--path', `collaboration_id=${id}`], service.env);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /POST \/api\/v2\/collaborations\/\{collaboration_id\}\/close .*Add --yes/);
    const closed = await runInProcess(['call', 'closeCollaboration', '--path', `collaboration_id=${id}`, '--yes'], service.env);
    assert.equal(closed.code, 0, closed.stderr);
    assert.deepEqual(JSON.parse(closed.stdout), {});
  });

  it('warns on stderr when the operation is deprecated', async () => {
    const deprecated = Object.entries(operations).find(([, definition]) => (definition as { deprecated?: boolean }).deprecated === true && definition.method === 'GET');
    if (deprecated === undefined) return; // none in the table yet
    const [id, definition] = deprecated;
    const params = [...definition.path.matchAll(/\{([a-z_]+)\}/g)].flatMap((match) => ['--path', `${match[1]}=X.none`]);
    const run = await runInProcess(['call', id, ...params], service.env);
    assert.match(run.stderr, new RegExp(`^iql call ${id}: .* is deprecated by the service\\.$`, 'm'));
  });

  it("exits 1 with the service's message when it refuses", async () => {
    const missing = await runInProcess(['call', 'getCollaboration', '--path', 'collaboration_id=CLB.nothing'], service.env);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /^iql call getCollaboration: the service refused: .*CLB\.nothing/m);
  });

  it('exits 2 with a hint, before sending anything, for usage mistakes and a body that does not fit', async () => {
    const badBody = await runInProcess(['call', 'createCollaboration', '--body', '{"name":5}'], service.env);
    assert.equal(badBody.code, 2);
    assert.match(badBody.stderr, /--body does not fit Create Collaboration: name: /);
    const emptyBody = await runInProcess(['call', 'createActivationSegment', '--path', 'collaboration_id=CLB.demo'], service.env);
    assert.equal(emptyBody.code, 2);
    assert.match(emptyBody.stderr, /--body does not fit Create Activation Segment: name: /);
    const noBody = await runInProcess(['call', 'getCollaboration', '--path', 'collaboration_id=CLB.demo', '--body', '{}'], service.env);
    assert.equal(noBody.code, 2);
    assert.match(noBody.stderr, /sends no body/);
    const missingPath = await runInProcess(['call', 'getCollaboration'], service.env);
    assert.equal(missingPath.code, 2);
    assert.match(missingPath.stderr, /needs --path collaboration_id=… \(GET \/api\/v2\/collaborations\/\{collaboration_id\}\)/);
    const wrongPath = await runInProcess(['call', 'getCollaboration', '--path', 'id=CLB.demo'], service.env);
    assert.equal(wrongPath.code, 2);
    assert.match(wrongPath.stderr, /has no path parameter 'id': its path parameters are collaboration_id/);
    const unknown = await runInProcess(['call', 'getCollab'], service.env);
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /unknown operation 'getCollab'; did you mean getCollaboration/);
    const twoVersions = await runInProcess(['call', 'ListDatasets'], service.env);
    assert.equal(twoVersions.code, 0, twoVersions.stderr);
    const text = await runInProcess(['call', 'getCollaboration', '--path', 'collaboration_id=CLB.demo', '--format', 'text'], service.env);
    assert.equal(text.code, 2);
    assert.match(text.stderr, /--format must be json/);
  });
});
