/**
 * A catalog as plain JSON, for the language server's catalog cache on disk: what a warm start
 * uses before the service answers. The parts a catalog shares between datasets (categories,
 * lists of categories, lists of names: see CatalogInterner) are written once and referred to
 * by index, so a 10,000-dataset catalog on one global schema is a small file that reads back
 * in milliseconds, with its parts shared again.
 *
 * Reading never throws: anything that is not exactly a snapshot of this format (a file cut
 * short, edited by hand, written by another version) is `undefined`, and the caller loads
 * the catalog from the service as if there were no file.
 */
import type { DatasetRestrictions } from '../rules/dataset-restrictions';
import { createCatalog, type Catalog, type CatalogCategory, type CatalogDataset, type CatalogDatasetDraft, type CatalogRepresentation } from './catalog';

/** Bumped whenever the model or this encoding changes: an older snapshot is then not read. */
export const CATALOG_SNAPSHOT_FORMAT = 1;

/** A dataset with its shared parts as indexes: `keys` and `outputColumns` into `textLists`, `categories` into `categoryLists`. */
type SnapshotDataset = Omit<CatalogDataset, 'keys' | 'outputColumns' | 'categories'> & {
  readonly keys: number;
  readonly outputColumns: number;
  readonly categories: number;
};

export interface CatalogSnapshot {
  readonly format: typeof CATALOG_SNAPSHOT_FORMAT;
  readonly textLists: readonly (readonly string[])[];
  readonly categories: readonly CatalogCategory[];
  /** Each list as indexes into `categories`. */
  readonly categoryLists: readonly (readonly number[])[];
  readonly datasets: readonly SnapshotDataset[];
}

/** Numbers each distinct object once, by identity: shared parts get one index. */
class IndexOf<T extends object, W> {
  readonly written: W[] = [];
  private readonly indexes = new Map<T, number>();
  constructor(private readonly write: (value: T) => W) {}
  of(value: T): number {
    let index = this.indexes.get(value);
    if (index === undefined) {
      index = this.written.length;
      this.written.push(this.write(value));
      this.indexes.set(value, index);
    }
    return index;
  }
}

export function toCatalogSnapshot(catalog: Catalog): CatalogSnapshot {
  const textLists = new IndexOf<readonly string[], readonly string[]>((list) => list);
  const categories = new IndexOf<CatalogCategory, CatalogCategory>((category) => category);
  const categoryLists = new IndexOf<readonly CatalogCategory[], readonly number[]>((list) => list.map((category) => categories.of(category)));
  const datasets = catalog.datasets.map(
    (dataset): SnapshotDataset => ({
      name: dataset.name,
      privateId: dataset.privateId,
      ...(dataset.publicName !== undefined ? { publicName: dataset.publicName } : {}),
      ...(dataset.description !== undefined ? { description: dataset.description } : {}),
      ...(dataset.ownerName !== undefined ? { ownerName: dataset.ownerName } : {}),
      ...(dataset.rowCount !== undefined ? { rowCount: dataset.rowCount } : {}),
      keys: textLists.of(dataset.keys),
      outputColumns: textLists.of(dataset.outputColumns),
      categories: categoryLists.of(dataset.categories),
      activation: dataset.activation,
      categoriesKnown: dataset.categoriesKnown,
      ...(dataset.restrictions !== undefined ? { restrictions: dataset.restrictions } : {}),
    }),
  );
  return { format: CATALOG_SNAPSHOT_FORMAT, textLists: textLists.written, categories: categories.written, categoryLists: categoryLists.written, datasets };
}

/**
 * The catalog `value` (parsed JSON) describes, or undefined when it is not a snapshot of this
 * format. Takes `value` over: its dataset objects become the catalog's (see readDataset).
 */
export function fromCatalogSnapshot(value: unknown): Catalog | undefined {
  if (!isRecord(value) || value['format'] !== CATALOG_SNAPSHOT_FORMAT) return undefined;
  const { textLists, categories, categoryLists, datasets } = value;
  if (!isArrayOf(textLists, isTextList) || !isArrayOf(categories, isCategory) || !Array.isArray(categoryLists) || !Array.isArray(datasets)) return undefined;
  const sharedLists: (readonly CatalogCategory[])[] = [];
  for (const list of categoryLists) {
    if (!isArrayOf(list, (index) => isIndex(index, categories.length))) return undefined;
    sharedLists.push(list.map((index) => categories[index]!));
  }
  const read: CatalogDataset[] = [];
  for (const dataset of datasets) {
    const decoded = readDataset(dataset, textLists, sharedLists);
    if (decoded === undefined) return undefined;
    read.push(decoded);
  }
  return createCatalog(read);
}

function readDataset(value: unknown, textLists: readonly (readonly string[])[], categoryLists: readonly (readonly CatalogCategory[])[]): CatalogDataset | undefined {
  if (!isRecord(value)) return undefined;
  const { name, privateId, publicName, description, ownerName, rowCount, keys, outputColumns, categories, activation, categoriesKnown, restrictions } = value;
  if (typeof name !== 'string' || typeof privateId !== 'string' || typeof activation !== 'boolean' || typeof categoriesKnown !== 'boolean') return undefined;
  if (!isOptional(publicName, isText) || !isOptional(description, isText) || !isOptional(ownerName, isText) || !isOptional(rowCount, isNumber)) return undefined;
  if (!isIndex(keys, textLists.length) || !isIndex(outputColumns, textLists.length) || !isIndex(categories, categoryLists.length)) return undefined;
  if (!isOptional(restrictions, isRestrictions)) return undefined;
  // The parsed object itself becomes the dataset, its three indexes replaced by what they name:
  // a warm start decodes every dataset of the catalog before its first completion, and a
  // second object per dataset was a third of that decoding and of the collections it caused.
  const dataset = value as unknown as CatalogDatasetDraft;
  dataset.keys = textLists[keys]!;
  dataset.outputColumns = textLists[outputColumns]!;
  dataset.categories = categoryLists[categories]!;
  return dataset;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown): value is string {
  return typeof value === 'string';
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isIndex(value: unknown, length: number): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < length;
}

function isOptional<T>(value: unknown, check: (value: unknown) => value is T): value is T | undefined {
  return value === undefined || check(value);
}

function isArrayOf<T>(value: unknown, check: (item: unknown) => item is T): value is T[];
function isArrayOf(value: unknown, check: (item: unknown) => boolean): value is unknown[];
function isArrayOf(value: unknown, check: (item: unknown) => boolean): boolean {
  return Array.isArray(value) && value.every((item) => check(item));
}

function isTextList(value: unknown): value is string[] {
  return isArrayOf(value, isText);
}

function isStatistics(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const { average, standardDeviation, nullFraction, distinctValues, mostCommon } = value;
  return (
    isOptional(average, isNumber) &&
    isOptional(standardDeviation, isNumber) &&
    isOptional(nullFraction, isNumber) &&
    isOptional(distinctValues, isNumber) &&
    (mostCommon === undefined || isArrayOf(mostCommon, (entry) => isRecord(entry) && isText(entry['value']) && isOptional(entry['frequency'], isNumber)))
  );
}

function isRepresentation(value: unknown): value is CatalogRepresentation {
  if (!isRecord(value)) return false;
  const { label, dataType, possibleValues, bins, statistics } = value;
  return (
    isText(label) &&
    isOptional(dataType, isText) &&
    (possibleValues === undefined || isTextList(possibleValues)) &&
    (bins === undefined || isArrayOf(bins, isNumber)) &&
    (statistics === undefined || isStatistics(statistics))
  );
}

function isCategory(value: unknown): value is CatalogCategory {
  if (!isRecord(value)) return false;
  return isText(value['label']) && isOptional(value['unit'], isText) && isArrayOf(value['representations'], isRepresentation);
}

function isRestrictions(value: unknown): value is DatasetRestrictions {
  if (!isRecord(value)) return false;
  const { intersectionOnly, allowedAttributes, activationAllowed, exportableToMembers } = value;
  return (
    typeof intersectionOnly === 'boolean' &&
    typeof activationAllowed === 'boolean' &&
    (allowedAttributes === undefined || isTextList(allowedAttributes)) &&
    (exportableToMembers === undefined || isTextList(exportableToMembers))
  );
}
