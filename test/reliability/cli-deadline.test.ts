/**
 * A service that accepts connections and never answers: `iql check` and `iql explain` stop at
 * their one overall deadline (`--timeout`), at the first call that hangs, and name it. Before
 * the deadline, check waited 30 s per call, one call after another (61 s for one query).
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FakeService, ok, type FakeHandler } from '../unit/service/fake-service';
import { makeTree, runInProcess } from '../cli/cli-harness';
import { DEFAULT_TIMEOUT_SECONDS } from '../../cli/src/deadline';

const KEY = 'secret-key-never-shown-4711';
const DEADLINE_SECONDS = 1.5;
/** Time allowed past the deadline for aborting the calls and closing the connections. */
const MARGIN_MS = 1_500;

const NEVER: FakeHandler = () => ({ stallHeaders: true });

/** List Datasets answers (without categories, as some services list them); `hang` decides which other calls never answer. */
function answersUntil(hang: (url: string) => boolean): FakeHandler {
  return (request) => {
    if (hang(request.url)) return { stallHeaders: true };
    if (request.url === '/api/v1/datasets') return ok({ datasets: [{ private_id: 'Retail' }, { private_id: 'Bank' }] });
    if (request.url.startsWith('/api/v1/datasets/')) return ok({ dataset: { private_id: request.url.split('/').pop() }, schema: { categories: [] } });
    return ok({ success: true });
  };
}

describe('one deadline for the service calls of a command', () => {
  let service: FakeService;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    service = await FakeService.start(NEVER);
    env = { IQL_BASE_URL: service.baseUrl, IQL_API_KEY: KEY };
  });
  after(() => service.close());

  /** Runs `argv` with the service answering as `handler`; returns the run, its time and the paths asked. */
  async function timed(argv: string[], handler: FakeHandler) {
    service.setHandler(handler);
    service.requests.length = 0;
    const started = Date.now();
    const run = await runInProcess(argv, env);
    return { run, elapsedMs: Date.now() - started, asked: service.requests.map((r) => `${r.method} ${r.url}`) };
  }

  it('iql check stops at the deadline on the first call that hangs (List Datasets), names it, and checks no further file', async () => {
    const queries = Array.from({ length: 5 }, (_, i) => `SELECT COUNT() FROM Retail${i}`).join(';\n');
    const root = makeTree({ 'a.iql': `${queries}\n`, 'b.iql': 'SELECT COUNT() FROM Bank\n' });
    const { run, elapsedMs, asked } = await timed(['check', '--timeout', String(DEADLINE_SECONDS), root], NEVER);
    assert.equal(run.code, 2, run.stderr);
    assert.ok(elapsedMs < DEADLINE_SECONDS * 1000 + MARGIN_MS, `ended after ${elapsedMs} ms`);
    assert.match(run.stderr, /List Datasets \(GET \/api\/v1\/datasets\) had no answer from the service at http:\/\/127\.0\.0\.1:\d+ when the deadline passed\. Stopped there: the deadline of --timeout 1\.5 s had passed\./);
    assert.match(run.stderr, /1 more file was not checked/);
    assert.deepEqual(asked, ['GET /api/v1/datasets'], 'no call after the first that hung');
    assert.ok(!run.stderr.includes(KEY) && !run.stdout.includes(KEY), 'the key is never shown');
  });

  it('names a Get Dataset metadata call that hangs while the catalog loads', async () => {
    const root = makeTree({ 'q.iql': 'SELECT COUNT() FROM Retail\n' });
    const { run, elapsedMs } = await timed(['check', '--timeout', String(DEADLINE_SECONDS), root], answersUntil((url) => url === '/api/v1/datasets/Retail'));
    assert.equal(run.code, 2, run.stderr);
    assert.ok(elapsedMs < DEADLINE_SECONDS * 1000 + MARGIN_MS, `ended after ${elapsedMs} ms`);
    assert.match(run.stderr, /Get Dataset metadata \(GET \/api\/v1\/datasets\/Retail\) had no answer/);
    assert.doesNotMatch(run.stdout, /Unknown dataset/, 'an unanswered call is no verdict on the query');
  });

  it('names a ValidateQuery that hangs after the catalog was read', async () => {
    const root = makeTree({ 'q.iql': 'SELECT COUNT() FROM Retail;\nSELECT COUNT() FROM Bank\n' });
    const { run, elapsedMs, asked } = await timed(['check', '--timeout', String(DEADLINE_SECONDS), root], answersUntil((url) => url === '/api/v1/validate'));
    assert.equal(run.code, 2, run.stderr);
    assert.ok(elapsedMs < DEADLINE_SECONDS * 1000 + MARGIN_MS, `ended after ${elapsedMs} ms`);
    assert.match(run.stderr, /ValidateQuery \(POST \/api\/v1\/validate\) had no answer/);
    assert.equal(asked.filter((call) => call === 'POST /api/v1/validate').length, 1, 'the second query is not sent');
  });

  it('iql explain stops at the deadline and names ExplainQuery', async () => {
    const file = join(makeTree({ 'q.iql': 'SELECT COUNT() FROM Retail;\nSELECT COUNT() FROM Bank\n' }), 'q.iql');
    const { run, elapsedMs, asked } = await timed(['explain', '--timeout', String(DEADLINE_SECONDS), file], NEVER);
    assert.equal(run.code, 2, run.stderr);
    assert.ok(elapsedMs < DEADLINE_SECONDS * 1000 + MARGIN_MS, `ended after ${elapsedMs} ms`);
    assert.match(run.stderr, /^iql explain: ExplainQuery \(POST \/api\/v1\/explain\) had no answer .* Stopped there: the deadline of --timeout 1\.5 s had passed\./);
    assert.deepEqual(asked, ['POST /api/v1/explain']);
    assert.ok(!run.stderr.includes(KEY));
  });

  it('has a default, shown by --help, and refuses a deadline that is not a positive number', async () => {
    for (const command of ['check', 'explain']) {
      const help = await runInProcess([command, '--help']);
      assert.equal(help.code, 0);
      assert.match(help.stdout, new RegExp(`--timeout SECONDS .*\\(default ${DEFAULT_TIMEOUT_SECONDS}\\)`));
      const bad = await runInProcess([command, '--timeout', '0', 'q.iql']);
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /--timeout takes a number of seconds greater than 0/);
    }
  });
});
