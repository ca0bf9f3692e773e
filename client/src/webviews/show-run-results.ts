import type { ExtensionServices } from '../services';
import type { RunRecord } from '../runs/run-record';

/**
 * Shows a run in the results panel (a new panel or the reused one, by `iql.results.panel`),
 * and updates it in place when called again with the same run id (running → finished).
 * STUB: replaced by the results webview.
 */
export function showRunResults(_services: ExtensionServices, _record: RunRecord): void {
  // Replaced by the results webview implementation.
}
