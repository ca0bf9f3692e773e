/**
 * Recordset configs and recordset creation executions as API 2.0 shows them (seed 002 §2.8):
 * line counts as int64 strings, held with the status a client sees (all lines show once it
 * sees COMPLETED); the details add the settings, file paths and history (ErrorInfo on a
 * failure).
 */
import { wireInstant } from '../state/emulator-clock';
import type { ReadSettings, RecordsetConfigRecord, RecordsetExecutionRecord } from '../supply/supply-records';
import { toExecutionHistory } from './v2-supply-execution-view';

export function toReadSettings(settings: ReadSettings): Record<string, unknown> {
  return {
    file_type: settings.fileType,
    header_names: [...settings.headerNames],
    header_row: settings.headerRow,
    include_subfolders: settings.includeSubfolders,
    primary_delimiter: settings.primaryDelimiter,
    secondary_delimiter: settings.secondaryDelimiter,
  };
}

export function toRecordsetConfig(config: RecordsetConfigRecord): Record<string, unknown> {
  return {
    created_by: config.createdBy,
    created_date_time: wireInstant(config.createdAt),
    description: config.description,
    id: config.id,
    name: config.name,
    ...toReadSettings(config.settings),
    updated_date_time: wireInstant(config.updatedAt),
  };
}

export function toRecordsetExecution(record: RecordsetExecutionRecord): Record<string, unknown> {
  const { execution } = record;
  const final = execution.status === 'COMPLETED' || execution.status === 'FAILED';
  const share = (count: number): string => String(final ? count : Math.floor((count * execution.completionPercentage) / 100));
  return {
    cloud_vault_id: record.vaultId,
    created_date_time: wireInstant(record.createdAt),
    current_status: execution.status,
    id: record.id,
    progress: {
      completion_percentage: execution.completionPercentage,
      lines_processed: share(record.linesProcessed),
      malformed_lines: share(record.malformedLines),
      total_lines: String(final ? record.totalLines : record.linesProcessed),
    },
    recordset_id: record.recordsetId,
    recordset_name: record.recordsetName,
    updated_date_time: wireInstant(execution.history.at(-1)?.at ?? record.updatedAt),
    user_id: record.createdBy,
  };
}

export function toRecordsetExecutionDetails(record: RecordsetExecutionRecord): Record<string, unknown> {
  return {
    ...toRecordsetExecution(record),
    ...(record.configId === undefined ? {} : { config_id: record.configId }),
    execution_config: toReadSettings(record.settings),
    filepaths: [...record.filepaths],
    history: toExecutionHistory(record.execution),
  };
}
