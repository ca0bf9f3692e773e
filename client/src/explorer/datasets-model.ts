/**
 * The Datasets tree as data: for one profile, the datasets its company owns and those shared
 * with it, each expanding — with one Get Dataset metadata call, made only then — to its keys,
 * output columns and categories, and categories to their representations. The lists stay in
 * the language server, which reads them as streams, filters them and answers a page at a time:
 * this model holds only the datasets the tree shows. An owned dataset listed from List
 * Datasets 2.0 (no statistics) gets its owner and row count for its tooltip from the same Get
 * Dataset metadata call, made when its row is first hovered.
 */
import type { Category, Dataset, GetDatasetMetadataResponse } from '../../../common/api';
import type { DatasetListing, DatasetPage } from '../../../common/protocol';
import type { ServiceResult } from '../../../common/service-result';
import type { DatasetGroup, DatasetNode, ExplorerNode, GroupNode } from './explorer-node';
import { ExplorerModel } from './explorer-model';
import type { ReadyScope } from './explorer-model';

const GROUPS: readonly DatasetGroup[] = ['owned', 'shared'];

export class DatasetsModel extends ExplorerModel {
  /** True until the first list of a load is asked: it then asks the server to read the lists again. */
  private reloadLists = false;
  /** Dataset rows whose tooltip details were read, by node id; dropped with the load. */
  private details = new Map<string, DatasetNode>();

  override refresh(): void {
    this.reloadLists = true;
    this.details = new Map();
    super.refresh();
  }

  override knownDetails(node: ExplorerNode): { readonly node: ExplorerNode; readonly lacking: boolean } {
    if (node.kind !== 'dataset' || !lacksDetails(node.dataset)) return { node, lacking: false };
    const detailed = this.details.get(node.id);
    return detailed === undefined ? { node, lacking: true } : { node: detailed, lacking: false };
  }

  /**
   * A dataset row with the owner and row count its listing lacks, from Get Dataset metadata —
   * the call its expansion makes, so hover and expansion read a dataset once per load, and a
   * failed read is not repeated on every hover: the row keeps the tooltip it has.
   */
  override async readDetails(node: ExplorerNode): Promise<ExplorerNode> {
    const known = this.knownDetails(node);
    if (!known.lacking || node.kind !== 'dataset') return known.node;
    const details = this.details;
    try {
      const scope = await this.scope();
      if (scope.kind !== 'ready' || scope.profile !== node.profile) return node;
      const metadata = await this.metadata(scope, node.dataset.private_id);
      if (!metadata.ok) return node;
      const detailed: DatasetNode = { ...node, dataset: withMetadataDetails(node.dataset, metadata.value.dataset) };
      details.set(node.id, detailed);
      return detailed;
    } catch {
      return node;
    }
  }

  /**
   * The node of dataset `name` (its private ID; exact match first, then ignoring case), made
   * visible: the filter is cleared if it hides the dataset and its list is extended past
   * "Show more…" if needed. Undefined when the profile has no such dataset. Never throws.
   */
  async findDataset(name: string): Promise<DatasetNode | undefined> {
    const scope = await this.scope();
    if (scope.kind !== 'ready') return undefined;
    const place = await scope.service.findDataset({ name, filter: this.filter });
    if (!place.ok || place.value === null) return undefined;
    const { group, privateId } = place.value;
    let index = place.value.index;
    if (index < 0) {
      this.setFilter('');
      const again = await scope.service.findDataset({ name: privateId, filter: '' });
      if (!again.ok || again.value === null) return undefined;
      index = again.value.index;
    }
    const groupNode = (await this.getChildren()).find((node): node is GroupNode => node.kind === 'group' && node.group === group);
    if (groupNode === undefined) return undefined;
    this.ensureShown(groupNode, index + 1);
    const children = await this.getChildren(groupNode);
    return children.find((node): node is DatasetNode => node.kind === 'dataset' && node.dataset.private_id === privateId);
  }

  protected async rootChildren(scope: ReadyScope): Promise<ExplorerNode[]> {
    const page = await this.page(scope, 'owned', 0);
    if (!page.ok) return this.problemNodes(undefined, page.error, scope.profile);
    return GROUPS.map((group): GroupNode => ({
      kind: 'group',
      id: `${scope.profile}/${group}`,
      profile: scope.profile,
      group,
      total: page.value.counts[group].total,
      matching: page.value.counts[group].matching,
      filtered: this.filter !== '',
    }));
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
    const page = await this.page(scope, node.group, this.shownCount(node));
    if (!page.ok) return this.problemNodes(node, page.error, scope.profile);
    if (page.value.items.length === 0) {
      const text = this.filter !== '' ? `No dataset matches "${this.filter}".` : node.group === 'owned' ? 'Your company owns no dataset.' : 'No dataset is shared with your company.';
      return [this.messageNode(node, text)];
    }
    return this.pagedNodes(node, page.value.items, page.value.counts[node.group].matching, (dataset): DatasetNode => ({
      kind: 'dataset',
      id: `${node.id}/${dataset.private_id}`,
      parent: node,
      profile: node.profile,
      group: node.group,
      dataset,
    }));
  }

  private async datasetChildren(node: DatasetNode, scope: ReadyScope): Promise<ExplorerNode[]> {
    const metadata = await this.metadata(scope, node.dataset.private_id);
    if (!metadata.ok) return this.problemNodes(node, metadata.error, scope.profile);
    const nodes = datasetDetailNodes(node, metadata.value);
    return nodes.length > 0 ? nodes : [this.messageNode(node, 'The service lists no key or category for this dataset.')];
  }

  /** Get Dataset metadata of `privateId`, read once per load (expansion and tooltip share it). */
  private metadata(scope: ReadyScope, privateId: string): Promise<ServiceResult<GetDatasetMetadataResponse>> {
    return this.once(`metadata:${privateId}`, (signal) => scope.service.call('getDatasetMetadata', { params: { private_id: privateId } }, { signal }));
  }

  /** The first `limit` datasets of `group` that pass the filter, with both groups' counts; one request per load, filter and size. */
  private page(scope: ReadyScope, group: DatasetGroup, limit: number): Promise<ServiceResult<DatasetPage>> {
    const reload = this.reloadLists;
    this.reloadLists = false;
    return this.once(`page:${group}:${limit}:${this.filter}`, (signal) =>
      scope.service.datasetPage({ group, filter: this.filter, offset: 0, limit, ...(reload ? { reload } : {}) }, { signal }),
    );
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

/** Whether a listing lacks the owner or row count a tooltip shows (an owned dataset of List Datasets 2.0). */
function lacksDetails(dataset: DatasetListing): boolean {
  return dataset.owner === undefined || dataset.rowCount === undefined;
}

/** `listing` with the owner and row count of the dataset's Get Dataset metadata where it lacks them. */
export function withMetadataDetails(listing: DatasetListing, dataset: Dataset): DatasetListing {
  const owner = listing.owner ?? dataset.owner;
  const rowCount = listing.rowCount ?? dataset.stats?.row_count;
  return { ...listing, ...(owner !== undefined ? { owner } : {}), ...(rowCount !== undefined ? { rowCount } : {}) };
}
