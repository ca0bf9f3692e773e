/** The history of a data-supply execution (supply/supply-execution.ts) as the wire writes it. */
import { wireInstant } from '../state/emulator-clock';
import type { SupplyExecution } from '../supply/supply-execution';
import { errorInfo } from './v2-segment-view';

export function toExecutionHistory(execution: SupplyExecution): Record<string, unknown>[] {
  return execution.history.map((entry) => ({
    date_time: wireInstant(entry.at),
    ...(entry.error === undefined ? {} : { error: errorInfo(entry.error) }),
    message: entry.message,
    status: entry.status,
  }));
}
