/**
 * Dataset prepare configs and prepare executions as API 2.0 shows them (seed 002 §2.7). A
 * prepare's `current_status` is its own execution's; `prepare_status` follows its publish:
 * NO_STATUS until Publish, PUBLISHING while it runs, PUBLISHED once done (NO_STATUS again if
 * it failed, the reason in the history).
 */
import type { GetPrepareConfigResponse, GetPrepareResponse, ListPrepareConfigsResponse, ListPreparesResponse } from '../../../common/api';
import { wireInstant } from '../state/emulator-clock';
import { toWirePublishConfig } from '../supply/publish-config';
import type { PublishConfig } from '../supply/publish-config';
import type { ExecutionHistoryEntry, ExecutionStatus, SupplyExecution } from '../supply/supply-execution';
import type { PrepareConfigRecord, PrepareRecord } from '../supply/supply-records';
import { errorInfo } from './v2-segment-view';

type WireConfig = NonNullable<GetPrepareConfigResponse['config']>;
type ListedConfig = NonNullable<ListPrepareConfigsResponse['configs']>[number];
type ListedPrepare = NonNullable<ListPreparesResponse['prepares']>[number];
type PrepareDetails = NonNullable<GetPrepareResponse['prepare_details']>;
type PrepareStatus = NonNullable<ListedPrepare['prepare_status']>;
type ConfigSummary = NonNullable<ListedPrepare['config_summary']>;
type HistoryEntry = NonNullable<PrepareDetails['history']>[number];

export function toPrepareConfig(record: PrepareConfigRecord): WireConfig {
  return {
    created_date_time: wireInstant(record.createdAt),
    dataset_publish_config: toWirePublishConfig(record.config),
    description: record.description,
    id: record.id,
    name: record.name,
    updated_date_time: wireInstant(record.updatedAt),
    user_id: record.createdBy,
  };
}

export function toListedPrepareConfig(record: PrepareConfigRecord): ListedConfig {
  return {
    created_date_time: wireInstant(record.createdAt),
    dataset_publish_config_summary: configSummary(record.config, record.id),
    description: record.description,
    id: record.id,
    name: record.name,
    updated_date_time: wireInstant(record.updatedAt),
    user_id: record.createdBy,
  };
}

/** The counts are those of the selections; the all_* flags say when a whole kind is kept. */
function configSummary(config: PublishConfig, configId: string | undefined): ConfigSummary {
  return {
    all_categories: config.allCategories,
    all_export_columns: config.allExportColumns,
    all_keys: config.allKeys,
    category_column_count: config.categorySelection.length,
    ...(configId === undefined ? {} : { config_id: configId }),
    export_column_count: config.exportColumnSelection.length,
    incremental_full_refresh: config.incrementalFullRefresh,
    key_column_count: config.keySelection.length,
    purge_expired_rows_only: config.purgeExpiredRowsOnly,
    redaction_threshold: config.redactionThreshold,
    rounding_threshold: config.roundingThreshold,
  };
}

/** The prepare status a client sees now. */
export function prepareStatusOf(prepare: PrepareRecord): PrepareStatus {
  return prepare.publish === undefined ? 'NO_STATUS' : publishStatus(prepare.publish.status);
}

function publishStatus(status: ExecutionStatus): PrepareStatus {
  if (status === 'COMPLETED') return 'PUBLISHED';
  if (status === 'FAILED') return 'NO_STATUS';
  return 'PUBLISHING';
}

function common(prepare: PrepareRecord): ListedPrepare {
  return {
    cloud_vault_id: prepare.vaultId,
    created_date_time: wireInstant(prepare.createdAt),
    current_status: prepare.execution.status,
    dataset_id: prepare.datasetId,
    ...(prepare.expiresAt === undefined ? {} : { expiration_date_time: wireInstant(prepare.expiresAt) }),
    id: prepare.id,
    prepare_status: prepareStatusOf(prepare),
    progress: { completion_percentage: prepare.execution.completionPercentage },
    recordset_id: prepare.recordsetId,
    updated_date_time: wireInstant(lastChange(prepare)),
    user_id: prepare.createdBy,
  };
}

export function toListedPrepare(prepare: PrepareRecord): ListedPrepare {
  return { ...common(prepare), config_summary: configSummary(prepare.config, prepare.configId) };
}

export function toPrepareDetails(prepare: PrepareRecord): PrepareDetails {
  const config = toWirePublishConfig(prepare.config);
  const history = [
    ...prepare.execution.history.map((entry) => historyEntry(entry, entry.status, 'NO_STATUS')),
    ...(prepare.publish?.history ?? []).map((entry) => historyEntry({ ...entry, message: `publish: ${entry.message}` }, entry.status, publishStatus(entry.status))),
  ];
  return {
    history,
    prepare: {
      ...common(prepare),
      config,
      ...(prepare.configId === undefined ? { config_embedded: config } : { config_id: prepare.configId }),
    },
  };
}

/**
 * A history entry: the prepare's own entries carry its status and NO_STATUS; a publish's
 * entries (their messages start with `publish:`) carry the publish's status, and as
 * prepare_status PUBLISHING, PUBLISHED, or NO_STATUS again when it failed.
 */
function historyEntry(entry: ExecutionHistoryEntry, status: ExecutionStatus, prepareStatus: PrepareStatus): HistoryEntry {
  return {
    date_time: wireInstant(entry.at),
    message: entry.message,
    prepare_status: prepareStatus,
    status,
    ...(entry.error === undefined ? {} : { error: errorInfo(entry.error) }),
  };
}

function lastChange(prepare: PrepareRecord): number {
  const times = [prepare.updatedAt, ...historyTimes(prepare.execution), ...(prepare.publish ? historyTimes(prepare.publish) : [])];
  return Math.max(...times);
}

function historyTimes(execution: SupplyExecution): number[] {
  return execution.history.map((entry) => entry.at);
}
