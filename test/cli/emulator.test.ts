import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { once } from 'node:events';
import { test } from 'node:test';
import { CLI_BUNDLE } from './cli-harness';

test('iql emulator --until-stdin-closes stops when its parent lets go of stdin', { skip: !existsSync(CLI_BUNDLE) && 'run `npm run build` first' }, async () => {
  const child = spawn(process.execPath, [CLI_BUNDLE, 'emulator', '--port', '0', '--until-stdin-closes'], { stdio: ['pipe', 'pipe', 'pipe'] });
  try {
    let stdout = '';
    child.stdout.setEncoding('utf8');
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: string) => {
        stdout += chunk;
        if (/listening on http:\/\/127\.0\.0\.1:\d+/.test(stdout)) resolve();
      });
      child.once('exit', (code) => reject(new Error(`exited early with ${code}`)));
    });
    const url = /listening on (\S+)/.exec(stdout)![1]!;
    assert.equal((await fetch(`${url}/api/v1/health`, { headers: { Authorization: 'demo-key-ana' } })).status, 200);
    const exited = once(child, 'exit');
    child.stdin.end();
    const [code] = (await exited) as [number | null];
    assert.equal(code, 0);
  } finally {
    child.kill();
  }
});
