import type { ExtensionServices } from '../services';

/** STUB: replaced by the feature's implementation. */
export function registerRuns(_services: ExtensionServices): void {
  // Replaced by the feature's implementation.
}
