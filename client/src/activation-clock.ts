/**
 * Where an activation's time went. The editor loads the bundle and makes the extension's
 * context (its stored state, read from the window) at the same time, and calls `activate` once
 * both are done: so `activationMs`, from the bundle's first line to the end of `activate`, holds
 * the bundle's evaluation, the wait for the editor (when the window is slower than the
 * evaluation), and `activate` itself. esbuild.mjs stamps the bundle's first and last lines.
 */
export interface ActivationParts {
  /** The bundle's evaluation: its first line to its last. */
  readonly evaluationMs: number;
  /** From the bundle's last line until the editor called `activate`. */
  readonly waitMs: number;
  /** `activate` itself. */
  readonly activateMs: number;
}

interface BundleStamps {
  readonly __iqlClientLoadStart?: number;
  readonly __iqlClientLoadEnd?: number;
}

/** `activationMs` and its parts, for an `activate` that started at `activateStart` and ends now. */
export function readActivationClock(activateStart: number): { activationMs: number; parts: ActivationParts } {
  const end = performance.now();
  const { __iqlClientLoadStart: loadStart = activateStart, __iqlClientLoadEnd: loadEnd = activateStart } = globalThis as BundleStamps;
  return {
    activationMs: end - loadStart,
    parts: { evaluationMs: loadEnd - loadStart, waitMs: activateStart - loadEnd, activateMs: end - activateStart },
  };
}
