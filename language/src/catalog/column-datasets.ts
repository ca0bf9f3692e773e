/**
 * Datasets kept as columns: one array per field, the catalog's datasets being views on one row
 * each. This is how a catalog read from its snapshot on disk (catalog-snapshot.ts) holds them.
 *
 * Why: as one object per dataset, a 10,000-dataset catalog was 10,000 JSON objects of a dozen
 * fields each, a 2 MB file; as columns it is 0.75 MB, JSON.parse makes a few arrays of strings,
 * numbers and booleans, and a view holds only its row. Writing it after a cold load peaks
 * ~4.5 MB lower. Reading it is not much faster end to end (bench/RESULTS.md, "Peer servers"):
 * the parsed data's trips through the young generation cost what the objects did.
 *
 * Views are read-only, like the rest of the model; a field that is absent reads as undefined.
 */
import type { DatasetRestrictions } from '../rules/dataset-restrictions';
import type { CatalogCategory, CatalogDataset } from './catalog';

/** One entry per dataset in every column; `null` where the dataset has no such field. */
export interface DatasetColumns {
  readonly name: readonly string[];
  /** `null` when it is the dataset's name, as it is outside collaborations. */
  readonly privateId: readonly (string | null)[];
  readonly publicName: readonly (string | null)[];
  readonly description: readonly (string | null)[];
  readonly ownerName: readonly (string | null)[];
  readonly rowCount: readonly (number | null)[];
  readonly keys: readonly (readonly string[])[];
  readonly outputColumns: readonly (readonly string[])[];
  readonly categories: readonly (readonly CatalogCategory[])[];
  readonly activation: readonly boolean[];
  readonly categoriesKnown: readonly boolean[];
  readonly restrictions: readonly (DatasetRestrictions | null)[];
}

class ColumnDataset implements CatalogDataset {
  constructor(
    private readonly columns: DatasetColumns,
    private readonly row: number,
  ) {}

  get name(): string {
    return this.columns.name[this.row]!;
  }
  get privateId(): string {
    return this.columns.privateId[this.row] ?? this.name;
  }
  get publicName(): string | undefined {
    return this.columns.publicName[this.row] ?? undefined;
  }
  get description(): string | undefined {
    return this.columns.description[this.row] ?? undefined;
  }
  get ownerName(): string | undefined {
    return this.columns.ownerName[this.row] ?? undefined;
  }
  get rowCount(): number | undefined {
    return this.columns.rowCount[this.row] ?? undefined;
  }
  get keys(): readonly string[] {
    return this.columns.keys[this.row]!;
  }
  get outputColumns(): readonly string[] {
    return this.columns.outputColumns[this.row]!;
  }
  get categories(): readonly CatalogCategory[] {
    return this.columns.categories[this.row]!;
  }
  get activation(): boolean {
    return this.columns.activation[this.row]!;
  }
  get categoriesKnown(): boolean {
    return this.columns.categoriesKnown[this.row]!;
  }
  get restrictions(): DatasetRestrictions | undefined {
    return this.columns.restrictions[this.row] ?? undefined;
  }
}

/** The datasets `columns` hold, as views on its rows; every column must have `count` entries. */
export function datasetsOfColumns(columns: DatasetColumns, count: number): CatalogDataset[] {
  const datasets: CatalogDataset[] = new Array<CatalogDataset>(count);
  for (let row = 0; row < count; row += 1) datasets[row] = new ColumnDataset(columns, row);
  return datasets;
}

/** `datasets` as columns (any datasets: views or plain objects). */
export function columnsOfDatasets(datasets: readonly CatalogDataset[]): { -readonly [K in keyof DatasetColumns]: DatasetColumns[K][number][] } {
  return {
    name: datasets.map((d) => d.name),
    privateId: datasets.map((d) => (d.privateId === d.name ? null : d.privateId)),
    publicName: datasets.map((d) => d.publicName ?? null),
    description: datasets.map((d) => d.description ?? null),
    ownerName: datasets.map((d) => d.ownerName ?? null),
    rowCount: datasets.map((d) => d.rowCount ?? null),
    keys: datasets.map((d) => d.keys),
    outputColumns: datasets.map((d) => d.outputColumns),
    categories: datasets.map((d) => d.categories),
    activation: datasets.map((d) => d.activation),
    categoriesKnown: datasets.map((d) => d.categoriesKnown),
    restrictions: datasets.map((d) => d.restrictions ?? null),
  };
}
