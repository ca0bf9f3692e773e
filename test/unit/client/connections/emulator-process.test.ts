import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { launchEmulatorProcess, parseReadyLine } from '../../../../client/src/connections/emulator-process';
import { DEMO_PROFILE_ARG } from '../../../../client/src/connections/emulator-profile';
// The test may read the emulator's demo data to know which keys must never reach the log.
import { DEMO_PARTIES } from '../../../../emulator/src/demo/demo-catalog';

const DEMO_KEYS = DEMO_PARTIES.users.map((user) => user.api_key);

const REPO = resolve(__dirname, '../../../..');
const CLI_SOURCE = resolve(REPO, 'cli/src/main.ts');

/** Polls `probe` until it is true; fails after `timeoutMs` naming what it waited for. */
async function waitUntil(what: string, probe: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(50);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('parseReadyLine', () => {
  it('reads the URL from the CLI\'s ready line only', () => {
    assert.equal(parseReadyLine('listening on http://127.0.0.1:41234'), 'http://127.0.0.1:41234');
    assert.equal(parseReadyLine('listening on http://127.0.0.1:41234\r'), 'http://127.0.0.1:41234');
    assert.equal(parseReadyLine('iql emulator: listening on nothing'), undefined);
    assert.equal(parseReadyLine('Try it:'), undefined);
  });
});

describe('launchEmulatorProcess', () => {
  it('runs `iql emulator --port 0 --demo-profile-json`, learns the demo user and keys from it, and stops it', async () => {
    const lines: string[] = [];
    const launched = await launchEmulatorProcess({
      command: process.execPath,
      args: ['--import', 'tsx', CLI_SOURCE, 'emulator', '--port', '0', DEMO_PROFILE_ARG],
      env: { ...process.env },
      cwd: REPO,
      onOutput: (line) => lines.push(line),
    });
    assert.ok(launched.ok, launched.ok ? '' : launched.message);
    const emulator = launched.process;
    try {
      assert.match(emulator.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      const demo = emulator.demoProfile;
      assert.ok(demo, 'the emulator announced its demo user');
      assert.equal(demo.displayName, 'Ana');
      assert.deepEqual([...demo.apiKeys].sort(), [...DEMO_KEYS].sort());
      const answer = await fetch(`${emulator.url}/api/v1/datasets`, { headers: { Authorization: demo.apiKey } });
      assert.equal(answer.status, 200, 'the emulator answers with the announced key');
      await waitUntil('the emulator\'s description of the demo', () => lines.some((line) => line.includes('serving the demo clean room')));
      assert.ok(lines.every((line) => !DEMO_KEYS.some((key) => line.includes(key))), 'no demo key reaches the log');
      assert.ok(lines.some((line) => line.startsWith('demo-profile ') && line.includes('[redacted]')), 'the profile line is logged redacted');
    } finally {
      emulator.stop();
    }
    const exit = await emulator.exited;
    assert.equal(exit.code, 0, 'SIGTERM closes the emulator cleanly');
    await assert.rejects(fetch(`${emulator.url}/api/v1/datasets`), 'nothing listens any more');
  });

  it('hides the keys of a demo-profile line from every later line and from the result', async () => {
    const profile = JSON.stringify({ displayName: 'Tess', apiKey: 'key-tess', apiKeys: ['key-tess', 'key-other'] });
    const script = [
      `console.log('demo-profile ${profile}')`,
      `console.log('listening on http://127.0.0.1:1')`,
      `console.log('keys: key-tess key-other')`,
      'setInterval(() => {}, 1000)',
    ].join(';');
    const lines: string[] = [];
    const launched = await launchEmulatorProcess({ command: process.execPath, args: ['-e', script], env: {}, onOutput: (line) => lines.push(line) });
    assert.ok(launched.ok, launched.ok ? '' : launched.message);
    try {
      assert.deepEqual(launched.process.demoProfile, { displayName: 'Tess', apiKey: 'key-tess', apiKeys: ['key-tess', 'key-other'] });
      await waitUntil('the line after the ready line', () => lines.some((line) => line.startsWith('keys:')));
      assert.ok(lines.every((line) => !line.includes('key-tess') && !line.includes('key-other')), lines.join('\n'));
    } finally {
      launched.process.stop();
    }
    await launched.process.exited;
  });

  it('reports an early exit with the end of the error output, keys hidden', async () => {
    const [key = ''] = DEMO_KEYS;
    const script = `process.stderr.write('cannot listen: port taken (key ${key})\\n'); process.exit(2)`;
    const launched = await launchEmulatorProcess({ command: process.execPath, args: ['-e', script], env: {}, hide: DEMO_KEYS });
    assert.equal(launched.ok, false);
    const message = launched.ok ? '' : launched.message;
    assert.match(message, /exited with code 2 before it was ready/);
    assert.match(message, /cannot listen: port taken/);
    assert.doesNotMatch(message, new RegExp(key));
  });

  it('stops a child that never says it is ready, and says how long it waited', async () => {
    let pid = 0;
    const launched = await launchEmulatorProcess({
      command: process.execPath,
      args: ['-e', 'console.log("pid " + process.pid); setInterval(() => {}, 1000)'],
      env: {},
      readyTimeoutMs: 1_000,
      onOutput: (line) => {
        const match = /^pid (\d+)$/.exec(line);
        if (match) pid = Number(match[1]);
      },
    });
    assert.equal(launched.ok, false);
    assert.match(launched.ok ? '' : launched.message, /did not say it was ready within 1 s, so it was stopped/);
    assert.ok(pid > 0, 'the child printed its pid');
    await waitUntil('the child to end', () => !isAlive(pid));
  });

  it('says so when the program cannot be run at all', async () => {
    const launched = await launchEmulatorProcess({ command: resolve(REPO, 'no-such-node'), args: [], env: {} });
    assert.equal(launched.ok, false);
    assert.match(launched.ok ? '' : launched.message, /could not be started .*ENOENT/);
  });
});
