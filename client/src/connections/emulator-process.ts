/**
 * Runs `iql emulator` as a child process and waits until it says where it listens. Free of
 * the editor API: the caller chooses the executable (the editor's own Node), the arguments and
 * the environment, and receives every line of output, already stripped of the demo keys,
 * those it names and those the emulator announces (`--demo-profile-json`).
 */
import { spawn } from 'node:child_process';
import { redactText } from '../../../common/redact';
import { parseDemoProfileLine, type EmulatorDemoProfile } from './emulator-profile';

/** How long the emulator may take to generate the demo data and bind its port. */
export const DEFAULT_READY_TIMEOUT_MS = 30_000;

/** How long a stopped emulator may take to close its connections before it is killed. */
const KILL_AFTER_MS = 3_000;

/** The most of the child's error output kept for a failure message. */
const STDERR_TAIL_CHARS = 2_000;

export interface EmulatorLaunch {
  /** The Node executable, e.g. `process.execPath`. */
  readonly command: string;
  /** e.g. `[<extension>/dist/cli.js, 'emulator', '--port', '0']`. */
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly cwd?: string;
  readonly readyTimeoutMs?: number;
  /** Strings never passed on (log lines, failure messages), besides the keys the emulator announces. */
  readonly hide?: readonly string[];
  /** Every line the child writes, redacted, for a log. */
  readonly onOutput?: (line: string, stream: 'stdout' | 'stderr') => void;
}

export interface EmulatorExit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
}

export interface EmulatorProcess {
  /** The base URL the emulator printed, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  readonly pid: number | undefined;
  /** The demo user the emulator announced before its ready line (`--demo-profile-json`), if any. */
  readonly demoProfile?: EmulatorDemoProfile;
  /** Settles once, when the child has ended, however it ended. Never rejects. */
  readonly exited: Promise<EmulatorExit>;
  /** Asks the child to stop (SIGTERM), and kills it if it has not ended shortly after. Idempotent. */
  stop(): void;
}

export type EmulatorLaunchResult = { readonly ok: true; readonly process: EmulatorProcess } | { readonly ok: false; readonly message: string };

const READY_LINE = /^listening on (https?:\/\/\S+)\s*$/;

/** The URL in the CLI's ready line (`listening on http://HOST:PORT`), else undefined. */
export function parseReadyLine(line: string): string | undefined {
  return READY_LINE.exec(line.trim())?.[1];
}

/**
 * Starts the emulator and resolves once it printed its ready line, or with a message that says
 * what went wrong and carries the end of its error output: it could not be run, it exited
 * first, or it said nothing within the timeout (then it is stopped). A demo-profile line on
 * stdout before the ready line becomes `demoProfile`, and its keys are hidden from then on,
 * that line included. Never rejects.
 */
export function launchEmulatorProcess(launch: EmulatorLaunch): Promise<EmulatorLaunchResult> {
  const hide = [...(launch.hide ?? [])];
  const clean = (text: string): string => redactText(text, hide);
  let demoProfile: EmulatorDemoProfile | undefined;
  const timeoutMs = launch.readyTimeoutMs ?? DEFAULT_READY_TIMEOUT_MS;

  return new Promise<EmulatorLaunchResult>((resolve) => {
    let settled = false;
    let stderrTail = '';
    const child = spawn(launch.command, [...launch.args], { env: launch.env, cwd: launch.cwd, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });

    const exited = new Promise<EmulatorExit>((resolveExit) => {
      // 'close' comes after the output streams ended, so every line has been seen by then.
      child.once('close', (code, signal) => resolveExit({ code, signal }));
      // A child that could not be spawned emits 'error' and never 'exit'.
      child.once('error', () => resolveExit({ code: null, signal: null }));
    });
    let stopping = false;
    const stop = (): void => {
      if (stopping || child.exitCode !== null || child.signalCode !== null) return;
      stopping = true;
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), KILL_AFTER_MS);
      killer.unref();
      void exited.then(() => clearTimeout(killer));
    };

    const finish = (result: EmulatorLaunchResult): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const describeTail = (): string => {
      const tail = clean(stderrTail).trim();
      return tail ? ` Its output ended with:\n${tail}` : ' It wrote no error output.';
    };

    const timer = setTimeout(() => {
      stop();
      finish({ ok: false, message: `The local emulator did not say it was ready within ${Math.round(timeoutMs / 1000)} s, so it was stopped.${describeTail()}` });
    }, timeoutMs);

    forEachLine(child.stdout, (line) => {
      const announced = settled ? undefined : parseDemoProfileLine(line);
      if (announced !== undefined) {
        demoProfile = announced;
        hide.push(...announced.apiKeys);
      }
      launch.onOutput?.(clean(line), 'stdout');
      const url = parseReadyLine(line);
      if (url !== undefined) finish({ ok: true, process: { url, pid: child.pid, exited, stop, demoProfile } });
    });
    forEachLine(child.stderr, (line) => {
      launch.onOutput?.(clean(line), 'stderr');
      stderrTail = `${stderrTail}${line}\n`.slice(-STDERR_TAIL_CHARS);
    });
    child.once('error', (error) => {
      finish({ ok: false, message: `The local emulator could not be started (${launch.command}): ${clean(error.message)}` });
    });
    child.once('close', (code, signal) => {
      const how = signal ? `was stopped by ${signal}` : `exited with code ${code ?? 'unknown'}`;
      finish({ ok: false, message: `The local emulator ${how} before it was ready.${describeTail()}` });
    });
  });
}

/** Calls `onLine` for each complete line of `stream`, and for a last line without a break. */
function forEachLine(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  if (!stream) return;
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    pending += chunk;
    let index = pending.indexOf('\n');
    while (index >= 0) {
      onLine(pending.slice(0, index).replace(/\r$/, ''));
      pending = pending.slice(index + 1);
      index = pending.indexOf('\n');
    }
  });
  stream.on('end', () => {
    if (pending.length > 0) onLine(pending);
    pending = '';
  });
}
