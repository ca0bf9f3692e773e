/**
 * A deprecated query-based push (seed 001 §2.4 "Deprecated push record", §4.5) as API 2.0
 * shows it. Its status follows its job: PUSH_PENDING (the value seed 000 §3 names) until the
 * push is polled done, then PUSH_SUCCESSFUL, or PUSH_FAILED with `push_error` (seed 001 §7.2).
 */
import type { ActivationPush } from '../../../common/api';
import { EMULATOR_EPOCH } from '../http/wire-time';
import type { PushRecord } from '../state/emulator-state';
import { errorInfo } from './v2-segment-view';

/** A push; `detailed` adds its push configuration (the single-push view). */
export function toActivationPush(record: PushRecord, detailed: boolean): ActivationPush {
  const outcome = record.job.result;
  const status = outcome === undefined ? 'PUSH_PENDING' : outcome.ok ? 'PUSH_SUCCESSFUL' : 'PUSH_FAILED';
  return {
    ...(outcome !== undefined ? { completed_at_date_time: EMULATOR_EPOCH } : {}),
    destination_id: record.destinationId,
    destination_type_id: record.destinationTypeId,
    ...(outcome && !outcome.ok ? { push_error: errorInfo(outcome.problem.message) } : {}),
    push_id: record.id,
    push_successful: outcome?.ok ?? false,
    ...(detailed ? { push_config: structuredClone(record.pushConfig) } : {}),
    query_id: record.activationId,
    rejected_rows: '0',
    started_at_date_time: EMULATOR_EPOCH,
    status,
  };
}
