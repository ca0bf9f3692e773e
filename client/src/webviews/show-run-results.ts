import type { ExtensionServices } from '../services';
import type { RunRecord } from '../runs/run-record';
import { webviewPanelsOf } from './webview-panels';

/**
 * Shows a run in the results panel (a new panel or the reused one, by `iql.results.panel`),
 * and updates it in place when called again with the same run id (running → finished).
 * Never throws for a record of any status; the panel says what the record holds.
 */
export function showRunResults(services: ExtensionServices, record: RunRecord): void {
  webviewPanelsOf(services).results.show(record);
}
