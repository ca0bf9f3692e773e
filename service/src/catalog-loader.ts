import type { CollaborationDataset, Dataset, DatasetSchemaInfo, Category } from '../../common/api';
import { readOptionalInt64 } from '../../common/api';
import { createCatalog, type Catalog, type CatalogCategory, type CatalogDataset } from '../../language/src/catalog/catalog';
import { CatalogInterner } from '../../language/src/catalog/catalog-interner';
import { iteratePages } from './iterate-pages';
import type { ServiceClient } from './service-client';
import { fail, succeed, type ServiceResult } from './service-error';

/** Get Dataset metadata calls in flight at once when the list lacks categories. */
const METADATA_CONCURRENCY = 8;

/** A listed dataset: converted already, or waiting for its metadata because the list left its categories out. */
type ListedDataset = { readonly ready: CatalogDataset } | { readonly pending: Dataset };

/**
 * Loads what a target may query: with a collaboration, its datasets under their collaboration
 * dataset names (2.0, every page); otherwise the datasets visible to the key (1.0 List
 * Datasets), completed with Get Dataset metadata for those whose categories the list leaves
 * out. A dataset whose metadata cannot be read stays in the catalog with `categoriesKnown`
 * false, so that its name still resolves.
 *
 * Memory: the wire objects never outlive the dataset they describe. List Datasets is read as
 * a stream and each dataset converted as it arrives, 2.0 pages are converted page by page,
 * and equal categories, lists and names are shared across datasets (see CatalogInterner).
 */
export async function loadCatalog(client: ServiceClient, collaborationId: string | undefined, signal: AbortSignal): Promise<ServiceResult<Catalog>> {
  const interner = new CatalogInterner();
  if (collaborationId !== undefined) {
    const datasets: CatalogDataset[] = [];
    for await (const page of iteratePages(client, 'listCollaborationDatasets', { params: { collaboration_id: collaborationId } }, { signal })) {
      if (!page.ok) return fail(page.error);
      for (const dataset of page.value.items) datasets.push(fromCollaborationDataset(dataset, interner));
    }
    return succeed(createCatalog(datasets));
  }
  const listed = await client.listDatasetsConverted<ListedDataset>(
    (dataset) => (dataset.stats?.categories !== undefined ? { ready: fromDataset(dataset, undefined, interner) } : { pending: dataset }),
    undefined,
    { signal },
  );
  if (!listed.ok) return listed;
  const datasets = await mapWithConcurrency(listed.value, METADATA_CONCURRENCY, async (item) => {
    if ('ready' in item) return item.ready;
    const metadata = await client.getDatasetMetadata(item.pending.private_id, { signal });
    return fromDataset(metadata.ok ? metadata.value.dataset : item.pending, metadata.ok ? metadata.value.schema : undefined, interner);
  });
  return succeed(createCatalog(datasets));
}

function fromCategory(category: Category): CatalogCategory {
  return {
    label: category.label,
    ...(category.unit ? { unit: category.unit } : {}),
    representations: category.representations.map((r) => ({
      label: r.label ?? category.label,
      ...(r.data_type ? { dataType: r.data_type } : {}),
      ...(r.possible_values ? { possibleValues: r.possible_values } : {}),
      ...(r.statistics
        ? {
            statistics: {
              ...(r.statistics.average !== undefined ? { average: r.statistics.average } : {}),
              ...(r.statistics.standard_deviation !== undefined ? { standardDeviation: r.statistics.standard_deviation } : {}),
              ...(r.statistics.null_fraction !== undefined ? { nullFraction: r.statistics.null_fraction } : {}),
              ...(r.statistics.num_distinct !== undefined ? { distinctValues: r.statistics.num_distinct } : {}),
            },
          }
        : {}),
    })),
  };
}

/**
 * A 1.0 dataset; `schema` (from Get Dataset metadata) wins over the list's stats when given.
 * Only what the catalog model needs is copied out of the wire objects, and through `interner`
 * the parts equal to another dataset's are shared with it.
 */
export function fromDataset(dataset: Dataset, schema: DatasetSchemaInfo | undefined, interner = new CatalogInterner()): CatalogDataset {
  const stats = dataset.stats;
  const categories = schema?.categories ?? stats?.categories;
  const rows = readOptionalInt64(schema?.num_rows ?? stats?.row_count);
  const outputColumns = (stats?.identities ?? []).map((i) => i.name).filter((n): n is string => n !== undefined);
  return {
    name: dataset.private_id,
    privateId: dataset.private_id,
    ...(dataset.public_name ? { publicName: dataset.public_name } : {}),
    ...(dataset.public_description ? { description: dataset.public_description } : {}),
    ...(dataset.owner?.display_name ? { ownerName: interner.text(dataset.owner.display_name) } : {}),
    ...(rows !== undefined ? { rowCount: Number(rows) } : {}),
    keys: interner.textList((schema?.keys ?? stats?.keys ?? []).map((k) => k.label).filter((l): l is string => l !== undefined)),
    categories: interner.categoryList((categories ?? []).map(fromCategory)),
    outputColumns: interner.textList(outputColumns),
    activation: dataset.product === 'IDENTITY',
    categoriesKnown: categories !== undefined,
  };
}

/** A collaboration dataset: attributes are its categories, each with one representation. */
export function fromCollaborationDataset(dataset: CollaborationDataset, interner = new CatalogInterner()): CatalogDataset {
  const rows = readOptionalInt64(dataset.row_count);
  return {
    name: dataset.collaboration_dataset_name,
    privateId: dataset.id,
    ...(dataset.public_dataset_name ? { publicName: dataset.public_dataset_name } : {}),
    ...(dataset.owner_id ? { ownerName: interner.text(dataset.owner_id) } : {}),
    ...(rows !== undefined ? { rowCount: Number(rows) } : {}),
    keys: interner.textList(dataset.keys.map((k) => k.label).filter((l): l is string => l !== undefined)),
    categories: interner.categoryList(
      dataset.attributes.map((a) => ({
        label: a.label,
        representations: [{ label: a.label, ...(a.type ? { dataType: a.type } : {}) }],
      })),
    ),
    outputColumns: interner.textList(dataset.output_columns),
    activation: dataset.type === 'DATASET_TYPE_IDENTITY' || dataset.output_columns.length > 0,
    categoriesKnown: true,
  };
}

async function mapWithConcurrency<T, R>(items: readonly T[], limit: number, map: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
