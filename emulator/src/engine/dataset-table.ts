/**
 * Builds the engine's columnar, dictionary-encoded tables (see `TableColumn` in model.ts).
 */
import type { DatasetTable, TableColumn } from './model';

const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The number a cell spells, or NaN. Only plain decimal numbers count (`0x1A` is text). */
export function parseCellNumber(text: string): number {
  const trimmed = text.trim();
  return PLAIN_NUMBER.test(trimmed) ? Number(trimmed) : Number.NaN;
}

class DictionaryColumn implements TableColumn {
  private numbersCache: Float64Array | undefined;
  private countsCache: Int32Array | undefined;

  constructor(
    readonly name: string,
    readonly codes: Int32Array,
    readonly dictionary: readonly string[],
  ) {}

  numbers(): Float64Array {
    if (this.numbersCache === undefined) {
      const result = new Float64Array(this.dictionary.length);
      for (let code = 0; code < this.dictionary.length; code++) result[code] = parseCellNumber(this.dictionary[code]);
      this.numbersCache = result;
    }
    return this.numbersCache;
  }

  codeCounts(): Int32Array {
    if (this.countsCache === undefined) {
      const result = new Int32Array(this.dictionary.length);
      for (const code of this.codes) if (code >= 0) result[code]++;
      this.countsCache = result;
    }
    return this.countsCache;
  }
}

class ColumnarTable implements DatasetTable {
  private readonly byName: ReadonlyMap<string, TableColumn>;

  constructor(
    readonly rowCount: number,
    columns: readonly TableColumn[],
  ) {
    this.byName = new Map(columns.map((column) => [column.name, column]));
    this.columnNames = columns.map((column) => column.name);
  }

  readonly columnNames: readonly string[];

  column(name: string): TableColumn | undefined {
    return this.byName.get(name);
  }
}

/** Accumulates one column's codes while rows stream in; the map is dropped once built. */
class ColumnBuilder {
  private codes = new Int32Array(1024);
  private readonly dictionary: string[] = [];
  private readonly codeOf = new Map<string, number>();

  constructor(readonly name: string) {}

  add(row: number, cell: string | undefined): void {
    if (row >= this.codes.length) {
      const grown = new Int32Array(this.codes.length * 2);
      grown.set(this.codes);
      this.codes = grown;
    }
    this.codes[row] = this.encode(cell);
  }

  private encode(cell: string | undefined): number {
    // A cell of only spaces is as empty as an empty one: it can neither match nor be counted.
    if (cell === undefined || cell.length === 0 || cell.trim().length === 0) return -1;
    let code = this.codeOf.get(cell);
    if (code === undefined) {
      code = this.dictionary.length;
      this.dictionary.push(cell);
      this.codeOf.set(cell, code);
    }
    return code;
  }

  finish(rowCount: number): TableColumn {
    return new DictionaryColumn(this.name, this.codes.slice(0, rowCount), this.dictionary);
  }
}

/**
 * Builds a table from a CSV's header and its data rows, in row order.
 *
 * Contract: `columns` are the header names; each row gives the cells in the same order. A
 * short row has empty cells at its end, extra cells are ignored, and a repeated header name
 * keeps its first column. An empty (or all-space) cell is "no value". Never throws for any
 * strings; the rows are read once, so a streaming CSV reader can feed it directly.
 */
export function buildDatasetTable(columns: readonly string[], rows: Iterable<readonly string[]>): DatasetTable {
  const builders: ColumnBuilder[] = [];
  const positions: number[] = [];
  const seen = new Set<string>();
  columns.forEach((name, position) => {
    if (seen.has(name)) return;
    seen.add(name);
    builders.push(new ColumnBuilder(name));
    positions.push(position);
  });
  let rowCount = 0;
  for (const row of rows) {
    for (let index = 0; index < builders.length; index++) builders[index].add(rowCount, row[positions[index]]);
    rowCount++;
  }
  return new ColumnarTable(
    rowCount,
    builders.map((builder) => builder.finish(rowCount)),
  );
}

/** A column already held as one cell text per row (`undefined` = empty), e.g. by the loader. */
export interface ColumnValues {
  readonly name: string;
  readonly values: readonly (string | undefined)[];
}

/**
 * Builds a table from columns that are already split out, one cell per row. Columns shorter
 * than `rowCount` are padded with empty cells. Same cell rules as `buildDatasetTable`.
 */
export function buildDatasetTableFromColumns(rowCount: number, columns: Iterable<ColumnValues>): DatasetTable {
  const built: TableColumn[] = [];
  const seen = new Set<string>();
  const count = Math.max(0, Math.floor(rowCount));
  for (const column of columns) {
    if (seen.has(column.name)) continue;
    seen.add(column.name);
    const builder = new ColumnBuilder(column.name);
    for (let row = 0; row < count; row++) builder.add(row, column.values[row]);
    built.push(builder.finish(count));
  }
  return new ColumnarTable(count, built);
}
