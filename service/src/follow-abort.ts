/**
 * A signal of its own for one piece of work, aborted when the caller's signal aborts, with the
 * one listener this puts on the caller's signal removed as soon as the work is done.
 *
 * Why: what receives a signal may keep its listener on it for longer than the call lasts.
 * Node's HTTP client removes its listener only when the request closes, a moment after the call
 * has returned, and lru-cache only when its own load is aborted. Many calls sharing one
 * signal (eight metadata calls at a time, pages, retries, one deadline for a whole command)
 * then pile listeners on it past Node's limit of 10: MaxListenersExceededWarning. Handing
 * them a signal of their own keeps the caller's at one listener per piece of work in flight.
 */
export interface FollowedSignal {
  /** Undefined when there is no caller's signal to follow. */
  readonly signal: AbortSignal | undefined;
  /** Stops following the caller's signal; call it in a `finally`. Safe to call twice. */
  release(): void;
}

export function followAbort(parent: AbortSignal | undefined): FollowedSignal {
  if (parent === undefined) return { signal: undefined, release: () => undefined };
  const controller = new AbortController();
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { signal: controller.signal, release: () => undefined };
  }
  const forward = (): void => controller.abort(parent.reason);
  parent.addEventListener('abort', forward, { once: true });
  return { signal: controller.signal, release: () => parent.removeEventListener('abort', forward) };
}
