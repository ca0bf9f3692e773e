import assert from 'node:assert/strict';
import { resolve } from 'node:path';
import { describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { launchEmulatorProcess, parseReadyLine } from '../../../../client/src/connections/emulator-process';
import { DEMO_API_KEY, DEMO_API_KEYS } from '../../../../client/src/connections/emulator-profile';

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
  it('runs `iql emulator --port 0`, resolves with the bound URL, and stops it', async () => {
    const lines: string[] = [];
    const launched = await launchEmulatorProcess({
      command: process.execPath,
      args: ['--import', 'tsx', CLI_SOURCE, 'emulator', '--port', '0'],
      env: { ...process.env },
      cwd: REPO,
      hide: DEMO_API_KEYS,
      onOutput: (line) => lines.push(line),
    });
    assert.ok(launched.ok, launched.ok ? '' : launched.message);
    const emulator = launched.process;
    try {
      assert.match(emulator.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      const answer = await fetch(`${emulator.url}/api/v1/datasets`, { headers: { Authorization: DEMO_API_KEY } });
      assert.equal(answer.status, 200, 'the emulator answers with the demo key');
      await waitUntil('the emulator\'s description of the demo', () => lines.some((line) => line.includes('API keys')));
      assert.ok(lines.every((line) => !DEMO_API_KEYS.some((key) => line.includes(key))), 'no demo key reaches the log');
      assert.ok(lines.some((line) => line.includes('[redacted]')));
    } finally {
      emulator.stop();
    }
    const exit = await emulator.exited;
    assert.equal(exit.code, 0, 'SIGTERM closes the emulator cleanly');
    await assert.rejects(fetch(`${emulator.url}/api/v1/datasets`), 'nothing listens any more');
  });

  it('reports an early exit with the end of the error output, keys hidden', async () => {
    const script = `process.stderr.write('cannot listen: port taken (key ${DEMO_API_KEY})\\n'); process.exit(2)`;
    const launched = await launchEmulatorProcess({ command: process.execPath, args: ['-e', script], env: {}, hide: DEMO_API_KEYS });
    assert.equal(launched.ok, false);
    const message = launched.ok ? '' : launched.message;
    assert.match(message, /exited with code 2 before it was ready/);
    assert.match(message, /cannot listen: port taken/);
    assert.doesNotMatch(message, new RegExp(DEMO_API_KEY));
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
