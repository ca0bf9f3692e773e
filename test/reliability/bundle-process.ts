/**
 * Runs the built `iql` bundle (dist/cli.js) as a real process, without blocking this one: the
 * fake services of these tests answer from this process, so a synchronous spawn would starve
 * them. A run that outlives `timeoutMs` is killed and reported with code null, so a case that
 * hangs fails in seconds instead of holding the suite.
 */
import { spawn } from 'node:child_process';
import { CLI_BUNDLE } from '../cli/cli-harness';

export interface BundleRun {
  /** null when the process was killed (timeout) or ended by a signal. */
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly elapsedMs: number;
}

export interface BundleRunOptions {
  /** The whole environment of the process (IQL_* variables are not inherited). */
  readonly env?: NodeJS.ProcessEnv;
  readonly timeoutMs?: number;
}

export function runBundleProcess(argv: readonly string[], options: BundleRunOptions = {}): Promise<BundleRun> {
  const started = Date.now();
  const child = spawn(process.execPath, [CLI_BUNDLE, ...argv], { env: { PATH: process.env.PATH, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 20_000);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString(), elapsedMs: Date.now() - started });
    });
  });
}

/** A JavaScript stack frame or a V8 crash report: what a user must never see. */
export const CRASH_TRACE = /^\s+at .+[(:]\d+|FATAL ERROR|JavaScript heap|Native stack trace/m;
