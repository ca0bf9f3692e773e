import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, before } from 'node:test';
import { startEmulator, type RunningEmulator, type StartEmulatorOptions } from '../../emulator/src/start-emulator';
import { runCli } from '../../cli/src/main';

export const CLI_BUNDLE = resolve(__dirname, '../../dist/cli.js');
export const EXAMPLES = resolve(__dirname, '../../../shared/iql/examples');

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface InProcessOptions {
  /** Passed as `io.signal`: what Ctrl-C aborts in the real command line. */
  readonly signal?: AbortSignal;
  /** Called with all of stderr so far, after every write to it. */
  readonly onStderr?: (soFar: string) => void;
}

/** Runs the CLI in-process with captured output. */
export async function runInProcess(argv: string[], env: NodeJS.ProcessEnv = {}, options: InProcessOptions = {}): Promise<CliRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const chunks = { out: [] as Buffer[], err: [] as Buffer[] };
  stdout.on('data', (chunk: Buffer) => chunks.out.push(chunk));
  stderr.on('data', (chunk: Buffer) => {
    chunks.err.push(chunk);
    options.onStderr?.(Buffer.concat(chunks.err).toString());
  });
  const code = await runCli(argv, { stdout, stderr, env, ...(options.signal ? { signal: options.signal } : {}) });
  return { code, stdout: Buffer.concat(chunks.out).toString(), stderr: Buffer.concat(chunks.err).toString() };
}

/** Runs the built `iql` bundle as a real process. */
export function runBundle(argv: string[], cwd?: string): CliRun {
  const result = spawnSync(process.execPath, [CLI_BUNDLE, ...argv], { encoding: 'utf8', cwd });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** Writes `files` (relative path → text) into a fresh temporary folder and returns its path. */
export function makeTree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'iql-cli-'));
  for (const [path, text] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return root;
}

/**
 * Starts the demo emulator before the suite and closes it after; `emulator` and `env` (its URL
 * and Ana's key, as IQL_* variables) are readable once the suite's `before` has run.
 */
export function useDemoEmulator(options: Omit<StartEmulatorOptions, 'port'> = {}): { readonly emulator: RunningEmulator; readonly env: NodeJS.ProcessEnv } {
  let running: RunningEmulator | undefined;
  before(async () => {
    const started = await startEmulator({ ...options, port: 0 });
    assert.ok(started.ok);
    running = started.emulator;
  });
  after(() => running?.close());
  return {
    get emulator(): RunningEmulator {
      assert.ok(running, 'the demo emulator starts in the suite\'s before hook');
      return running;
    },
    get env(): NodeJS.ProcessEnv {
      return { IQL_BASE_URL: this.emulator.url, IQL_API_KEY: 'demo-key-ana' };
    },
  };
}
