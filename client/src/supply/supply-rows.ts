/**
 * The rows of the Data Supply view and their text, without 'vscode': label, description and
 * tooltip (service text as plain strings), and which Get operation shows a row's object, so
 * that every row that stands for something at the service opens it.
 */
import type { OperationId, PagedItem } from '../../../common/api';
import type { CallInput } from '../../../common/service-call';
import type { SupplyExecutionKind, SupplyHistoryEntry } from '../../../common/protocol/jobs';

export type SupplyGroup = 'vaults' | 'connectors' | 'recordsetConfigs' | 'recordsetCreations' | 'normalizationConfigs' | 'prepareConfigs' | 'datasets';

/** An execution of any kind, as its list shows it. */
export interface ExecutionSummary {
  readonly kind: SupplyExecutionKind;
  readonly id: string;
  readonly status: string;
  readonly final: boolean;
  readonly percent: number;
  /** RFC 3339, '' when the service gave none. */
  readonly createdAt: string;
  /** The importer (imports) or config (normalizations, prepares) it ran. */
  readonly parentId?: string;
  /** What it made or worked on, for its label: the recordset, the output, the dataset. */
  readonly subject: string;
  /** Prepares: NO_STATUS, PUBLISHING, PUBLISHED. */
  readonly prepareStatus?: string;
}

type WithId<T> = T & { readonly id: string };

export type LineageStage = 'vault' | 'import' | 'recordset_creation' | 'normalization' | 'publish';

export type SupplyRow =
  | { readonly kind: 'group'; readonly profile: string; readonly group: SupplyGroup }
  | { readonly kind: 'vault'; readonly profile: string; readonly vault: WithId<PagedItem<'listCloudVaults'>> }
  | { readonly kind: 'vaultSection'; readonly profile: string; readonly section: 'files' | 'recordsets'; readonly vaultId: string }
  | { readonly kind: 'file'; readonly profile: string; readonly vaultId: string; readonly file: PagedItem<'listVaultFiles'> }
  | { readonly kind: 'recordset'; readonly profile: string; readonly vaultId: string; readonly recordset: WithId<PagedItem<'listRecordsets'>> }
  | { readonly kind: 'column'; readonly profile: string; readonly column: PagedItem<'listRecordsetColumns'> }
  | { readonly kind: 'connector'; readonly profile: string; readonly connector: WithId<PagedItem<'listImportConnectors'>> }
  | { readonly kind: 'importer'; readonly profile: string; readonly importer: WithId<PagedItem<'listImporters'>> }
  | { readonly kind: 'config'; readonly profile: string; readonly configKind: 'recordset' | 'normalization' | 'prepare'; readonly config: { readonly id: string; readonly name?: string; readonly description?: string } }
  | { readonly kind: 'execution'; readonly profile: string; readonly execution: ExecutionSummary }
  | { readonly kind: 'history'; readonly profile: string; readonly entry: SupplyHistoryEntry }
  | { readonly kind: 'dataset'; readonly profile: string; readonly dataset: PagedItem<'listDatasetsV2'> }
  | { readonly kind: 'lineageLink'; readonly profile: string; readonly stage: LineageStage; readonly id: string }
  /** The last row of a list shown a page at a time: "Show more…" reads the next page. */
  | { readonly kind: 'more'; readonly profile: string; readonly group: 'datasets'; readonly shown: number; readonly total: number }
  | { readonly kind: 'message'; readonly text: string; readonly detail?: string };

const GROUP_LABELS: Readonly<Record<SupplyGroup, string>> = {
  vaults: 'Cloud Vaults',
  connectors: 'Import Connectors',
  recordsetConfigs: 'Recordset Configs',
  recordsetCreations: 'Recordset Creations',
  normalizationConfigs: 'Normalization Configs',
  prepareConfigs: 'Prepare Configs',
  datasets: 'Datasets',
};

const EXECUTION_NOUNS: Readonly<Record<SupplyExecutionKind, string>> = {
  import: 'Import',
  recordset: 'Recordset creation',
  normalization: 'Normalization',
  prepare: 'Prepare',
  publish: 'Publish',
};

const STAGE_LABELS: Readonly<Record<LineageStage, string>> = {
  vault: 'Cloud vault',
  import: 'Import',
  recordset_creation: 'Recordset creation',
  normalization: 'Normalization',
  publish: 'Publish (prepare config)',
};

export interface RowText {
  readonly label: string;
  readonly description: string;
  readonly tooltip: string;
}

export function describeSupplyRow(row: SupplyRow): RowText {
  switch (row.kind) {
    case 'message':
      return { label: row.text, description: '', tooltip: row.detail ?? row.text };
    case 'group':
      return { label: GROUP_LABELS[row.group], description: '', tooltip: GROUP_LABELS[row.group] };
    case 'more':
      return { label: 'Show more…', description: `${row.shown.toLocaleString('en-GB')} of ${row.total.toLocaleString('en-GB')} shown`, tooltip: 'Read the next page from the service' };
    case 'vault':
      return named(row.vault.name, row.vault.id, row.vault.region ?? '', [`Region: ${row.vault.region ?? 'unknown'}`, row.vault.description]);
    case 'vaultSection':
      return { label: row.section === 'files' ? 'Files' : 'Recordsets', description: '', tooltip: row.section === 'files' ? 'The files in this vault' : 'The recordsets read from its files' };
    case 'file': {
      const origin = row.file.metadata?.origin;
      const size = formatBytes(Number(row.file.size ?? 0));
      return {
        label: row.file.name ?? '',
        description: [size, origin?.task_type].filter(Boolean).join(' · '),
        tooltip: lines([row.file.name, `Size: ${size}`, row.file.created_date_time && `Created: ${row.file.created_date_time}`, origin?.task_type && `From: ${origin.task_type} ${origin.task_id ?? ''}`]),
      };
    }
    case 'recordset': {
      const recordset = row.recordset;
      const counts = `${recordset.record_count ?? '?'} records · ${recordset.key_column_count ?? 0} keys, ${recordset.attribute_column_count ?? 0} categories, ${recordset.raw_column_count ?? 0} raw`;
      return named(recordset.name, recordset.id, counts, [counts, recordset.is_publishable === true ? 'Publishable' : 'Not publishable (normalize it first)', recordset.origin?.task_type && `Made by: ${recordset.origin.task_type} ${recordset.origin.task_id ?? ''}`]);
    }
    case 'column': {
      const column = row.column;
      const role = column.key_column ? `key ${column.key_column.name ?? ''}` : column.attribute_column ? `category ${column.attribute_column.category_name ?? ''}` : 'raw';
      const stats = column.statistics;
      const figures = stats ? `${stats.cell_count ?? 0} cells, ${stats.null_count ?? 0} empty, ${stats.invalid_count ?? 0} invalid, ${stats.value_count ?? 0} distinct` : '';
      return { label: column.name ?? '', description: [role.trim(), figures].filter(Boolean).join(' · '), tooltip: lines([column.name, `Role: ${role.trim()}`, figures && `Statistics: ${figures}`, column.pii === true && 'Personal data']) };
    }
    case 'connector': {
      const connector = row.connector;
      const kind = connector.s3_connector ? 's3' : connector.gcs_connector ? 'gcs' : connector.sftp_connector ? 'sftp' : 'unknown kind';
      return named(connector.name, connector.id, kind, [`Kind: ${kind}`, connector.is_gpg === true && 'GPG-encrypted files', connector.description]);
    }
    case 'importer':
      return named(row.importer.name, row.importer.id, `→ ${row.importer.target_folder ?? ''}`, [`Vault: ${row.importer.cloud_vault_id ?? ''}`, `Target folder: ${row.importer.target_folder ?? ''}`, row.importer.description]);
    case 'config':
      return named(row.config.name, row.config.id, '', [`${row.configKind} config`, row.config.description]);
    case 'execution': {
      const execution = row.execution;
      const progress = execution.final ? execution.status : `${execution.status} ${Math.round(execution.percent)}%`;
      const published = execution.prepareStatus && execution.prepareStatus !== 'NO_STATUS' ? ` · ${execution.prepareStatus}` : '';
      return {
        label: `${EXECUTION_NOUNS[execution.kind]} ${execution.subject}`,
        description: `${progress}${published}${execution.createdAt ? ` · ${execution.createdAt}` : ''}`,
        tooltip: lines([`${EXECUTION_NOUNS[execution.kind]} ${execution.id}`, `Status: ${execution.status}`, !execution.final && `Completion: ${Math.round(execution.percent)}%`, execution.prepareStatus && `Publish: ${execution.prepareStatus}`, execution.createdAt && `Started: ${execution.createdAt}`, 'Expand it for its history.']),
      };
    }
    case 'history': {
      const entry = row.entry;
      return { label: `${entry.status}${entry.message ? `: ${entry.message}` : ''}`, description: [entry.error, entry.at].filter(Boolean).join(' · '), tooltip: lines([entry.at, `${entry.status}: ${entry.message}`, entry.error && `Error: ${entry.error}`]) };
    }
    case 'dataset': {
      const dataset = row.dataset;
      const published = dataset.publish_details?.publish_date_time ? `published ${dataset.publish_details.publish_date_time}` : 'not published';
      return {
        label: dataset.private_id || dataset.dataset_id,
        description: [dataset.public_name, published].filter(Boolean).join(' · '),
        tooltip: lines([dataset.public_name, `ID: ${dataset.dataset_id}`, `Private ID: ${dataset.private_id ?? ''}`, `Type: ${dataset.dataset_type ?? ''}`, published, 'Expand it for its lineage.']),
      };
    }
    case 'lineageLink':
      return { label: STAGE_LABELS[row.stage], description: row.id, tooltip: `${STAGE_LABELS[row.stage]}: ${row.id}\nClick to open it.` };
  }
}

/** A Get call that shows a row's object, and a title for its document; undefined for rows that stand for nothing. */
export type OpenRequest = { readonly [K in OperationId]: { readonly operation: K; readonly input: CallInput<K>; readonly title: string } }[OperationId];

export function openRequestOf(row: SupplyRow): OpenRequest | undefined {
  switch (row.kind) {
    case 'vault':
      return { operation: 'getCloudVault', input: { params: { cloud_vault_id: row.vault.id } }, title: `vault ${row.vault.name ?? row.vault.id}` };
    case 'recordset':
      return { operation: 'getRecordset', input: { params: { cloud_vault_id: row.vaultId, recordset_id: row.recordset.id } }, title: `recordset ${row.recordset.name ?? row.recordset.id}` };
    case 'connector':
      return { operation: 'getImportConnector', input: { params: { config_id: row.connector.id } }, title: `connector ${row.connector.name ?? row.connector.id}` };
    case 'importer':
      return { operation: 'getImporter', input: { params: { import_id: row.importer.id } }, title: `importer ${row.importer.name ?? row.importer.id}` };
    case 'config':
      return configRequest(row.configKind, row.config.id, row.config.name ?? row.config.id);
    case 'execution':
      return executionRequest(row.execution.kind, row.execution.id);
    case 'dataset':
      return { operation: 'getDatasetV2', input: { params: { dataset_id: row.dataset.dataset_id } }, title: `dataset ${row.dataset.private_id ?? row.dataset.dataset_id}` };
    case 'lineageLink':
      return lineageRequest(row.stage, row.id);
    default:
      return undefined;
  }
}

function configRequest(kind: 'recordset' | 'normalization' | 'prepare', id: string, name: string): OpenRequest {
  const params = { config_id: id };
  if (kind === 'recordset') return { operation: 'getRecordsetConfig', input: { params }, title: `recordset config ${name}` };
  if (kind === 'normalization') return { operation: 'getNormalizationConfig', input: { params }, title: `normalization config ${name}` };
  return { operation: 'getPrepareConfig', input: { params }, title: `prepare config ${name}` };
}

function executionRequest(kind: SupplyExecutionKind, id: string): OpenRequest {
  const params = { execution_id: id };
  const title = `${EXECUTION_NOUNS[kind].toLowerCase()} ${id}`;
  switch (kind) {
    case 'import':
      return { operation: 'getImportExecution', input: { params }, title };
    case 'recordset':
      return { operation: 'getRecordsetExecution', input: { params }, title };
    case 'normalization':
      return { operation: 'getNormalization', input: { params }, title };
    default:
      return { operation: 'getPrepare', input: { params }, title };
  }
}

/** A lineage link names a config (a vault for the first link); the import link is the importer. */
function lineageRequest(stage: LineageStage, id: string): OpenRequest {
  switch (stage) {
    case 'vault':
      return { operation: 'getCloudVault', input: { params: { cloud_vault_id: id } }, title: `vault ${id}` };
    case 'import':
      return { operation: 'getImporter', input: { params: { import_id: id } }, title: `importer ${id}` };
    case 'recordset_creation':
      return configRequest('recordset', id, id);
    case 'normalization':
      return configRequest('normalization', id, id);
    case 'publish':
      return configRequest('prepare', id, id);
  }
}

function named(name: string | undefined, id: string, description: string, details: readonly (string | false | undefined)[]): RowText {
  return { label: name || id, description, tooltip: lines([name || id, `ID: ${id}`, ...details]) };
}

function lines(parts: readonly (string | false | undefined | null)[]): string {
  return parts.filter((part): part is string => typeof part === 'string' && part !== '').join('\n');
}

/** 1536 → `1.5 KB`. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${Number.isFinite(bytes) ? bytes : 0} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}
