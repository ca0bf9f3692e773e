/**
 * The `iql` command line: subcommands on the same analysis code as the language server.
 * Never prints a stack trace for a user mistake; exits 2 with a message and a hint instead.
 */
import { ExitCode, UsageError, type CliIo } from './io';
import { ACCOUNT_USAGE, runAccountCommand } from './commands/account';
import { AUTOMATION_USAGE, runAutomationCommand } from './commands/automation';
import { CALL_USAGE, runCallCommand } from './commands/call';
import { runCheckCommand, CHECK_USAGE } from './commands/check';
import { COLLABORATION_USAGE, runCollaborationCommand } from './commands/collaboration';
import { DATASET_USAGE, runDatasetCommand } from './commands/dataset';
import { EMULATOR_USAGE, runEmulatorCommand } from './commands/emulator';
import { EXPLAIN_USAGE, runExplainCommand } from './commands/explain';
import { IMPORT_USAGE, runImportCommand } from './commands/import';
import { LIST_USAGE, runListCommand } from './commands/list';
import { NORMALIZATION_USAGE, runNormalizationCommand } from './commands/normalization';
import { PREPARE_USAGE, runPrepareCommand } from './commands/prepare';
import { RECORDSET_USAGE, runRecordsetCommand } from './commands/recordset';
import { DESTINATION_USAGE, runDestinationCommand } from './commands/destination';
import { REPORT_USAGE, runReportCommand } from './commands/report';
import { RUN_USAGE, runRunCommand } from './commands/run';
import { SEGMENT_USAGE, runSegmentCommand } from './commands/segment';
import { VAULT_USAGE, runVaultCommand } from './commands/vault';
import { abortOnInterrupt } from './interrupt';

const VERSION: string = typeof __IQL_VERSION__ === 'string' ? __IQL_VERSION__ : '0.0.0-dev';
declare const __IQL_VERSION__: string | undefined;

const HELP = `iql ${VERSION} — tools for IQL query files

usage: iql <command> [options]

commands:
  check     report syntax problems in query files (exit 0 clean, 1 errors, 2 usage/I-O)
            ${CHECK_USAGE}
  explain   print the service's plan of each query in a file: joins, keys, bins, thresholds
            ${EXPLAIN_USAGE}
  run       run each query in a file at the service and print the results (progress on
            stderr; Ctrl-C stops waiting and exits 130)
            ${RUN_USAGE}
  collaboration  list, read, create, close and leave collaborations; add and remove datasets
            and destinations; export the event log ('iql collaboration --help' for the verbs)
  segment   a collaboration's activation segments: list, read, create, update, delete,
            calculate and export them, waiting with progress ('iql segment --help')
  destination  destination types and your destinations: list, read, create, update,
            duplicate, delete ('iql destination --help')
  report    insight reports from *.iqlreport.json files: create, status (--wait), results
            (single or --cross), list, get ('iql report --help')
  automation  automations from *.iqlauto.json files: save, execute (--wait: step by step),
            executions, get, list, delete ('iql automation --help')
  vault     cloud vaults and their files: list, get, create (--region), update, delete,
            files, delete-file (a PATH/* prefix too) ('iql vault --help')
  import    import connectors from *.iqlconnector.json files (secrets "$secret", read from
            IQL_SECRET_<FIELD_PATH>), importers from *.iqlimporter.json files, run (--wait),
            executions ('iql import --help')
  recordset  a vault's recordsets and columns; create one from files (--wait); recordset
            configs from *.iqlrecordset.json files ('iql recordset --help')
  normalization  the global schema; normalization configs from *.iqlnormalization.json
            files; run (--wait), list ('iql normalization --help')
  prepare   prepare configs from *.iqlprepare.json files; run and publish (--wait), list
            ('iql prepare --help')
  dataset   datasets: list, get, create in a vault, update, delete, lineage ('iql dataset --help')
  list      the account's permissions, connections or activations (API 1.0)
            ${LIST_USAGE}
  account   users' display names, PAIR match rates and activation queries, private paths
            ('iql account --help')
  call      any operation of the service, by table id or swagger operationId; the body is
            checked before sending, the answer printed as JSON ('iql call --list')
            ${CALL_USAGE.split('\n')[0]}
  emulator  serve the clean-room API locally (the demo clean room unless --data is given)
            usage: iql emulator [--port N] [--host 127.0.0.1] [--data DIR] [--latency MS] [--faults SPEC]

  iql --help      this text
  iql --version   the version

explain and run use the file's '-- @profile' and '-- @collaboration' directives, else
IQL_BASE_URL, IQL_API_KEY and IQL_COLLABORATION; collaboration, list, destination, report,
automation, vault, import, recordset, normalization, prepare, dataset, account and call use
IQL_BASE_URL and IQL_API_KEY; segment also
IQL_COLLABORATION (or --collaboration). Destructive verbs need --yes. Exit codes: 0 ok, 1 a query was refused
or failed (the service's message on stderr), 2 usage problem or the service could not be
asked, 130 interrupted.
`;

type Command = (args: readonly string[], io: CliIo) => Promise<number>;

/** `interruptible`: the command honours `io.signal`, so Ctrl-C is tied to it (see interrupt.ts). */
const COMMANDS: Record<string, { run: Command; usage: string; interruptible?: boolean }> = {
  check: { run: runCheckCommand, usage: CHECK_USAGE },
  explain: { run: runExplainCommand, usage: EXPLAIN_USAGE, interruptible: true },
  run: { run: runRunCommand, usage: RUN_USAGE, interruptible: true },
  collaboration: { run: runCollaborationCommand, usage: COLLABORATION_USAGE, interruptible: true },
  list: { run: runListCommand, usage: LIST_USAGE, interruptible: true },
  segment: { run: runSegmentCommand, usage: SEGMENT_USAGE, interruptible: true },
  destination: { run: runDestinationCommand, usage: DESTINATION_USAGE, interruptible: true },
  report: { run: runReportCommand, usage: REPORT_USAGE, interruptible: true },
  automation: { run: runAutomationCommand, usage: AUTOMATION_USAGE, interruptible: true },
  vault: { run: runVaultCommand, usage: VAULT_USAGE, interruptible: true },
  import: { run: runImportCommand, usage: IMPORT_USAGE, interruptible: true },
  recordset: { run: runRecordsetCommand, usage: RECORDSET_USAGE, interruptible: true },
  normalization: { run: runNormalizationCommand, usage: NORMALIZATION_USAGE, interruptible: true },
  prepare: { run: runPrepareCommand, usage: PREPARE_USAGE, interruptible: true },
  dataset: { run: runDatasetCommand, usage: DATASET_USAGE, interruptible: true },
  account: { run: runAccountCommand, usage: ACCOUNT_USAGE, interruptible: true },
  call: { run: runCallCommand, usage: CALL_USAGE, interruptible: true },
  emulator: { run: (args, io) => runEmulatorCommand([...args], io), usage: EMULATOR_USAGE },
};

/** Whether `iql <name>` honours `io.signal`, so the entry point should tie Ctrl-C to it. */
export function isInterruptible(name: string | undefined): boolean {
  return name !== undefined && Object.hasOwn(COMMANDS, name) && COMMANDS[name]?.interruptible === true;
}

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
  const argv = process.argv.slice(2);
  // A reader that stops early (`iql run q.iql | head`) closes the pipe: that ends the command
  // quietly instead of crashing on the unhandled EPIPE error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? ExitCode.ok);
    throw error;
  });
  const interrupt = isInterruptible(argv[0]) ? abortOnInterrupt() : undefined;
  runCli(argv, { stdout: process.stdout, stderr: process.stderr, ...(interrupt ? { signal: interrupt.signal } : {}) }).then(
    (code) => {
      interrupt?.dispose();
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`iql: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = ExitCode.usage;
    },
  );
}
