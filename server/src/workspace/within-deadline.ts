/**
 * Runs service work that should not make the editor wait: it gets a signal aborted when the
 * caller's is or when `ms` have passed, and the answer says which. A controller of its own
 * with one listener removed afterwards, rather than AbortSignal.any, which on Node 20 keeps
 * every signal it ever combined alive.
 */
export async function withinDeadline<T>(signal: AbortSignal, ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<{ readonly value: T; readonly timedOut: boolean }> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException(`No answer within ${ms} ms`, 'TimeoutError'));
  }, ms);
  const forward = (): void => controller.abort(signal.reason);
  if (signal.aborted) forward();
  else signal.addEventListener('abort', forward, { once: true });
  try {
    const value = await work(controller.signal);
    return { value, timedOut };
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', forward);
  }
}
