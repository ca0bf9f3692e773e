/**
 * Normalization configs and executions as API 2.0 shows them (seed 002 §2.6, §4.6): the config
 * record carries normalizer_config and the deprecated normalization_config as they were given;
 * an execution its progress, and in its details the history (ErrorInfo on a failure).
 */
import { wireInstant } from '../state/emulator-clock';
import type { NormalizationConfigRecord, NormalizationRecord } from '../supply/supply-records';
import { toExecutionHistory } from './v2-supply-execution-view';

export function toNormalizationConfigSummary(config: NormalizationConfigRecord): Record<string, unknown> {
  return {
    created_date_time: wireInstant(config.createdAt),
    description: config.description,
    id: config.id,
    name: config.name,
    updated_date_time: wireInstant(config.updatedAt),
  };
}

export function toNormalizationConfig(config: NormalizationConfigRecord): Record<string, unknown> {
  return {
    ...toNormalizationConfigSummary(config),
    ...(config.legacyConfig === undefined ? {} : { normalization_config: config.legacyConfig }),
    ...(config.normalizerConfig === undefined ? {} : { normalizer_config: config.normalizerConfig }),
    user_id: config.createdBy,
  };
}

export function toNormalization(record: NormalizationRecord): Record<string, unknown> {
  const { execution } = record;
  return {
    cloud_vault_id: record.vaultId,
    config_id: record.configId,
    created_date_time: wireInstant(record.createdAt),
    current_status: execution.status,
    id: record.id,
    input_recordset_id: record.inputRecordsetId,
    output_recordset_id: record.outputRecordsetId,
    output_recordset_name: record.outputRecordsetName,
    processing_speed: record.processingSpeed,
    progress: { completion_percentage: execution.completionPercentage },
    updated_date_time: wireInstant(execution.history.at(-1)?.at ?? record.updatedAt),
    user_id: record.createdBy,
  };
}

export function toNormalizationDetails(record: NormalizationRecord): Record<string, unknown> {
  return { history: toExecutionHistory(record.execution), normalization: toNormalization(record) };
}
