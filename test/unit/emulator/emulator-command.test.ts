import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { formatDemoProfileLine, parseEmulatorArgs, runEmulatorCommand } from '../../../cli/src/commands/emulator';
import { DEMO_PARTIES } from '../../../emulator/src/demo/demo-catalog';
import { DEMO_PROFILE } from '../../../emulator/src/demo/demo-profile';
import { createEmulatorServer } from '../../../emulator/src/http/emulator-server';
import { loadDataFolder } from '../../../emulator/src/data/load-data-folder';
import { RealClock } from '../../../emulator/src/state/emulator-clock';
import { startEmulator } from '../../../emulator/src/start-emulator';
import { callServer } from './test-server';
import { tinyFiles, writeTempFolder } from './tiny-folder';

const COMMAND = join(__dirname, '../../../cli/src/main.ts');

function memoryIo(): { io: { stdout: PassThrough; stderr: PassThrough }; out: () => string; err: () => string } {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return { io: { stdout, stderr }, out: () => out, err: () => err };
}

describe('iql emulator', () => {
  let folder: { dir: string; remove: () => Promise<void> };
  before(async () => {
    folder = await writeTempFolder(tinyFiles());
  });
  after(() => folder.remove());

  it('prints exactly the listening line, serves, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', COMMAND, 'emulator', '--data', folder.dir, '--port', '0', '--host', '127.0.0.1'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(stdout);
        if (match?.[1]) resolve(match[1]);
      });
      child.on('exit', (code) => reject(new Error(`exited early with ${code}`)));
    });
    const reply = await callServer(url, 'GET', '/api/v1/health', { key: 'key-a' });
    assert.equal(reply.status, 200);
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 0);
    assert.equal(stdout, `listening on ${url}\n`);
  });

  it('announces the demo user on stdout before the ready line, and keeps keys off stderr, with --demo-profile-json', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', COMMAND, 'emulator', '--port', '0', '--demo-profile-json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        const match = /listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(stdout);
        if (match?.[1]) resolve(match[1]);
      });
      child.on('exit', (code) => reject(new Error(`exited early with ${code}`)));
    });
    try {
      assert.equal(stdout, `${formatDemoProfileLine(DEMO_PROFILE)}\nlistening on ${url}\n`);
      assert.deepEqual(JSON.parse(stdout.slice('demo-profile '.length, stdout.indexOf('\n'))), {
        displayName: 'Ana',
        apiKey: 'demo-key-ana',
        apiKeys: DEMO_PARTIES.users.map((user) => user.api_key),
      });
      assert.equal((await callServer(url, 'GET', '/api/v1/health', { key: DEMO_PROFILE.apiKey })).status, 200);
    } finally {
      child.kill('SIGTERM');
    }
    const [code] = (await once(child, 'exit')) as [number | null];
    assert.equal(code, 0);
    assert.match(stderr, /serving the demo clean room/);
    assert.ok(DEMO_PROFILE.apiKeys.every((key) => !stderr.includes(key)), stderr);
  });

  it('exits 2 with a clear message for bad flags', async () => {
    for (const args of [['--port', 'x'], ['--port', '70000'], ['--nope'], ['--data'], ['--faults', 'nosuch:500'], ['--latency', '-1'], ['--data', '/d', '--demo-profile-json']]) {
      const { io, out, err } = memoryIo();
      assert.equal(await runEmulatorCommand(args, io), 2, args.join(' '));
      assert.equal(out(), '');
      assert.match(err(), /^iql emulator: /);
    }
  });

  it('exits 2 naming the file and line of a malformed folder', async () => {
    const bad = await writeTempFolder(tinyFiles({ 'news.csv': 'email,Interest\na@x,1,2\n' }));
    try {
      const { io, err } = memoryIo();
      assert.equal(await runEmulatorCommand(['--data', bad.dir], io), 2);
      assert.match(err(), /news\.csv:2: malformed CSV/);
    } finally {
      await bad.remove();
    }
  });

  it('exits 2 when the fixed port is taken', async () => {
    const loaded = await loadDataFolder(folder.dir);
    assert.ok(loaded.ok);
    const other = createEmulatorServer({ data: loaded.data });
    const { port } = await other.listen(0, '127.0.0.1');
    try {
      const { io, err } = memoryIo();
      assert.equal(await runEmulatorCommand(['--data', folder.dir, '--port', String(port)], io), 2);
      assert.match(err(), /cannot listen on 127\.0\.0\.1:\d+/);
    } finally {
      await other.close();
    }
  });

  it('reads every flag, in both spellings', () => {
    const parsed = parseEmulatorArgs(['--port=8080', '--host', '0.0.0.0', '--data=/d', '--latency', '25', '--faults', 'validate:500', '--polls=0']);
    assert.deepEqual(parsed, {
      ok: true,
      options: { dataDir: '/d', port: 8080, host: '0.0.0.0', latencyMs: 25, faults: 'validate:500', pollsBeforeDone: 0 },
    });
  });

  it('--real-clock gives a clock that advances with real time; without it none is given (the fixed clock)', async () => {
    const parsed = parseEmulatorArgs(['--real-clock', '--polls', '2']);
    assert.ok(parsed.ok && parsed.options.clock instanceof RealClock);
    assert.equal(parsed.options.pollsBeforeDone, 2);
    const first = parsed.options.clock.now();
    assert.ok(Math.abs(first - Date.now()) < 1000, 'it starts at the real time');
    await new Promise((resolve) => setTimeout(resolve, 30));
    assert.ok(parsed.options.clock.now() >= first + 25, 'and moves with it');
    const plain = parseEmulatorArgs([]);
    assert.ok(plain.ok && plain.options.clock === undefined);
    let system = 1_000;
    const shifted = new RealClock('2025-06-01T12:00:00Z', () => system);
    system += 90_000;
    assert.equal(new Date(shifted.now()).toISOString(), '2025-06-01T12:01:30.000Z');
  });

  it('on a real clock, a schedule fires once its instant has passed in real time', async () => {
    // The clock starts 400 ms before noon: the noon schedule is due after that much real time.
    const started = await startEmulator({ dataDir: folder.dir, clock: new RealClock(Date.parse('2025-06-01T12:00:00Z') - 400) });
    assert.ok(started.ok);
    const server = started.emulator;
    try {
      const created = await callServer(server.url, 'POST', '/api/v2/automations/configs', { body: { name: 'Noon', enabled: true, cron_timer: '0 12 * * *' } });
      assert.equal(created.status, 200, created.text);
      const listed = async () => ((await callServer(server.url, 'GET', '/api/v2/automations/executions')).json as { executions?: { started_date_time: string }[] }).executions ?? [];
      assert.deepEqual(await listed(), [], 'not yet due');
      await new Promise((resolve) => setTimeout(resolve, 600));
      assert.deepEqual((await listed()).map((execution) => execution.started_date_time), ['2025-06-01T12:00:00Z']);
    } finally {
      await server.close();
    }
  });
});
