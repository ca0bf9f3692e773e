import type { ExtensionServices } from '../services';

/** STUB: replaced by the feature's implementation. */
export function registerStatusBar(_services: ExtensionServices): void {
  // Replaced by the feature's implementation.
}
