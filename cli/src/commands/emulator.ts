/**
 * `iql emulator`: serves the clean-room API locally, from a data folder or the generated demo.
 * Prints exactly `listening on http://HOST:PORT` on stdout once ready; runs until SIGINT or
 * SIGTERM, then closes the server and exits 0.
 */
import type { CliIo } from '../io';
import { listFaultNames } from '../../../emulator/src/http/fault-names';
import { startEmulator, type StartEmulatorOptions } from '../../../emulator/src/start-emulator';

export const EMULATOR_USAGE =
  'usage: iql emulator [--port N] [--host 127.0.0.1] [--data DIR] [--latency MS] [--faults SPEC] [--polls N] [--until-stdin-closes]\n' +
  '  --port N       port to listen on (default 0: any free port)\n' +
  '  --host H       address to bind (default 127.0.0.1)\n' +
  '  --data DIR     data folder (catalog.json + CSVs); default: the generated demo clean room\n' +
  '  --latency MS   delay every answer by MS milliseconds\n' +
  '  --faults SPEC  inject failures, e.g. "validate:500:0.5,datasets:timeout:1"\n' +
  '                 (operation:status|timeout|reset[:probability]; --help lists the operation names)\n' +
  '  --polls N      status polls answering "not done" before a query reports done (default 1)\n' +
  '  --until-stdin-closes  stop when standard input closes (a parent that dies takes the emulator with it)';

type Parsed = { readonly ok: true; readonly options: StartEmulatorOptions } | { readonly ok: false; readonly message: string };

/** Reads the command's flags (`--flag value` or `--flag=value`). */
export function parseEmulatorArgs(args: readonly string[]): Parsed {
  const values = new Map<string, string>();
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    const match = /^--(port|host|data|latency|faults|polls)(?:=(.*))?$/.exec(arg);
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
  return {
    ok: true,
    options: {
      dataDir: data,
      port: port as number | undefined,
      host,
      latencyMs: latency as number | undefined,
      faults: values.get('faults'),
      pollsBeforeDone: polls as number | undefined,
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
  const parsed = parseEmulatorArgs(args.filter((arg) => arg !== '--until-stdin-closes'));
  if (!parsed.ok) {
    io.stderr.write(`iql emulator: ${parsed.message}\n${EMULATOR_USAGE}\n`);
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
  if (parsed.options.dataDir === undefined) {
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
  io.stdout.write(`listening on ${emulator.url}\n`);
  if (parsed.options.dataDir === undefined) io.stderr.write(describeHowToReach(emulator.url));
  await stopped;
  await emulator.close();
  return 0;
}


/** Shown once the demo is up: how to reach it from a shell, the language server and the CLI. */
function describeHowToReach(url: string): string {
  return [
    '',
    'Try it:',
    `  curl -s -H 'Authorization: demo-key-ana' ${url}/api/v1/datasets`,
    `  IQL_BASE_URL=${url} IQL_API_KEY=demo-key-ana node dist/cli.js check ../shared/iql/examples/valid`,
    `  any LSP client: node dist/server.js --stdio with IQL_BASE_URL=${url} IQL_API_KEY=demo-key-ana`,
    'Stop with Ctrl-C.',
    '',
  ].join('\n');
}
