/** Where a command writes. Tests pass in-memory streams; main() passes the process's own. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  /** The environment to read IQL_* variables from; the process's own when absent. */
  readonly env?: NodeJS.ProcessEnv;
}

/** Exit codes shared by every command. */
export const ExitCode = {
  ok: 0,
  /** The command ran and found errors (e.g. a query with an error). */
  findings: 1,
  /** Usage or I/O problem: the command could not do what was asked. */
  usage: 2,
} as const;

/** Thrown for a usage mistake; main() prints the message with a hint and exits with 2. */
export class UsageError extends Error {}
