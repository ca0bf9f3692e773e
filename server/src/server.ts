/**
 * Entry point of the IQL language server. The transport (`--stdio`, `--node-ipc`,
 * `--socket=N`) is chosen from the command line by vscode-languageserver.
 *
 * Evaluated by Node making the server's startup snapshot (common/startup-snapshot.ts), it
 * runs what a start's first minute takes in a server of its own (boot/snapshot-warm-up.ts) and
 * leaves the start to the snapshot's main function: a server started from the snapshot begins
 * there, with the bundle evaluated, the parser built and that code compiled.
 */
import type * as V8 from 'node:v8';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { SNAPSHOT_PROBE_ANSWER, SNAPSHOT_PROBE_ARG } from '../../common/startup-snapshot-args';
import { warmUpForSnapshot } from './boot/snapshot-warm-up';
import { restoreDefaultV8Flags } from './boot/v8-flag-defaults';
import { startLanguageServer } from './language-server';

function start(): void {
  const connection = createConnection(ProposedFeatures.all);
  // A stray rejected promise is a bug to log, never a reason to take the server down.
  process.on('unhandledRejection', (reason) => {
    connection.console.error(`Unexpected failure: ${reason instanceof Error ? reason.message : String(reason)}`);
  });
  startLanguageServer(connection);
}

function startFromSnapshot(): void {
  // Node 20 keeps in the snapshot when its timers were next due, counted from the start of the
  // process that made it, and arms no timer due later than that in this one: with a timer
  // cleared at 0.6 s of the making, a job's 50 ms wait asked for 8 s into a session never ended
  // (test/lsp/startup-snapshot.test.ts). A timer due at once is due earlier than any such time,
  // so it is armed, and its firing sets the next due time from the timers there really are.
  // The warm-up ends with a fired timer too (boot/snapshot-warm-up.ts), which leaves none kept.
  setTimeout(() => undefined, 0);
  // The launcher does this for a start without a snapshot (boot/reset-v8-flags.ts).
  restoreDefaultV8Flags();
  const probe = process.argv.indexOf(SNAPSHOT_PROBE_ARG);
  if (probe >= 0) {
    // Answered from a timer due as late as the snapshot's making took: a timer that never fires
    // leaves the process with nothing to do, and it exits without answering.
    setTimeout(() => process.stdout.write(SNAPSHOT_PROBE_ANSWER), Number(process.argv[probe + 1]) || 0);
    return;
  }
  // vscode-languageserver looks for `--clientProcessId` when it is evaluated, which for a snapshot
  // was while it was made; the editor names its process in `initialize` too, and the server
  // watches that one the same way, so it still ends when the editor does.
  start();
}

if (process.execArgv.includes('--build-snapshot')) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- node:v8 only while a snapshot is made
  (require('node:v8') as typeof V8).startupSnapshot.setDeserializeMainFunction(startFromSnapshot);
  // Node saves the heap once this has run and nothing is left to do.
  warmUpForSnapshot().catch((error: unknown) => {
    process.stderr.write(`The warm-up for the startup snapshot failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  });
} else {
  start();
}
