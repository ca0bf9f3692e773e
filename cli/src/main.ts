/**
 * The `iql` command line: subcommands on the same analysis code as the language server.
 * Never prints a stack trace for a user mistake; exits 2 with a message and a hint instead.
 */
import { ExitCode, UsageError, type CliIo } from './io';
import { runCheckCommand, CHECK_USAGE } from './commands/check';
import { EMULATOR_USAGE, runEmulatorCommand } from './commands/emulator';

const VERSION: string = typeof __IQL_VERSION__ === 'string' ? __IQL_VERSION__ : '0.0.0-dev';
declare const __IQL_VERSION__: string | undefined;

const HELP = `iql ${VERSION} — tools for IQL query files

usage: iql <command> [options]

commands:
  check     report syntax problems in query files (exit 0 clean, 1 errors, 2 usage/I-O)
            ${CHECK_USAGE}
  emulator  serve the clean-room API locally (the demo clean room unless --data is given)
            usage: iql emulator [--port N] [--host 127.0.0.1] [--data DIR] [--latency MS] [--faults SPEC]

  iql --help      this text
  iql --version   the version
`;

type Command = (args: readonly string[], io: CliIo) => Promise<number>;

const COMMANDS: Record<string, { run: Command; usage: string }> = {
  check: { run: runCheckCommand, usage: CHECK_USAGE },
  emulator: { run: (args, io) => runEmulatorCommand([...args], io), usage: EMULATOR_USAGE },
};

/** Runs one command line and resolves to the process exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...args] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout.write(HELP);
    return name === undefined ? ExitCode.usage : ExitCode.ok;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`${VERSION}\n`);
    return ExitCode.ok;
  }
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    io.stderr.write(`iql: unknown command '${name}'. Run 'iql --help' for the list.\n`);
    return ExitCode.usage;
  }
  try {
    return await command.run(args, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`iql ${name}: ${error.message}\n${command.usage}\n`);
      return ExitCode.usage;
    }
    io.stderr.write(`iql ${name}: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`);
    return ExitCode.usage;
  }
}

if (require.main === module) {
  runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`iql: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = ExitCode.usage;
    },
  );
}
