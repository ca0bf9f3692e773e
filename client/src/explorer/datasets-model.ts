/**
 * The Datasets tree as data: for one profile, the datasets its company owns and those shared
 * with it (two List Datasets calls, `filter.ownership` OWNED and NOT_OWNED, as API 1.0
 * expresses ownership), each expanding — with one Get Dataset metadata call, made only then —
 * to its keys, output columns and categories, and categories to their representations.
 */
import type { Category, Dataset, GetDatasetMetadataResponse } from '../../../common/api';
import type { ServiceClient, ServiceResult } from '../../../service/src';
import type { DatasetGroup, DatasetNode, ExplorerNode, GroupNode } from './explorer-node';
import { ExplorerModel } from './explorer-model';
import type { ReadyScope } from './explorer-model';
import { datasetFilterFields, matchesFilter } from './node-filter';

/** The caller's datasets, split by ownership and sorted by private ID. */
export interface DatasetLists {
  readonly owned: readonly Dataset[];
  readonly shared: readonly Dataset[];
}

const GROUPS: readonly DatasetGroup[] = ['owned', 'shared'];
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/**
 * Reads the owned and the shared datasets of `client`'s profile (two calls, in parallel).
 * Resolves to the first failure if either fails. Never throws.
 */
export async function loadDatasetLists(client: ServiceClient, signal?: AbortSignal): Promise<ServiceResult<DatasetLists>> {
  const [owned, shared] = await Promise.all([
    client.listDatasets({ 'filter.ownership': 'OWNED' }, { signal }),
    client.listDatasets({ 'filter.ownership': 'NOT_OWNED' }, { signal }),
  ]);
  if (!owned.ok) return owned;
  if (!shared.ok) return shared;
  return { ok: true, value: { owned: sortDatasets(owned.value.datasets), shared: sortDatasets(shared.value.datasets) } };
}

export class DatasetsModel extends ExplorerModel {
  /** The lists of the current load, or undefined when there is no data (hidden, problem). */
  async datasetLists(): Promise<DatasetLists | undefined> {
    const scope = await this.scope();
    if (scope.kind !== 'ready') return undefined;
    const lists = await this.lists(scope);
    return lists.ok ? lists.value : undefined;
  }

  /**
   * The node of dataset `name` (its private ID; exact match first, then ignoring case), made
   * visible: the filter is cleared if it hides the dataset and its list is extended past
   * "Show more…" if needed. Undefined when the profile has no such dataset. Never throws.
   */
  async findDataset(name: string): Promise<DatasetNode | undefined> {
    const lists = await this.datasetLists();
    if (lists === undefined) return undefined;
    const lower = name.toLowerCase();
    const matchers: ((dataset: Dataset) => boolean)[] = [(d) => d.private_id === name, (d) => d.private_id.toLowerCase() === lower];
    for (const matches of matchers) {
      const group = GROUPS.find((candidate) => lists[candidate].some(matches));
      if (group === undefined) continue;
      if (!this.visible(lists[group]).some(matches)) this.setFilter('');
      const groupNode = (await this.getChildren()).find((node): node is GroupNode => node.kind === 'group' && node.group === group);
      if (groupNode === undefined) return undefined;
      this.ensureShown(groupNode, this.visible(lists[group]).findIndex(matches) + 1);
      const children = await this.getChildren(groupNode);
      return children.find((node): node is DatasetNode => node.kind === 'dataset' && matches(node.dataset));
    }
    return undefined;
  }

  protected async rootChildren(scope: ReadyScope): Promise<ExplorerNode[]> {
    const lists = await this.lists(scope);
    if (!lists.ok) return this.problemNodes(undefined, lists.error, scope.profile);
    return GROUPS.map((group): GroupNode => {
      const all = lists.value[group];
      return {
        kind: 'group',
        id: `${scope.profile}/${group}`,
        profile: scope.profile,
        group,
        total: all.length,
        matching: this.filter === '' ? all.length : this.visible(all).length,
        filtered: this.filter !== '',
      };
    });
  }

  protected async nodeChildren(node: ExplorerNode, scope: ReadyScope): Promise<ExplorerNode[]> {
    switch (node.kind) {
      case 'group':
        return this.groupChildren(node, scope);
      case 'dataset':
        return this.datasetChildren(node, scope);
      case 'category':
        return node.category.representations.map((representation, index) => ({
          kind: 'representation' as const,
          id: `${node.id}/${index}`,
          parent: node,
          representation,
        }));
      default:
        return [];
    }
  }

  private async groupChildren(node: GroupNode, scope: ReadyScope): Promise<ExplorerNode[]> {
    const lists = await this.lists(scope);
    if (!lists.ok) return this.problemNodes(node, lists.error, scope.profile);
    const visible = this.visible(lists.value[node.group]);
    if (visible.length === 0) {
      const text = this.filter !== '' ? `No dataset matches "${this.filter}".` : node.group === 'owned' ? 'Your company owns no dataset.' : 'No dataset is shared with your company.';
      return [this.messageNode(node, text)];
    }
    return this.limitedNodes(node, visible, (dataset): DatasetNode => ({
      kind: 'dataset',
      id: `${node.id}/${dataset.private_id}`,
      parent: node,
      profile: node.profile,
      group: node.group,
      dataset,
    }));
  }

  private async datasetChildren(node: DatasetNode, scope: ReadyScope): Promise<ExplorerNode[]> {
    const privateId = node.dataset.private_id;
    const metadata = await this.once(`metadata:${privateId}`, (signal) => scope.client.getDatasetMetadata(privateId, { signal }));
    if (!metadata.ok) return this.problemNodes(node, metadata.error, scope.profile);
    const nodes = datasetDetailNodes(node, metadata.value);
    return nodes.length > 0 ? nodes : [this.messageNode(node, 'The service lists no key or category for this dataset.')];
  }

  private lists(scope: ReadyScope): Promise<ServiceResult<DatasetLists>> {
    return this.once('lists', (signal) => loadDatasetLists(scope.client, signal));
  }

  private visible(datasets: readonly Dataset[]): readonly Dataset[] {
    const filter = this.filter;
    return filter === '' ? datasets : datasets.filter((dataset) => matchesFilter(filter, datasetFilterFields(dataset)));
  }
}

/**
 * The children of a dataset from its Get Dataset metadata answer: keys, then output columns
 * (the `identities`), then categories. The `schema` is preferred; the dataset's own `stats`
 * stand in for a service that leaves it out.
 */
export function datasetDetailNodes(parent: DatasetNode, metadata: GetDatasetMetadataResponse): ExplorerNode[] {
  const stats = metadata.dataset.stats;
  const keys = metadata.schema?.keys.length ? metadata.schema.keys : (stats?.keys ?? []);
  const categories: readonly Category[] = metadata.schema?.categories.length ? metadata.schema.categories : (stats?.categories ?? []);
  const outputColumns = (stats?.identities ?? []).map((identity) => identity.name).filter((name): name is string => !!name);
  return [
    ...keys.map((key, index) => ({ kind: 'datasetKey' as const, id: `${parent.id}/key/${index}`, parent, key })),
    ...outputColumns.map((name, index) => ({ kind: 'outputColumn' as const, id: `${parent.id}/output/${index}`, parent, name })),
    ...categories.map((category, index) => ({ kind: 'category' as const, id: `${parent.id}/category/${index}`, parent, category })),
  ];
}

function sortDatasets(datasets: readonly Dataset[]): Dataset[] {
  return [...datasets].sort((a, b) => collator.compare(a.private_id, b.private_id));
}
