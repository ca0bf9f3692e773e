/**
 * The catalog as analysis sees it: what a document's target may query. Built from the
 * service's answers by the catalog cache (service/src), from a data folder by the
 * emulator, or by hand in tests — analysis never knows which.
 *
 * Names are matched exactly, as the service matches them; suggestions ("did you mean") are
 * where near misses such as a different letter case are offered.
 */
import type { DatasetRestrictions } from '../rules/dataset-restrictions';

export interface RepresentationStatistics {
  readonly average?: number;
  readonly standardDeviation?: number;
  readonly nullFraction?: number;
  readonly distinctValues?: number;
  readonly mostCommon?: readonly { readonly value: string; readonly frequency?: number }[];
}

export interface CatalogRepresentation {
  readonly label: string;
  /** The service's data type (`INTEGERS`, `STRINGS`, `FLOAT`, …), when known. */
  readonly dataType?: string;
  readonly possibleValues?: readonly string[];
  /** Bin boundaries the representation brings with it, when it has its own. */
  readonly bins?: readonly number[];
  readonly statistics?: RepresentationStatistics;
}

export interface CatalogCategory {
  readonly label: string;
  /** The first is the category's default representation. */
  readonly representations: readonly CatalogRepresentation[];
  readonly unit?: string;
}

export interface CatalogDataset {
  /** The name queries use: the private ID, or the collaboration dataset name in a collaboration. */
  readonly name: string;
  readonly privateId: string;
  readonly publicName?: string;
  readonly description?: string;
  readonly ownerName?: string;
  readonly rowCount?: number;
  readonly keys: readonly string[];
  readonly categories: readonly CatalogCategory[];
  /** Columns an activation query may select from this dataset. */
  readonly outputColumns: readonly string[];
  readonly activation: boolean;
  /**
   * False when the dataset is listed but its metadata could not be read: checks about its
   * categories are then skipped rather than reporting everything as unknown.
   */
  readonly categoriesKnown: boolean;
  /** In a collaboration, what it lets members do with the dataset (Get Collaboration). */
  readonly restrictions?: DatasetRestrictions;
}

/** A dataset being built, its optional fields set one by one (see catalog-from-wire.ts). */
export type CatalogDatasetDraft = { -readonly [K in keyof CatalogDataset]: CatalogDataset[K] };

export interface Catalog {
  readonly datasets: readonly CatalogDataset[];
  findDataset(name: string): CatalogDataset | undefined;
}

/** Indexes `datasets` by name. Later entries with a duplicate name are ignored. */
export function createCatalog(datasets: readonly CatalogDataset[]): Catalog {
  const byName = new Map<string, CatalogDataset>();
  for (const dataset of datasets) if (!byName.has(dataset.name)) byName.set(dataset.name, dataset);
  return { datasets, findDataset: (name) => byName.get(name) };
}

/** The category labelled exactly `label` in `dataset`. */
export function findCategory(dataset: CatalogDataset, label: string): CatalogCategory | undefined {
  return dataset.categories.find((category) => category.label === label);
}

/**
 * The representation a reference selects: the one named after `/`, else the category's
 * default, its first representation (as the emulator's engine chooses).
 */
export function findRepresentation(category: CatalogCategory, label: string | undefined): CatalogRepresentation | undefined {
  if (label !== undefined) return category.representations.find((r) => r.label === label);
  return defaultRepresentation(category);
}

export function defaultRepresentation(category: CatalogCategory): CatalogRepresentation | undefined {
  return category.representations[0];
}
