/**
 * What the Data Supply view shows, without 'vscode' (seed 002): the company's cloud vaults
 * (their files and recordsets, a recordset's columns with statistics), import connectors →
 * importers → import executions, recordset configs and recordset creations, normalization
 * and prepare configs with their executions, and datasets (a page at a time: the company may own thousands) with their lineage. An execution
 * expands to its history; while one listed is not final, the view asks to be refreshed
 * (`hasRunning`). Lists are read once per refresh, each group on first expansion. The tree
 * provider (supply-tree.ts) only turns rows into items.
 */
import type { PagedItem, PagedOperationId } from '../../../common/api';
import type { PagedPrefix } from '../../../common/paged-prefix';
import type { CallInput } from '../../../common/service-call';
import type { SupplyExecutionKind, SupplyExecutionState } from '../../../common/protocol/jobs';
import type { ServiceResult } from '../../../common/service-result';
import { EXECUTION_READS, executionStateOf, isFinalExecutionStatus } from '../../../common/supply/execution-state';
import type { ExecutionAnswer } from '../../../common/supply/execution-state';
import type { ProfileService } from '../service/profile-service';
import { ownedDatasetPages, type OwnedDataset } from './owned-dataset-pages';
import type { ExecutionSummary, SupplyGroup, SupplyRow } from './supply-rows';
import { compareNames } from '../name-order';

export type SupplyClient = Pick<ProfileService, 'call' | 'listAll'>;
/** The profile the view follows and its service, or why there is none. */
export type SupplyScope = { readonly ok: true; readonly profile: string; readonly client: SupplyClient } | { readonly ok: false; readonly message: string };

/** Datasets are listed this many at a time: the company may own as many as the catalog has. */
export const DATASET_PAGE = 100;

export const SUPPLY_GROUPS: readonly SupplyGroup[] = ['vaults', 'connectors', 'recordsetConfigs', 'recordsetCreations', 'normalizationConfigs', 'prepareConfigs', 'datasets'];

const byName = <T extends { readonly name?: string; readonly id: string }>(a: T, b: T): number => compareNames(a.name || a.id, b.name || b.id);
const newestFirst = (a: ExecutionSummary, b: ExecutionSummary): number => b.createdAt.localeCompare(a.createdAt) || compareNames(b.id, a.id);

type WithId<T> = T & { readonly id: string };

function withIds<T extends { readonly id?: string }>(items: readonly T[]): WithId<T>[] {
  return items.filter((item): item is WithId<T> => typeof item.id === 'string' && item.id !== '');
}

export class SupplyModel {
  private scope: Promise<SupplyScope> | undefined;
  private readonly lists = new Map<string, Promise<ServiceResult<unknown[]>>>();
  private readonly reads = new Map<string, Promise<SupplyRow[]>>();
  /** Executions shown, by `kind/id`, for `hasRunning`. */
  private readonly shown = new Map<string, ExecutionSummary>();
  private controller = new AbortController();
  /** The datasets read so far and how many are shown; kept while a running execution is followed. */
  private datasetPages: { readonly prefix: PagedPrefix<OwnedDataset>; shown: number; readonly controller: AbortController } | undefined;

  constructor(private readonly resolve: () => Promise<SupplyScope>) {}

  /**
   * Forgets what was loaded; the next read asks the service again. `following`: the refresh
   * that follows a running execution, which keeps the datasets read (an execution does not
   * change them until it publishes, and the view is refreshed whole then).
   */
  refresh(options: { readonly following?: boolean } = {}): void {
    this.controller.abort();
    this.controller = new AbortController();
    this.scope = undefined;
    this.lists.clear();
    this.reads.clear();
    this.shown.clear();
    if (!options.following) {
      this.datasetPages?.controller.abort();
      this.datasetPages = undefined;
    }
  }

  /** Shows a page more of the datasets; the tree asks for the group's rows again. */
  showMore(): void {
    if (this.datasetPages !== undefined) this.datasetPages.shown += DATASET_PAGE;
  }

  /** True when an execution shown is not final yet: the view refreshes itself. */
  hasRunning(): boolean {
    return [...this.shown.values()].some((execution) => !execution.final);
  }

  async children(row?: SupplyRow): Promise<SupplyRow[]> {
    const scope = await (this.scope ??= this.resolve());
    if (!scope.ok) return row === undefined ? [{ kind: 'message', text: scope.message }] : [];
    const profile = scope.profile;
    if (row === undefined) return SUPPLY_GROUPS.map((group) => ({ kind: 'group', profile, group }));
    switch (row.kind) {
      case 'group':
        return this.groupChildren(scope, row.group);
      case 'vault':
        return [
          { kind: 'vaultSection', profile, section: 'files', vaultId: row.vault.id },
          { kind: 'vaultSection', profile, section: 'recordsets', vaultId: row.vault.id },
        ];
      case 'vaultSection':
        return row.section === 'files' ? this.files(scope, row.vaultId) : this.recordsets(scope, row.vaultId);
      case 'recordset':
        return this.columns(scope, row.vaultId, row.recordset.id);
      case 'connector': {
        const importers = await this.list(scope, 'listImporters', {});
        if (!importers.ok) return failed('The importers could not be listed.', importers);
        const mine = withIds(importers.value).filter((importer) => importer.icc_id === row.connector.id).sort(byName);
        if (mine.length === 0) return [{ kind: 'message', text: 'No importer uses this connector yet.' }];
        return mine.map((importer) => ({ kind: 'importer', profile, importer }));
      }
      case 'importer':
        return this.executionsOf(scope, 'import', (item) => item.parentId === row.importer.id, 'No import yet: "Run Import" starts one.');
      case 'config':
        if (row.configKind === 'normalization') return this.executionsOf(scope, 'normalization', (item) => item.parentId === row.config.id, 'No normalization has used this config yet.');
        if (row.configKind === 'prepare') return this.executionsOf(scope, 'prepare', (item) => item.parentId === row.config.id, 'No prepare has used this config yet.');
        return [];
      case 'execution':
        return this.history(scope, row.execution);
      case 'dataset':
        return this.lineage(scope, row.dataset.dataset_id);
      default:
        return [];
    }
  }

  private async groupChildren(scope: Extract<SupplyScope, { ok: true }>, group: SupplyGroup): Promise<SupplyRow[]> {
    const profile = scope.profile;
    switch (group) {
      case 'vaults': {
        const vaults = await this.list(scope, 'listCloudVaults', {});
        if (!vaults.ok) return failed('The cloud vaults could not be listed.', vaults);
        return orEmpty(withIds(vaults.value).sort(byName).map((vault) => ({ kind: 'vault', profile, vault })), 'No cloud vault yet.');
      }
      case 'connectors': {
        const connectors = await this.list(scope, 'listImportConnectors', {});
        if (!connectors.ok) return failed('The import connectors could not be listed.', connectors);
        return orEmpty(withIds(connectors.value).sort(byName).map((connector) => ({ kind: 'connector', profile, connector })), 'No import connector yet.');
      }
      case 'recordsetConfigs':
        return this.configs(scope, 'recordset', 'listRecordsetConfigs', 'No recordset config yet.');
      case 'normalizationConfigs':
        return this.configs(scope, 'normalization', 'listNormalizationConfigs', 'No normalization config yet.');
      case 'prepareConfigs':
        return this.configs(scope, 'prepare', 'listPrepareConfigs', 'No prepare config yet.');
      case 'recordsetCreations':
        return this.executionsOf(scope, 'recordset', () => true, 'No recordset has been created yet.');
      case 'datasets':
        return this.datasetRows(scope);
    }
  }

  /** The datasets shown so far, in the service's private-ID order, a page read only when "Show more…" asks. */
  private async datasetRows(scope: Extract<SupplyScope, { ok: true }>): Promise<SupplyRow[]> {
    const pages = (this.datasetPages ??= { prefix: ownedDatasetPages(scope.client, DATASET_PAGE), shown: DATASET_PAGE, controller: new AbortController() });
    const read = await pages.prefix.prefix(pages.shown, pages.controller.signal);
    if (!read.ok) {
      if (this.datasetPages === pages) this.datasetPages = undefined;
      return failed('The datasets could not be listed.', read);
    }
    const profile = scope.profile;
    const rows = read.value.items.map((dataset): SupplyRow => ({ kind: 'dataset', profile, dataset }));
    if (read.value.total > read.value.items.length) rows.push({ kind: 'more', profile, group: 'datasets', shown: read.value.items.length, total: read.value.total });
    return orEmpty(rows, 'No dataset yet.');
  }

  private async configs(scope: Extract<SupplyScope, { ok: true }>, configKind: 'recordset' | 'normalization' | 'prepare', operation: 'listRecordsetConfigs' | 'listNormalizationConfigs' | 'listPrepareConfigs', none: string): Promise<SupplyRow[]> {
    const configs = await this.list(scope, operation, {});
    if (!configs.ok) return failed(`The ${configKind} configs could not be listed.`, configs);
    const rows = withIds(configs.value as { id?: string; name?: string; description?: string }[])
      .sort(byName)
      .map((config): SupplyRow => ({ kind: 'config', profile: scope.profile, configKind, config }));
    return orEmpty(rows, none);
  }

  private async files(scope: Extract<SupplyScope, { ok: true }>, vaultId: string): Promise<SupplyRow[]> {
    const files = await this.list(scope, 'listVaultFiles', { params: { cloud_vault_id: vaultId, name: '' } });
    if (!files.ok) return failed('The files could not be listed.', files);
    const rows = files.value
      .filter((file) => typeof file.name === 'string')
      .sort((a, b) => compareNames(a.name ?? '', b.name ?? ''))
      .map((file): SupplyRow => ({ kind: 'file', profile: scope.profile, vaultId, file }));
    return orEmpty(rows, 'No file in this vault yet: an import brings some.');
  }

  private async recordsets(scope: Extract<SupplyScope, { ok: true }>, vaultId: string): Promise<SupplyRow[]> {
    const recordsets = await this.list(scope, 'listRecordsets', { params: { cloud_vault_id: vaultId } });
    if (!recordsets.ok) return failed('The recordsets could not be listed.', recordsets);
    return orEmpty(withIds(recordsets.value).sort(byName).map((recordset) => ({ kind: 'recordset', profile: scope.profile, vaultId, recordset })), 'No recordset in this vault yet.');
  }

  private async columns(scope: Extract<SupplyScope, { ok: true }>, vaultId: string, recordsetId: string): Promise<SupplyRow[]> {
    const columns = await this.list(scope, 'listRecordsetColumns', { params: { cloud_vault_id: vaultId, recordset_id: recordsetId } });
    if (!columns.ok) return failed('The columns could not be listed.', columns);
    return orEmpty(columns.value.map((column) => ({ kind: 'column', profile: scope.profile, column })), 'This recordset has no column.');
  }

  /** The executions of one kind the filter keeps, newest first. */
  private async executionsOf(scope: Extract<SupplyScope, { ok: true }>, kind: Exclude<SupplyExecutionKind, 'publish'>, keep: (execution: ExecutionSummary) => boolean, none: string): Promise<SupplyRow[]> {
    const listed = await this.executions(scope, kind);
    if (!listed.ok) return failed('The executions could not be listed.', listed);
    const rows = listed.value.filter(keep).sort(newestFirst);
    for (const execution of rows) this.shown.set(`${kind}/${execution.id}`, execution);
    return orEmpty(rows.map((execution) => ({ kind: 'execution', profile: scope.profile, execution })), none);
  }

  private async executions(scope: Extract<SupplyScope, { ok: true }>, kind: Exclude<SupplyExecutionKind, 'publish'>): Promise<ServiceResult<ExecutionSummary[]>> {
    switch (kind) {
      case 'import': {
        const listed = await this.list(scope, 'listImportExecutions', {});
        return mapOk(listed, (items) => withIds(items).map((item) => summary('import', item.id, item.current_status, item.progress?.completion_percentage, item.created_date_time, item.import_id, item.import_id ?? '')));
      }
      case 'recordset': {
        const listed = await this.list(scope, 'listRecordsetExecutions', {});
        return mapOk(listed, (items) => withIds(items).map((item) => summary('recordset', item.id, item.current_status, item.progress?.completion_percentage, item.created_date_time, undefined, item.recordset_name ?? item.id)));
      }
      case 'normalization': {
        const listed = await this.list(scope, 'listNormalizations', {});
        return mapOk(listed, (items) => withIds(items).map((item) => summary('normalization', item.id, item.current_status, item.progress?.completion_percentage, item.created_date_time, item.config_id, item.output_recordset_name ?? item.id)));
      }
      case 'prepare': {
        const listed = await this.list(scope, 'listPrepares', {});
        return mapOk(listed, (items) =>
          withIds(items).map((item) => ({
            ...summary('prepare', item.id, item.current_status, item.progress?.completion_percentage, item.created_date_time, item.config_summary?.config_id, item.dataset_id ?? item.id),
            ...(item.prepare_status ? { prepareStatus: item.prepare_status } : {}),
          })),
        );
      }
    }
  }

  private history(scope: Extract<SupplyScope, { ok: true }>, execution: ExecutionSummary): Promise<SupplyRow[]> {
    return this.once(`history/${execution.kind}/${execution.id}`, async () => {
      const state = await readState(scope.client, execution.kind, execution.id, this.controller.signal);
      if (!state.ok) return failed('The execution could not be read.', state);
      this.shown.set(`${execution.kind}/${execution.id}`, { ...execution, final: state.value.final, status: state.value.status });
      const entries = [...state.value.history].reverse();
      return orEmpty(entries.map((entry) => ({ kind: 'history', profile: scope.profile, entry })), 'No history yet.');
    });
  }

  private lineage(scope: Extract<SupplyScope, { ok: true }>, datasetId: string): Promise<SupplyRow[]> {
    return this.once(`lineage/${datasetId}`, async () => {
      const answer = await scope.client.call('getDatasetLineage', { params: { dataset_id: datasetId } }, { signal: this.controller.signal });
      if (!answer.ok) return answer.error.kind === 'not-found' ? [{ kind: 'message', text: 'Not published yet: no lineage.' }] : failed('The lineage could not be read.', answer);
      const profile = scope.profile;
      const rows: SupplyRow[] = [];
      if (answer.value.cloud_vault_id) rows.push({ kind: 'lineageLink', profile, stage: 'vault', id: answer.value.cloud_vault_id });
      for (const link of answer.value.lineage ?? []) {
        if (link.import?.config_id) rows.push({ kind: 'lineageLink', profile, stage: 'import', id: link.import.config_id });
        if (link.recordset_creation?.config_id) rows.push({ kind: 'lineageLink', profile, stage: 'recordset_creation', id: link.recordset_creation.config_id });
        if (link.normalization?.config_id) rows.push({ kind: 'lineageLink', profile, stage: 'normalization', id: link.normalization.config_id });
        if (link.publish?.config_id) rows.push({ kind: 'lineageLink', profile, stage: 'publish', id: link.publish.config_id });
      }
      return orEmpty(rows, 'The service gave no lineage.');
    });
  }

  private once(key: string, load: () => Promise<SupplyRow[]>): Promise<SupplyRow[]> {
    let read = this.reads.get(key);
    if (read === undefined) this.reads.set(key, (read = load()));
    return read;
  }

  /** Every item of a paged list, read once per refresh. */
  private list<K extends PagedOperationId>(scope: Extract<SupplyScope, { ok: true }>, operation: K, input: Omit<CallInput<K>, 'query'>): Promise<ServiceResult<PagedItem<K>[]>> {
    const key = `${operation}/${JSON.stringify(input)}`;
    let listed = this.lists.get(key);
    if (listed === undefined) {
      listed = scope.client.listAll(operation, input, { signal: this.controller.signal }) as Promise<ServiceResult<unknown[]>>;
      this.lists.set(key, listed);
    }
    return listed as Promise<ServiceResult<PagedItem<K>[]>>;
  }
}

/** One read of an execution, in the shape the view and the runner share. */
export async function readState(client: SupplyClient, kind: SupplyExecutionKind, id: string, signal?: AbortSignal): Promise<ServiceResult<SupplyExecutionState>> {
  const answer = await client.call(EXECUTION_READS[kind], { params: { execution_id: id } }, { signal });
  return answer.ok ? { ok: true, value: executionStateOf(kind, id, answer.value as ExecutionAnswer<typeof kind>) } : answer;
}

function summary(kind: SupplyExecutionKind, id: string, status: string | undefined, percent: number | undefined, createdAt: string | undefined, parentId: string | undefined, subject: string): ExecutionSummary {
  const current = status ?? 'NO_STATUS';
  return { kind, id, status: current, final: isFinalExecutionStatus(current), percent: percent ?? 0, createdAt: createdAt ?? '', subject, ...(parentId ? { parentId } : {}) };
}

function mapOk<T, U>(result: ServiceResult<T>, map: (value: T) => U): ServiceResult<U> {
  return result.ok ? { ok: true, value: map(result.value) } : result;
}

function orEmpty(rows: SupplyRow[], none: string): SupplyRow[] {
  return rows.length > 0 ? rows : [{ kind: 'message', text: none }];
}

function failed(text: string, result: Extract<ServiceResult<unknown>, { ok: false }>): SupplyRow[] {
  return [{ kind: 'message', text, detail: result.error.serviceMessage ?? result.error.message }];
}

