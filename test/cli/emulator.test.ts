import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { test } from 'node:test';
import { join } from 'node:path';
import { parseDemoProfileLine } from '../../client/src/connections/emulator-profile';
import { describeHowToReach, TRY_IT_QUERY } from '../../cli/src/commands/emulator';
import { CLI_BUNDLE } from './cli-harness';

const PROJECT = join(__dirname, '..', '..');

const skip = !existsSync(CLI_BUNDLE) && 'run `npm run build` first';

/** Starts the built emulator as a parent would, with stdin held open; resolves with its URL once it listens. */
async function startLinkedEmulator(extraArgs: readonly string[] = []): Promise<{ child: ChildProcessWithoutNullStreams; url: string; stdout: () => string }> {
  const child = spawn(process.execPath, [CLI_BUNDLE, 'emulator', '--port', '0', '--until-stdin-closes', ...extraArgs], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.setEncoding('utf8');
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
  });
  return { child, url, stdout: () => stdout };
}

async function exitCode(child: ChildProcessWithoutNullStreams, stop: () => void): Promise<number | string | null> {
  const exited = once(child, 'exit');
  stop();
  const [code, signal] = (await exited) as [number | null, string | null];
  return code ?? signal;
}

test('iql emulator --until-stdin-closes stops when its parent lets go of stdin', { skip }, async () => {
  const { child, url } = await startLinkedEmulator();
  try {
    assert.equal((await fetch(`${url}/api/v1/health`, { headers: { Authorization: 'demo-key-ana' } })).status, 200);
    assert.equal(await exitCode(child, () => child.stdin.end()), 0);
  } finally {
    child.kill('SIGKILL');
  }
});

test('iql emulator --until-stdin-closes still stops on SIGTERM', { skip }, async () => {
  const { child } = await startLinkedEmulator();
  try {
    assert.equal(await exitCode(child, () => child.kill('SIGTERM')), 0);
  } finally {
    child.kill('SIGKILL');
  }
});

test('the built iql emulator --demo-profile-json announces a demo user the editor can read', { skip }, async () => {
  const { child, url, stdout } = await startLinkedEmulator(['--demo-profile-json']);
  try {
    const [profileLine = ''] = stdout().split('\n');
    const profile = parseDemoProfileLine(profileLine);
    assert.ok(profile, `the first line is the demo profile: ${profileLine.slice(0, 20)}…`);
    assert.equal(profile.displayName, 'Ana');
    assert.equal((await fetch(`${url}/api/v1/datasets`, { headers: { Authorization: profile.apiKey } })).status, 200);
    assert.equal(await exitCode(child, () => child.kill('SIGTERM')), 0);
  } finally {
    child.kill('SIGKILL');
  }
});

test('the demo\'s "Try it" names a query inside the project, and says how to stop only when nobody else does', () => {
  assert.ok(existsSync(join(PROJECT, TRY_IT_QUERY)), `${TRY_IT_QUERY} exists in the project`);
  const alone = describeHowToReach('http://127.0.0.1:1234', 'demo-key-ana', false);
  assert.match(alone, new RegExp(`node dist/cli\\.js run ${TRY_IT_QUERY.replace(/\./g, '\\.')}`));
  assert.doesNotMatch(alone, /\.\.\//, 'no path outside the project');
  assert.equal(alone.match(/Ctrl-C/g)?.length, 1);
  assert.doesNotMatch(describeHowToReach('http://127.0.0.1:1234', 'demo-key-ana', true), /Ctrl-C/);
});

test('the built iql emulator under a parent (npm start) prints "Try it" without its own "Stop with Ctrl-C"', { skip }, async () => {
  const child = spawn(process.execPath, [CLI_BUNDLE, 'emulator', '--port', '0', '--until-stdin-closes'], { stdio: ['pipe', 'pipe', 'pipe'] });
  try {
    let stderr = '';
    child.stderr.setEncoding('utf8');
    await new Promise<void>((resolve, reject) => {
      child.stderr.on('data', (chunk: string) => {
        stderr += chunk;
        if (stderr.includes('any LSP client')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
    });
    assert.match(stderr, /Try it/);
    assert.doesNotMatch(stderr, /Ctrl-C/);
    assert.equal(await exitCode(child, () => child.stdin.end()), 0);
  } finally {
    child.kill('SIGKILL');
  }
});
