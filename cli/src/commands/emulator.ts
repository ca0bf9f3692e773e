/**
 * `iql emulator`: serves the clean-room API locally, from a data folder or the generated demo.
 * Prints exactly `listening on http://HOST:PORT` on stdout once ready; runs until SIGINT or
 * SIGTERM, then closes the server and exits 0. With `--demo-profile-json`, a parent process
 * (the editor) also learns from stdout whom to sign in as: see `formatDemoProfileLine`.
 * Everything the emulator is asked to create lives in memory and dies with the process; the
 * usage text and the stderr banner both say so, since nothing else would tell a user before a
 * restart loses their work.
 */
import type { CliIo } from '../io';
import { DEMO_PROFILE, listFaultNames, RealClock, startEmulator, type DemoProfile, type StartEmulatorOptions } from '../../../emulator/src';

/** Said in --help and at every start (stderr): nothing the emulator is asked to create survives it. */
export const IN_MEMORY_STATE_NOTICE =
  'state is kept in memory only: queries, activations, segments and exports are lost when the emulator stops ' +
  '(the data folder is read, never written)';

export const EMULATOR_USAGE =
  'usage: iql emulator [--port N] [--host 127.0.0.1] [--data DIR] [--latency MS] [--faults SPEC] [--polls N] [--real-clock] [--sources DIR] [--until-stdin-closes] [--demo-profile-json]\n' +
  '  --port N       port to listen on (default 0: any free port)\n' +
  '  --host H       address to bind (default 127.0.0.1)\n' +
  '  --data DIR     data folder (catalog.json + CSVs); default: the generated demo clean room\n' +
  '  --latency MS   delay every answer by MS milliseconds\n' +
  '  --faults SPEC  inject failures, e.g. "validate:500:0.5,datasets:timeout:1"\n' +
  '                 (operation:status|timeout|reset[:probability]; --help lists the operation names)\n' +
  '  --polls N      status polls answering "not done" after a job\'s work is done (default 0), for tests\n' +
  '  --real-clock   automation schedules fire in real time (default: the clock stands still at\n' +
  '                 2025-01-01T00:00:00Z, so nothing fires and answers are reproducible)\n' +
  '  --sources DIR  remote file sources for imports: DIR/<bucket>/<prefix> for an object-store\n' +
  '                 connector, DIR/<host>/<root_directory> for an SFTP one (emulator/README.md)\n' +
  '  --until-stdin-closes  stop when standard input closes (a parent that dies takes the emulator with it);\n' +
  '                 the parent says how to stop both, so the emulator does not\n' +
  '  --demo-profile-json   for a parent process: before the ready line, print the demo user as one\n' +
  '                 line `demo-profile {"displayName", "apiKey", "apiKeys"}`, and no key on stderr\n' +
  `  Note: ${IN_MEMORY_STATE_NOTICE}.`;

/** How the demo-profile line starts; the editor's client/src/connections/emulator-profile.ts reads it. */
export const DEMO_PROFILE_LINE_PREFIX = 'demo-profile ';

/**
 * The machine-readable line `--demo-profile-json` prints before `listening on …`: the prefix,
 * then the profile as one line of JSON. Keys are JSON strings, so a parent that knows them can
 * redact the line before it logs it.
 */
export function formatDemoProfileLine(profile: DemoProfile): string {
  return `${DEMO_PROFILE_LINE_PREFIX}${JSON.stringify({ displayName: profile.displayName, apiKey: profile.apiKey, apiKeys: profile.apiKeys })}`;
}

type Parsed = { readonly ok: true; readonly options: StartEmulatorOptions } | { readonly ok: false; readonly message: string };

/** Reads the command's flags (`--flag value` or `--flag=value`, and `--real-clock`). */
export function parseEmulatorArgs(args: readonly string[]): Parsed {
  const values = new Map<string, string>();
  let realClock = false;
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    if (arg === '--real-clock') {
      realClock = true;
      continue;
    }
    const match = /^--(port|host|data|latency|faults|polls|sources)(?:=(.*))?$/.exec(arg);
    if (!match) return { ok: false, message: `unknown argument '${arg.slice(0, 60)}'` };
    const name = match[1] ?? '';
    const value = match[2] ?? args[++index];
    if (value === undefined) return { ok: false, message: `--${name} needs a value` };
    if (values.has(name)) return { ok: false, message: `--${name} is given twice` };
    values.set(name, value);
  }
  const whole = (name: string, max: number): number | string | undefined => {
    const text = values.get(name);
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text) || Number(text) > max) return `--${name} must be a whole number from 0 to ${max}, got '${text.slice(0, 20)}'`;
    return Number(text);
  };
  const port = whole('port', 65535);
  const latency = whole('latency', 600_000);
  const polls = whole('polls', 1000);
  for (const value of [port, latency, polls]) if (typeof value === 'string') return { ok: false, message: value };
  const host = values.get('host');
  if (host !== undefined && host.trim() === '') return { ok: false, message: '--host must not be empty' };
  const data = values.get('data');
  if (data !== undefined && data.trim() === '') return { ok: false, message: '--data must name a folder' };
  const sources = values.get('sources');
  if (sources !== undefined && sources.trim() === '') return { ok: false, message: '--sources must name a folder' };
  return {
    ok: true,
    options: {
      dataDir: data,
      port: port as number | undefined,
      host,
      latencyMs: latency as number | undefined,
      faults: values.get('faults'),
      pollsBeforeDone: polls as number | undefined,
      ...(realClock ? { clock: new RealClock() } : {}),
      ...(sources === undefined ? {} : { sourcesDir: sources }),
    },
  };
}

/**
 * Runs `iql emulator`. Resolves with 0 after SIGINT/SIGTERM closed the server, 2 for bad
 * flags, a bad data folder or a port that cannot be bound.
 */
export async function runEmulatorCommand(args: string[], io: CliIo): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    io.stdout.write(`${EMULATOR_USAGE}\n  fault operation names: ${listFaultNames().join(', ')}\n`);
    return 0;
  }
  // A parent process (the editor) holds our stdin open; if it dies without stopping us, the pipe closes.
  const untilStdinCloses = args.includes('--until-stdin-closes');
  // A parent process reads the demo user from stdout; people read the keys on stderr instead.
  const demoProfileJson = args.includes('--demo-profile-json');
  const parsed = parseEmulatorArgs(args.filter((arg) => arg !== '--until-stdin-closes' && arg !== '--demo-profile-json'));
  if (!parsed.ok || (demoProfileJson && parsed.options.dataDir !== undefined)) {
    const message = parsed.ok ? '--demo-profile-json describes the demo clean room, so it cannot go with --data' : parsed.message;
    io.stderr.write(`iql emulator: ${message}\n${EMULATOR_USAGE}\n`);
    return 2;
  }
  const started = await startEmulator({
    ...parsed.options,
    onInternalError: (error) => io.stderr.write(`iql emulator: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`),
  });
  if (!started.ok) {
    io.stderr.write(`iql emulator: ${started.message}\n`);
    return 2;
  }
  const emulator = started.emulator;
  io.stderr.write(`iql emulator: ${IN_MEMORY_STATE_NOTICE}\n`);
  const isDemo = parsed.options.dataDir === undefined;
  if (isDemo && demoProfileJson) {
    // No key on stderr: the parent reads both pipes in no guaranteed order, so it could log a
    // stderr line before it has read, from stdout, which keys to hide.
    io.stderr.write('iql emulator: serving the demo clean room\n');
  } else if (isDemo) {
    const keys = emulator.data.catalog.users.map((user) => `${user.api_key} (${user.display_name})`).join(', ');
    io.stderr.write(`iql emulator: serving the demo clean room; API keys: ${keys}\n`);
  }
  // Signals are taken before "listening" is announced: a parent that stops us as soon as it
  // reads that line must find the handlers in place, or the default action kills us mid-way.
  const stopped = new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      // A resumed stdin would keep the process alive after a signal.
      if (untilStdinCloses) process.stdin.destroy();
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    if (untilStdinCloses) {
      process.stdin.on('end', stop).on('error', stop).resume();
    }
  });
  // Same stream as the ready line, and before it: the parent has the profile when it is ready.
  if (demoProfileJson) io.stdout.write(`${formatDemoProfileLine(DEMO_PROFILE)}\n`);
  io.stdout.write(`listening on ${emulator.url}\n`);
  if (isDemo && !demoProfileJson) io.stderr.write(describeHowToReach(emulator.url, DEMO_PROFILE.apiKey, untilStdinCloses));
  await stopped;
  await emulator.close();
  return 0;
}


/** A demo query `describeHowToReach` offers to run, relative to the project folder. */
export const TRY_IT_QUERY = 'demo/workspace/overlap.iql';

/**
 * Shown once the demo is up: how to reach it from a shell, the language server and the CLI,
 * with paths inside the project. `ownedByParent` (`--until-stdin-closes`) leaves out how to
 * stop it: the parent that started it (`npm start`, the editor) says that once, for both.
 */
export function describeHowToReach(url: string, key: string, ownedByParent: boolean): string {
  return [
    '',
    'Try it (from the project folder):',
    `  curl -s -H 'Authorization: ${key}' ${url}/api/v1/datasets`,
    `  IQL_BASE_URL=${url} IQL_API_KEY=${key} node dist/cli.js run ${TRY_IT_QUERY}`,
    `  any LSP client: node dist/server.js --stdio with IQL_BASE_URL=${url} IQL_API_KEY=${key}`,
    ...(ownedByParent ? [] : ['Stop with Ctrl-C.']),
    '',
  ].join('\n');
}
