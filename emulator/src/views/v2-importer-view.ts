/**
 * Importers and import executions as API 2.0 shows them (seed 002 §2.4; the swagger's
 * Importers.Import and ImportExecutions.ImportExecution). Byte counts are int64s, written as
 * decimal strings. An execution shows the status its polls have reached
 * (supply/supply-execution.ts); its history carries the ErrorInfo of a failure.
 */
import { wireInstant } from '../state/emulator-clock';
import type { ImportExecutionRecord, ImporterRecord } from '../supply/supply-records';
import { errorInfo } from './v2-segment-view';

export function toImporter(importer: ImporterRecord): Record<string, unknown> {
  return {
    cloud_vault_id: importer.vaultId,
    created_date_time: wireInstant(importer.createdAt),
    data_filter: { filter: [...importer.dataFilter] },
    description: importer.description,
    icc_id: importer.connectorId,
    id: importer.id,
    name: importer.name,
    owner_id: importer.companyId,
    target_folder: importer.targetFolder,
    updated_date_time: wireInstant(importer.updatedAt),
    user_id: importer.createdBy,
  };
}

export function toImportExecution(record: ImportExecutionRecord): Record<string, unknown> {
  const { execution } = record;
  const history = execution.history;
  const done = execution.status === 'COMPLETED';
  return {
    cloud_vault_id: record.vaultId,
    created_date_time: wireInstant(record.createdAt),
    current_status: execution.status,
    id: record.id,
    import_id: record.importerId,
    progress: {
      completion_percentage: execution.completionPercentage,
      total_bytes: String(record.totalBytes),
      // Held with the percentage: all bytes show once the client sees COMPLETED.
      transferred_bytes: String(done ? record.totalBytes : Math.min(record.transferredBytes, Math.floor((record.totalBytes * execution.completionPercentage) / 100))),
    },
    updated_date_time: wireInstant(history.at(-1)?.at ?? record.updatedAt),
    user_id: record.createdBy,
  };
}

export function toImportExecutionDetails(record: ImportExecutionRecord): Record<string, unknown> {
  return {
    execution: toImportExecution(record),
    history: record.execution.history.map((entry) => ({
      date_time: wireInstant(entry.at),
      ...(entry.error === undefined ? {} : { error: errorInfo(entry.error) }),
      message: entry.message,
      status: entry.status,
    })),
  };
}
