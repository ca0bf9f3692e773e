import type { CollaborationDataset, Dataset, DatasetSchemaInfo, Category } from '../../../common/api';
import { readOptionalInt64 } from '../../../common/api';
import { createCatalog, type Catalog, type CatalogCategory, type CatalogDataset } from '../analysis/catalog/catalog';
import { collectAllPages } from './iterate-pages';
import type { ServiceClient } from './service-client';
import { succeed, type ServiceResult } from './service-error';

/** Get Dataset metadata calls in flight at once when the list lacks categories. */
const METADATA_CONCURRENCY = 8;

/**
 * Loads what a target may query: with a collaboration, its datasets under their collaboration
 * dataset names (2.0, every page); otherwise the datasets visible to the key (1.0 List
 * Datasets), completed with Get Dataset metadata for those whose categories the list leaves
 * out. A dataset whose metadata cannot be read stays in the catalog with `categoriesKnown`
 * false, so that its name still resolves.
 */
export async function loadCatalog(client: ServiceClient, collaborationId: string | undefined, signal: AbortSignal): Promise<ServiceResult<Catalog>> {
  if (collaborationId !== undefined) {
    const pages = await collectAllPages(client, 'listCollaborationDatasets', { params: { collaboration_id: collaborationId } }, { signal });
    if (!pages.ok) return pages;
    return succeed(createCatalog(pages.value.map(fromCollaborationDataset)));
  }
  const listed = await client.listDatasets(undefined, { signal });
  if (!listed.ok) return listed;
  const shared = new Map<string, CatalogCategory>();
  const datasets = await mapWithConcurrency(listed.value.datasets, METADATA_CONCURRENCY, async (dataset) => {
    if (dataset.stats?.categories !== undefined) return fromDataset(dataset, undefined, shared);
    const metadata = await client.getDatasetMetadata(dataset.private_id, { signal });
    return fromDataset(metadata.ok ? metadata.value.dataset : dataset, metadata.ok ? metadata.value.schema : undefined, shared);
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
 * Datasets built on one global schema repeat the same categories: `shared` lets them hold one
 * copy, which keeps a catalog of thousands of datasets small.
 */
export function fromDataset(dataset: Dataset, schema: DatasetSchemaInfo | undefined, shared = new Map<string, CatalogCategory>()): CatalogDataset {
  const stats = dataset.stats;
  const categories = schema?.categories ?? stats?.categories;
  const rows = readOptionalInt64(schema?.num_rows ?? stats?.row_count);
  const outputColumns = (stats?.identities ?? []).map((i) => i.name).filter((n): n is string => n !== undefined);
  return {
    name: dataset.private_id,
    privateId: dataset.private_id,
    ...(dataset.public_name ? { publicName: dataset.public_name } : {}),
    ...(dataset.public_description ? { description: dataset.public_description } : {}),
    ...(dataset.owner?.display_name ? { ownerName: dataset.owner.display_name } : {}),
    ...(rows !== undefined ? { rowCount: Number(rows) } : {}),
    keys: (schema?.keys ?? stats?.keys ?? []).map((k) => k.label).filter((l): l is string => l !== undefined),
    categories: (categories ?? []).map((category) => {
      const key = JSON.stringify(category);
      let converted = shared.get(key);
      if (!converted) {
        converted = fromCategory(category);
        shared.set(key, converted);
      }
      return converted;
    }),
    outputColumns,
    activation: dataset.product === 'IDENTITY',
    categoriesKnown: categories !== undefined,
  };
}

/** A collaboration dataset: attributes are its categories, each with one representation. */
export function fromCollaborationDataset(dataset: CollaborationDataset): CatalogDataset {
  const rows = readOptionalInt64(dataset.row_count);
  return {
    name: dataset.collaboration_dataset_name,
    privateId: dataset.id,
    ...(dataset.public_dataset_name ? { publicName: dataset.public_dataset_name } : {}),
    ...(dataset.owner_id ? { ownerName: dataset.owner_id } : {}),
    ...(rows !== undefined ? { rowCount: Number(rows) } : {}),
    keys: dataset.keys.map((k) => k.label).filter((l): l is string => l !== undefined),
    categories: dataset.attributes.map((a) => ({
      label: a.label,
      representations: [{ label: a.label, ...(a.type ? { dataType: a.type } : {}) }],
    })),
    outputColumns: dataset.output_columns,
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
