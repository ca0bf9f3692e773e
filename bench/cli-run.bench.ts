/**
 * Run → results without the editor: `iql run demo/workspace/audience-profile.iql` against the
 * demo clean room served by an emulator in this process, which counts the Get a Query requests
 * (polls) of each run. Timed in process (the command line's own work: submit, polls, result,
 * printing) on a fresh emulator each time, so that the query is new to it as on a first Run,
 * and as the built command line (dist/cli.js, a Node process of its own) for what a user
 * waits, with `iql --version` for the cost of starting Node and the bundle.
 * Prints only a Markdown section on stdout.
 *
 *   npm run build && node --import tsx bench/cli-run.bench.ts
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { runCli } from '../cli/src/main';
import { loadDemoData } from '../emulator/src/demo/generate-demo-folder';
import type { EmulatorData } from '../emulator/src/data/loaded-data';
import { createEmulatorServer } from '../emulator/src/http/emulator-server';

const ROOT = join(__dirname, '..');
const CLI = join(ROOT, 'dist', 'cli.js');
const QUERY_FILE = join(ROOT, 'demo', 'workspace', 'audience-profile.iql');
const RUNS = 7;

interface Timed {
  readonly ms: number;
  readonly polls: number;
}

type Runner = (args: readonly string[], env: NodeJS.ProcessEnv) => Promise<void>;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const inProcess: Runner = async (args, env) => {
  const output = new PassThrough();
  output.resume();
  const code = await runCli([...args], { stdout: output, stderr: output, env });
  if (code !== 0) throw new Error(`iql ${args.join(' ')} exited ${code}`);
};

const asProcess: Runner = (args, env) =>
  new Promise((resolve, reject) => {
    // The emulator answers from this process, so the command line runs beside it, not blocking it.
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`iql ${args.join(' ')} exited ${code}:\n${errors}`))));
  });

/** Times `iql args` against an emulator over `data`: a fresh one when `fresh`, else `shared`'s. */
async function timeRun(data: EmulatorData, run: Runner, args: readonly string[], runs: number, fresh: boolean): Promise<Timed[]> {
  const timings: Timed[] = [];
  let emulator = createEmulatorServer({ data });
  let polls = 0;
  const count = (request: { method?: string; url?: string }): void => {
    if (request.method === 'GET' && /\/queries\/[^/]+$/.test(request.url ?? '')) polls++;
  };
  for (let i = 0; i < runs; i++) {
    if (fresh && i > 0) {
      await emulator.close();
      emulator = createEmulatorServer({ data });
    }
    if (i === 0 || fresh) emulator.server.on('request', count);
    const address = await emulator.listen();
    const before = polls;
    const started = performance.now();
    await run(args, { IQL_BASE_URL: address.url, IQL_API_KEY: 'demo-key-ana' });
    timings.push({ ms: Math.round(performance.now() - started), polls: polls - before });
    if (!fresh) emulator.server.close();
  }
  await emulator.close();
  return timings;
}

function row(label: string, timings: readonly Timed[], target = '—', met = ''): string {
  const ms = timings.map((t) => t.ms);
  const polls = [...new Set(timings.map((t) => t.polls))].join(' or ');
  return `| ${label}: median of ${ms.length} (${ms.join(', ')} ms) | ${median(ms)} ms, ${polls} poll${polls === '1' ? '' : 's'} | ${target} | ${met} |`;
}

async function main(): Promise<void> {
  const loaded = await loadDemoData();
  if (!loaded.ok) throw new Error('the demo clean room did not load');
  const run = ['run', QUERY_FILE];
  // A first run warms the engine's and the command line's caches; it is not counted.
  await timeRun(loaded.data, inProcess, run, 1, true);
  const firstInProcess = await timeRun(loaded.data, inProcess, run, RUNS, true);
  const firstProcess = await timeRun(loaded.data, asProcess, run, RUNS, true);
  const startup = await timeRun(loaded.data, asProcess, ['--version'], 5, true);
  const met = median(firstInProcess.map((t) => t.ms)) <= 400 ? 'yes' : '**no**';
  const lines = [
    '## Command line run',
    '',
    '`iql run demo/workspace/audience-profile.iql` against the demo clean room, each run on a fresh emulator (the query is new',
    'to it, as on a first Run) served from the benchmark process, which counts the Get a Query requests (polls);',
    '`npm run build && node --import tsx bench/cli-run.bench.ts`. In process: the command line\'s own work (submit, polls, result,',
    'printing); as a process: `node dist/cli.js`, what a user waits.',
    '',
    '| Measure | Value | Target | Met |',
    '|---|---|---|---|',
    row('`iql run`, first run, in process', firstInProcess, '≤ 400 ms', met),
    row('`iql run`, first run, as a process', firstProcess),
    row('`iql --version` as a process (starting Node and the bundle)', startup),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
