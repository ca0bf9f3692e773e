import { ExitCode } from './io';

/** An AbortSignal tied to Ctrl-C, and the way to untie it. */
export interface Interrupt {
  readonly signal: AbortSignal;
  dispose(): void;
}

/**
 * Ties SIGINT (Ctrl-C) to an AbortSignal, for the commands that wait on the service. The first
 * SIGINT aborts the signal: the command stops waiting, says what it leaves behind and exits
 * 130. A second SIGINT exits at once with 130, in case stopping itself hangs. Installing a
 * listener replaces Node's default of dying silently, so only those commands get one.
 */
export function abortOnInterrupt(target: NodeJS.Process = process): Interrupt {
  const controller = new AbortController();
  const onSigint = (): void => {
    if (!controller.signal.aborted) {
      controller.abort();
      return;
    }
    target.exit(ExitCode.cancelled);
  };
  target.on('SIGINT', onSigint);
  return { signal: controller.signal, dispose: () => target.off('SIGINT', onSigint) };
}
