import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type RunningEmulator } from '../../emulator/src/start-emulator';
import { CLI_BUNDLE, makeTree, runInProcess } from './cli-harness';

const POLLING = /polling (Q\w+)/;

describe('iql run cancellation', () => {
  let emulator: RunningEmulator;
  let env: NodeJS.ProcessEnv;
  let file: string;
  before(async () => {
    // The query is never done: the run is still polling whenever it is interrupted.
    const started = await startEmulator({ port: 0, pollsBeforeDone: 1_000_000 });
    assert.ok(started.ok);
    emulator = started.emulator;
    env = { IQL_BASE_URL: emulator.url, IQL_API_KEY: 'demo-key-ana' };
    file = join(makeTree({ 'q.iql': 'SELECT COUNT() FROM Retail;\nSELECT COUNT() FROM Bank\n' }), 'q.iql');
  });
  after(() => emulator.close());

  it('stops polling as soon as the signal aborts, says the service keeps the query, exits 130', async () => {
    const controller = new AbortController();
    let abortedAt = 0;
    const run = await runInProcess(['run', '--format', 'json', file], env, {
      signal: controller.signal,
      onStderr: (soFar) => {
        if (abortedAt === 0 && POLLING.test(soFar)) {
          abortedAt = Date.now();
          controller.abort();
        }
      },
    });
    const stoppedAfterMs = Date.now() - abortedAt;
    assert.equal(run.code, 130, run.stderr);
    assert.equal(run.stdout, '', 'nothing half-written on stdout');
    const id = POLLING.exec(run.stderr)?.[1] ?? '';
    assert.match(run.stderr, new RegExp(`cancelled query 1 of 2 \\(line 1\\); stopped waiting\\. The service keeps running query ${id}: it has no cancel operation\\.`));
    assert.equal(run.stderr.match(/polling/g)?.length, 1, 'no poll after the abort');
    assert.doesNotMatch(run.stderr, /query 2 of 2/, 'the later queries are not started');
    // The next poll would have waited 750 ms; stopping must not sit that out.
    assert.ok(stoppedAfterMs < 700, `stopped ${stoppedAfterMs} ms after the abort`);
  });

  it('exits 130 from explain when interrupted before an answer', async () => {
    const controller = new AbortController();
    controller.abort();
    const run = await runInProcess(['explain', file], env, { signal: controller.signal });
    assert.equal(run.code, 130);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /^iql explain: cancelled\.$/m);
  });

  describe('the built bundle', { skip: !existsSync(CLI_BUNDLE) && 'run `npm run build` first' }, () => {
    it('turns a real SIGINT into a clean stop with exit 130', async () => {
      const child = spawn(process.execPath, [CLI_BUNDLE, 'run', file], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      let signalled = false;
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        stderr += chunk;
        if (!signalled && POLLING.test(stderr)) {
          signalled = true;
          child.kill('SIGINT');
        }
      });
      const code = await new Promise<number | null>((resolve) => child.on('close', (exitCode) => resolve(exitCode)));
      assert.ok(signalled, `never saw a polling line:\n${stderr}`);
      assert.equal(code, 130, stderr);
      assert.equal(stdout, '');
      const id = POLLING.exec(stderr)?.[1] ?? '';
      assert.ok(stderr.includes(`The service keeps running query ${id}: it has no cancel operation.`), stderr);
    });
  });
});
