/**
 * The emulator's policy rules under abuse (issue 12): rows of a collaboration dataset go only
 * to the companies its `exportable_to_members` lists; a segment is changed or deleted only by
 * its creator company or the collaboration's owner; hostile query shapes get a 400 naming the
 * limit, never a crash; and the emulator says that its state dies with it. Each rule is tested
 * from both sides over real HTTP on 127.0.0.1.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { ActivationSegmentResponseSchema, ListActivationsResponseSchema, QueueActivationResponseSchema } from '../../common/api';
import { runEmulatorCommand } from '../../cli/src/commands/emulator';
import { expectShape, expectV1Error, expectV2Error, startTestServer } from '../unit/emulator/test-server';
import type { TestServer } from '../unit/emulator/test-server';
import { tinyFiles, writeTempFolder } from '../unit/emulator/tiny-folder';
import { KEY, policyFiles } from './policy-folder';

const segmentsOf = (collaboration: string): string => `/api/v2/collaborations/${collaboration}/activation-segments`;

describe('emulator policy: exportable_to_members', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ files: policyFiles() });
  });
  after(() => server.close());

  const activation = (collaboration: string, dataset: string): { query: string; collaboration_id: string } => ({
    query: `SELECT ${dataset}.ID FROM ${dataset} INTERSECT news`,
    collaboration_id: collaboration,
  });

  it('v1 Queue Activation: the dataset owner and a listed member may activate it, an unlisted member gets 403', async () => {
    for (const key of [KEY.alpha, KEY.beta]) {
      expectShape(QueueActivationResponseSchema, await server.call('POST', '/api/v1/activations', { key, body: activation('CLB.p', 'shop') }));
    }
    const refused = expectV1Error(await server.call('POST', '/api/v1/activations', { key: KEY.gamma, body: activation('CLB.p', 'shop') }), 403);
    assert.match(refused.message, /dataset 'shop' may not be exported to your company 'CMP\.c'/);
    assert.match(refused.message, /exportable_to_members lists only 'CMP\.a', 'CMP\.b'/);
    const listed = expectShape(ListActivationsResponseSchema, await server.call('GET', '/api/v1/activations?filter.collaboration_id=CLB.p', { key: KEY.gamma }));
    assert.deepEqual(listed.activations, [], 'a refused activation leaves nothing behind');
  });

  it('v1 Queue Activation: an empty exportable_to_members refuses everyone, the dataset owner too', async () => {
    const refused = expectV1Error(await server.call('POST', '/api/v1/activations', { key: KEY.alpha, body: activation('CLB.sealed', 'sealed') }), 403);
    assert.match(refused.message, /dataset 'sealed' .*exportable_to_members list is empty/);
  });

  it('Create Activation Segment: the dataset owner and a listed member may, an unlisted member gets 403', async () => {
    const body = { name: 'Shared', query: 'SELECT shop.ID FROM shop INTERSECT news' };
    for (const key of [KEY.alpha, KEY.beta]) {
      expectShape(ActivationSegmentResponseSchema, await server.call('POST', segmentsOf('CLB.p'), { key, body }));
    }
    const refused = expectV2Error(await server.call('POST', segmentsOf('CLB.p'), { key: KEY.gamma, body }), 403, 'PERMISSION_DENIED');
    assert.match(refused, /dataset 'shop' may not be exported to your company 'CMP\.c'.*exportable_to_members/);
    const sealed = { name: 'Sealed', query: 'SELECT sealed.ID FROM sealed INTERSECT news' };
    const empty = expectV2Error(await server.call('POST', segmentsOf('CLB.sealed'), { key: KEY.alpha, body: sealed }), 403, 'PERMISSION_DENIED');
    assert.match(empty, /exportable_to_members list is empty/);
  });
});

describe('emulator policy: who may change or delete a segment', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ files: policyFiles() });
  });
  after(() => server.close());

  async function createSegment(key: string, name: string): Promise<string> {
    const body = { name, query: 'SELECT shop.ID FROM shop INTERSECT news' };
    return expectShape(ActivationSegmentResponseSchema, await server.call('POST', segmentsOf('CLB.p'), { key, body })).activation_segment.id;
  }

  // Both sides in one test: allowing alone passed before the rule existed.
  it('only the creator company or the collaboration owner may change or delete a segment; another member gets 403', async () => {
    const byAlpha = await createSegment(KEY.alpha, 'By Alpha');
    const byBeta = await createSegment(KEY.beta, 'By Beta');
    for (const [key, id] of [[KEY.beta, byAlpha], [KEY.gamma, byAlpha], [KEY.gamma, byBeta]] as const) {
      const path = `${segmentsOf('CLB.p')}/${id}`;
      const deleted = expectV2Error(await server.call('DELETE', path, { key }), 403, 'PERMISSION_DENIED');
      assert.match(deleted, /only that company or the collaboration's owner 'CMP\.a' may delete it/);
      const changed = expectV2Error(await server.call('PATCH', path, { key, body: { column_separator: ';' } }), 403, 'PERMISSION_DENIED');
      assert.match(changed, /may change it/);
      const kept = expectShape(ActivationSegmentResponseSchema, await server.call('GET', path, { key }));
      assert.equal(kept.activation_segment.column_separator, ',');
    }

    const betas = `${segmentsOf('CLB.p')}/${byBeta}`;
    const changed = expectShape(ActivationSegmentResponseSchema, await server.call('PATCH', betas, { key: KEY.beta, body: { column_separator: ';' } }));
    assert.equal(changed.activation_segment.column_separator, ';');
    assert.equal((await server.call('PATCH', betas, { key: KEY.alpha, body: { column_separator: '|' } })).status, 200, 'the owner changes any segment');
    assert.equal((await server.call('DELETE', betas, { key: KEY.alpha })).status, 200, 'the owner deletes any segment');
    expectV2Error(await server.call('GET', betas, { key: KEY.alpha }), 404, 'NOT_FOUND');
    const own = `${segmentsOf('CLB.p')}/${await createSegment(KEY.beta, 'Beta removes')}`;
    assert.equal((await server.call('DELETE', own, { key: KEY.beta })).status, 200, 'the creator deletes its own segment');
  });
});

describe('emulator policy: query size limits', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ files: policyFiles() });
  });
  after(() => server.close());

  const chain = (select: string, operators: number): string => `SELECT ${select} FROM Shop${' INTERSECT News'.repeat(operators)}`;

  it('a 50,000-long INTERSECT chain gets a 400 naming the limit on every query path, 10,000 nested parentheses one naming theirs; 1,000 still pass', async () => {
    const insight = chain('COUNT()', 50_000);
    const paths = [['/api/v1/validate', insight], ['/api/v1/explain', insight], ['/api/v1/queries', insight], ['/api/v1/activations', chain('Shop.ID', 50_000)]];
    for (const [path, query] of paths) {
      const refused = expectV1Error(await server.call('POST', path, { body: { query } }), 400);
      assert.match(refused.message, /combines 50001 datasets with 50000 set operators .*at most 1000 set operators/, path);
    }
    const segment = { name: 'Chain', query: `SELECT shop.ID FROM shop${' INTERSECT news'.repeat(50_000)}` };
    assert.match(expectV2Error(await server.call('POST', segmentsOf('CLB.p'), { body: segment }), 400, 'INVALID_ARGUMENT'), /at most 1000 set operators/);

    const nested = `SELECT COUNT() FROM ${'('.repeat(10_000)}Shop${')'.repeat(10_000)}`;
    assert.match(expectV1Error(await server.call('POST', '/api/v1/validate', { body: { query: nested } }), 400).message, /nested more than 64 deep/);

    const withinLimit = await server.call('POST', '/api/v1/validate', { body: { query: chain('COUNT()', 1_000) } });
    assert.equal(withinLimit.status, 200, 'a chain of 1,000 set operators is still answered');
  });

  it('a query over 100,000 characters gets a 400 naming the limit, a 5 MB body a 413 naming the body limit', async () => {
    const long = `SELECT COUNT() FROM Shop -- ${'x'.repeat(200_000)}`;
    const refused = expectV1Error(await server.call('POST', '/api/v1/validate', { body: { query: long } }), 400);
    assert.match(refused.message, /is 200028 characters long; the emulator accepts at most 100000 characters/);
    const huge = await server.call('POST', '/api/v1/validate', { body: { query: `SELECT COUNT() FROM Shop -- ${'x'.repeat(5_000_000)}` } });
    // 413 is not among the 1.0 error statuses, so it has the `default` body: {code, message, details}.
    assert.equal(huge.status, 413);
    assert.match((huge.json as { message: string }).message, /larger than the limit of 1048576 bytes/);
  });
});

describe('emulator policy: state is in memory', () => {
  it('`iql emulator --help` says that state is kept in memory and lost when it stops', async () => {
    const stdout = new PassThrough();
    let text = '';
    stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    assert.equal(await runEmulatorCommand(['--help'], { stdout, stderr: new PassThrough() }), 0);
    assert.match(text, /state is kept in memory only: .* lost when the emulator stops/);
  });

  it('the start banner says it too, on stderr, leaving stdout to the ready line', async () => {
    const folder = await writeTempFolder(tinyFiles());
    const command = join(__dirname, '../../cli/src/main.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', command, 'emulator', '--data', folder.dir, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let stdout = '';
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes('\n')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${stderr}`)));
      });
      child.kill('SIGTERM');
      await once(child, 'close'); // after 'exit', stderr may still hold unread output
      assert.match(stdout, /^listening on http:\/\/127\.0\.0\.1:\d+\n$/);
      assert.match(stderr, /iql emulator: state is kept in memory only: .* lost when the emulator stops/);
    } finally {
      child.kill('SIGKILL');
      await folder.remove();
    }
  });
});
