/**
 * A catalog as plain JSON, for the language server's catalog cache on disk: what a warm start
 * uses before the service answers. The parts a catalog shares between datasets (categories,
 * lists of categories, lists of names: see CatalogInterner) are written once and referred to
 * by index, so a 10,000-dataset catalog on one global schema is a small file that reads back
 * in milliseconds, with its parts shared again. The datasets are written as columns and read
 * back as views on them (column-datasets.ts), which is what makes reading them fast.
 *
 * Reading never throws: anything that is not exactly a snapshot of this format (a file cut
 * short, edited by hand, written by another version) is `undefined`, and the caller loads
 * the catalog from the service as if there were no file.
 */
import type { DatasetRestrictions } from '../rules/dataset-restrictions';
import { createCatalog, type Catalog, type CatalogCategory, type CatalogRepresentation } from './catalog';
import { columnsOfDatasets, datasetsOfColumns, type DatasetColumns } from './column-datasets';

/** Bumped whenever the model or this encoding changes: an older snapshot is then not read. */
export const CATALOG_SNAPSHOT_FORMAT = 2;

/**
 * The datasets as columns (column-datasets.ts), their shared parts as indexes: `keys` and
 * `outputColumns` into `textLists`, `categories` into `categoryLists`, `ownerName` into
 * `ownerNames` (a few companies own every dataset; JSON.parse would make a copy per dataset).
 */
type SnapshotColumns = Omit<DatasetColumns, 'keys' | 'outputColumns' | 'categories' | 'ownerName'> & {
  readonly keys: readonly number[];
  readonly outputColumns: readonly number[];
  readonly categories: readonly number[];
  readonly ownerName: readonly (number | null)[];
};

export interface CatalogSnapshot {
  readonly format: typeof CATALOG_SNAPSHOT_FORMAT;
  readonly textLists: readonly (readonly string[])[];
  readonly categories: readonly CatalogCategory[];
  /** Each list as indexes into `categories`. */
  readonly categoryLists: readonly (readonly number[])[];
  readonly ownerNames: readonly string[];
  /** How many datasets: the length of every column. */
  readonly count: number;
  readonly datasets: SnapshotColumns;
}

/** Numbers each distinct value once (objects by identity): shared parts get one index. */
class IndexOf<T, W> {
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
  const ownerNames = new IndexOf<string, string>((name) => name);
  const columns = columnsOfDatasets(catalog.datasets);
  const datasets: SnapshotColumns = {
    ...columns,
    keys: columns.keys.map((list) => textLists.of(list)),
    outputColumns: columns.outputColumns.map((list) => textLists.of(list)),
    categories: columns.categories.map((list) => categoryLists.of(list)),
    ownerName: columns.ownerName.map((name) => (name === null ? null : ownerNames.of(name))),
  };
  return {
    format: CATALOG_SNAPSHOT_FORMAT,
    textLists: textLists.written,
    categories: categories.written,
    categoryLists: categoryLists.written,
    ownerNames: ownerNames.written,
    count: catalog.datasets.length,
    datasets,
  };
}

/**
 * The catalog `value` (parsed JSON) describes, or undefined when it is not a snapshot of this
 * format. Takes `value` over: its columns become the catalog's.
 */
export function fromCatalogSnapshot(value: unknown): Catalog | undefined {
  if (!isRecord(value) || value['format'] !== CATALOG_SNAPSHOT_FORMAT) return undefined;
  const { textLists, categories, categoryLists, ownerNames, count, datasets } = value;
  if (!isArrayOf(textLists, isTextList) || !isArrayOf(categories, isCategory) || !isTextList(ownerNames) || !Array.isArray(categoryLists)) return undefined;
  if (!Number.isInteger(count) || (count as number) < 0 || !isRecord(datasets)) return undefined;
  const sharedLists: (readonly CatalogCategory[])[] = [];
  for (const list of categoryLists) {
    if (!isArrayOf(list, (index) => isIndex(index, categories.length))) return undefined;
    sharedLists.push(list.map((index) => categories[index]!));
  }
  const columns = readColumns(datasets, count as number, textLists, sharedLists, ownerNames);
  return columns === undefined ? undefined : createCatalog(datasetsOfColumns(columns, count as number));
}

/** The columns of `value` with their indexes replaced by what they name, or undefined when any column is not as written. */
function readColumns(
  value: Record<string, unknown>,
  count: number,
  textLists: readonly (readonly string[])[],
  categoryLists: readonly (readonly CatalogCategory[])[],
  ownerNames: readonly string[],
): DatasetColumns | undefined {
  const { name, privateId, publicName, description, ownerName, rowCount, keys, outputColumns, categories, activation, categoriesKnown, restrictions } = value;
  const column = <T>(values: unknown, check: (item: unknown) => item is T): values is T[] => Array.isArray(values) && values.length === count && values.every((item) => check(item));
  const orNull = <T>(check: (item: unknown) => item is T) => (item: unknown): item is T | null => item === null || check(item);
  const indexInto = (length: number) => (item: unknown): item is number => isIndex(item, length);
  if (!column(name, isText) || !column(privateId, orNull(isText)) || !column(publicName, orNull(isText)) || !column(description, orNull(isText))) return undefined;
  if (!column(ownerName, orNull(indexInto(ownerNames.length))) || !column(rowCount, orNull(isNumber))) return undefined;
  if (!column(keys, indexInto(textLists.length)) || !column(outputColumns, indexInto(textLists.length)) || !column(categories, indexInto(categoryLists.length))) return undefined;
  if (!column(activation, isBoolean) || !column(categoriesKnown, isBoolean) || !column(restrictions, orNull(isRestrictions))) return undefined;
  return {
    name,
    privateId,
    publicName,
    description,
    ownerName: ownerName.map((index) => (index === null ? null : ownerNames[index]!)),
    rowCount,
    keys: keys.map((index) => textLists[index]!),
    outputColumns: outputColumns.map((index) => textLists[index]!),
    categories: categories.map((index) => categoryLists[index]!),
    activation,
    categoriesKnown,
    restrictions,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isText(value: unknown): value is string {
  return typeof value === 'string';
}

function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean';
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
