/**
 * Bridges an LSP cancellation token to the AbortSignal every service call takes, so that a
 * request the editor cancels also stops its HTTP request or poll.
 */

/** The part of vscode-languageserver's CancellationToken this bridge needs. */
export interface CancellationTokenLike {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): { dispose(): void };
}

export interface SignalBridge {
  readonly signal: AbortSignal;
  /** Detaches from the token; call it when the request is over. Safe to call twice. */
  dispose(): void;
}

/**
 * Returns an AbortSignal that aborts when `token` is cancelled (at once if it already is).
 * Contract: never throws; `dispose()` removes the listener so long-lived tokens do not leak.
 */
export function signalFromCancellation(token: CancellationTokenLike): SignalBridge {
  const controller = new AbortController();
  if (token.isCancellationRequested) {
    controller.abort();
    return { signal: controller.signal, dispose: () => undefined };
  }
  const subscription = token.onCancellationRequested(() => controller.abort());
  return { signal: controller.signal, dispose: () => subscription.dispose() };
}
