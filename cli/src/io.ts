/** Where a command writes. Tests pass in-memory streams; main() passes the process's own. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  /** Where `-` reads from (`--body -`); the process's own when absent. */
  readonly stdin?: NodeJS.ReadableStream;
  /** The environment to read IQL_* variables from; the process's own when absent. */
  readonly env?: NodeJS.ProcessEnv;
  /**
   * Aborts when the user asks to stop (Ctrl-C): the entry point ties it to SIGINT for the
   * commands that wait on the service; tests abort it themselves. Absent: nothing interrupts.
   */
  readonly signal?: AbortSignal;
}

/** Exit codes shared by every command. */
export const ExitCode = {
  ok: 0,
  /** The command ran and found errors (e.g. a query with an error, or one the service refused). */
  findings: 1,
  /** Usage or I/O problem: the command could not do what was asked. */
  usage: 2,
  /**
   * The service could not be asked (no target, unreachable, key refused): the command is
   * incomplete. The same number as a usage problem, as `iql check` has always answered.
   */
  noService: 2,
  /** Stopped by the user (Ctrl-C): 128 + SIGINT, as shells report it. */
  cancelled: 130,
} as const;

/** Thrown for a usage mistake; main() prints the message with a hint and exits with 2. */
export class UsageError extends Error {}
