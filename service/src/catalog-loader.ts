import { collaborationRules } from './collaboration-rules-load';
import type { CollaborationDataset, CollaborationDatasetRules, Dataset, DatasetSchemaInfo } from '../../common/api';
import { iteratePages } from './iterate-pages';
import type { ServiceClient } from './service-client';
import { cancelledError, fail, succeed, type ServiceError, type ServiceResult } from '../../common/service-result';
import { getDatasetMetadata } from './operations/catalog';

/** Get Dataset metadata calls in flight at once when the list lacks categories. */
const METADATA_CONCURRENCY = 8;

/**
 * Turns the service's datasets into the caller's catalog model, one dataset at a time, so
 * that no wire object outlives the dataset it describes. The model is the language's
 * (language/src/catalog); the service layer only knows this shape of it.
 */
export interface CatalogAssembly<Item, Catalog> {
  fromDataset(dataset: Dataset, schema?: DatasetSchemaInfo): Item;
  /** `rules`: what the collaboration lets members do with the dataset, from Get Collaboration. */
  fromCollaborationDataset(dataset: CollaborationDataset, rules?: CollaborationDatasetRules): Item;
  finish(items: Item[]): Catalog;
}

export interface CatalogLoadOptions {
  /**
   * Which listed datasets whose categories the list leaves out get their Get Dataset metadata
   * read during the load: every one (the default; the editor's completion and hover show any
   * dataset's categories), or none, for a caller that reads the metadata of just the datasets
   * it needs (ServiceHub.datasetMetadata). Reading every one is one call per dataset: 200,000
   * calls for a catalog of 200,000 datasets listed without their stats.
   */
  readonly listedMetadata?: 'every-dataset' | 'none';
}

/** A listed dataset: converted already, or waiting for its metadata because the list left its categories out. */
type ListedDataset<Item> = { readonly ready: Item } | { readonly pending: Dataset };

/**
 * Loads what a target may query: with a collaboration, its datasets under their collaboration
 * dataset names (2.0, every page); otherwise the datasets visible to the key (1.0 List
 * Datasets), completed with Get Dataset metadata for those whose categories the list leaves
 * out (unless `options.listedMetadata` is `none`). A dataset whose metadata is not read, or
 * cannot be, is still assembled from its list entry (its categories unknown), so that its
 * name still resolves.
 *
 * Memory: List Datasets is read as a stream and each dataset converted as it arrives, 2.0
 * pages are converted page by page.
 */
export async function loadCatalog<Item, Catalog>(
  client: ServiceClient,
  collaborationId: string | undefined,
  assembly: CatalogAssembly<Item, Catalog>,
  signal: AbortSignal,
  options: CatalogLoadOptions = {},
): Promise<ServiceResult<Catalog>> {
  if (collaborationId !== undefined) {
    // Without the rules the catalog still names every dataset: only a stop ends the load.
    const rules = await collaborationRules(client, collaborationId, signal);
    if (!rules.ok && signal.aborted) return rules;
    const datasets: Item[] = [];
    for await (const page of iteratePages(client, 'listCollaborationDatasets', { params: { collaboration_id: collaborationId } }, { signal })) {
      if (!page.ok) return fail(page.error);
      for (const dataset of page.value.items) datasets.push(assembly.fromCollaborationDataset(dataset, rules.ok ? rules.value.get(dataset.collaboration_dataset_name) : undefined));
    }
    return succeed(assembly.finish(datasets));
  }
  const readMetadata = options.listedMetadata !== 'none';
  const listed = await client.listDatasetsConverted<ListedDataset<Item>>(
    (dataset) => (dataset.stats?.categories !== undefined || !readMetadata ? { ready: assembly.fromDataset(dataset) } : { pending: dataset }),
    undefined,
    { signal },
  );
  if (!listed.ok) return listed;
  // A metadata call stopped by the signal (cancelled, or the caller's deadline) stops the
  // load with its error; any other failure leaves that dataset as the list gave it.
  let stopped: ServiceError | undefined;
  const datasets = await mapWithConcurrency(listed.value, METADATA_CONCURRENCY, signal, async (item) => {
    if ('ready' in item) return item.ready;
    const metadata = await getDatasetMetadata(client, item.pending.private_id, { signal });
    if (!metadata.ok && signal.aborted) stopped ??= metadata.error;
    return metadata.ok ? assembly.fromDataset(metadata.value.dataset, metadata.value.schema) : assembly.fromDataset(item.pending);
  });
  if (signal.aborted) return fail(stopped ?? cancelledError('Loading the catalog'));
  return succeed(assembly.finish(datasets));
}

/** `map` over `items`, `limit` at a time, in order; no new item is started once `signal` aborts. */
async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, signal: AbortSignal, map: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && !signal.aborted) {
      const index = next++;
      results[index] = await map(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
