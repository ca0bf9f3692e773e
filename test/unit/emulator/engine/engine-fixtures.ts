/**
 * Tiny hand-written datasets for the engine tests. Every expected answer in the tests is
 * worked out by hand from these rows; the comments below list the individuals they make.
 *
 * Individuals when Retail, Bank, Publisher and IdGraph are all named:
 *   A  = Retail rows 0 and 4 (email a@x) + Bank row 0 (a@x) + IdGraph row 0 (a@x, phone 333)
 *        + Publisher row 2 (phone 333)                       — only through IdGraph
 *   Bb = Retail row 1 (b@x, phone 111) + Publisher rows 0 and 3 (phone 111)
 *   C  = Retail row 2 (c@x) + Bank row 1 (c@x)
 *   D  = Retail row 3 (phone 222) + Publisher row 1 (222) + IdGraph row 1 (222)
 *   E  = Retail row 5 (e@x)
 *   Z  = Bank row 2 (z@x) + IdGraph row 2 (z@x, 444)
 *   W  = Bank row 3 (no key)
 *   P4, P5, P6 = Publisher rows 4, 5, 6
 *
 * Category values (lowest row of each dataset):
 *   Retail: A 34 Female North Spend 100 '2025-02-01' (row 4 says 60 Male South 999: ignored)
 *           Bb 22 Male South 50 '2024-12-31'; C 41 Female North – '2025-01-01';
 *           D 9 Other – 20 –; E – Female Wales 10 '2023-05-05'
 *   Bank:   A 30000/35, C 15000/40, Z 50000/50, W 1000/20
 *   Publisher Section: Bb Sport (row 3's Money ignored), D News, P2 Sport, P4 Money, P5 Arts, P6 News
 */
import { buildDictionaryColumn } from '../../../../emulator/src/data/dictionary-column';
import type { DatasetColumn } from '../../../../emulator/src/data/dictionary-column';
import type { DatasetTable, EngineDataset } from '../../../../emulator/src/engine/index';

interface DatasetSpec {
  readonly name: string;
  readonly keys: readonly string[];
  readonly categories?: EngineDataset['categories'];
  readonly outputColumns?: readonly string[];
  readonly activation?: boolean;
  readonly columns: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/**
 * A table of `rows` under the header `columns`, built with the loader's own column type. A
 * short row has empty cells at its end; a repeated header name keeps its first column.
 */
export function buildTable(columns: readonly string[], rows: readonly (readonly string[])[]): DatasetTable {
  const built = new Map<string, DatasetColumn>();
  columns.forEach((name, position) => {
    if (!built.has(name)) built.set(name, buildDictionaryColumn(name, rows.map((row) => row[position])));
  });
  return { rowCount: rows.length, columns: built };
}

export function makeDataset(spec: DatasetSpec): EngineDataset {
  return {
    name: spec.name,
    privateId: spec.name,
    publicName: `${spec.name} (public)`,
    keys: spec.keys,
    categories: spec.categories ?? [],
    outputColumns: spec.outputColumns ?? [],
    activation: spec.activation ?? false,
    redactionThreshold: 0,
    roundingThreshold: 0,
    table: buildTable(spec.columns, spec.rows),
  };
}

/** The same dataset with other privacy thresholds (same table, so matchings are shared). */
export function withThresholds(dataset: EngineDataset, redactionThreshold: number, roundingThreshold: number): EngineDataset {
  return { ...dataset, redactionThreshold, roundingThreshold };
}

export const retail = makeDataset({
  name: 'Retail',
  keys: ['email', 'phone'],
  activation: true,
  outputColumns: ['ID', 'email'],
  categories: [
    { label: 'Age', data_type: 'INTEGERS', representations: [{ label: 'Age' }, { label: 'Decades', bins: [0, 30, 60] }] },
    { label: 'Gender', data_type: 'STRINGS', representations: [{ label: 'Gender', possible_values: ['Female', 'Male', 'Other'] }] },
    { label: 'Region', data_type: 'STRINGS', representations: [{ label: 'Region' }] },
    { label: 'Spend', data_type: 'FLOAT', representations: [{ label: 'Spend' }] },
    { label: 'Last Purchase', data_type: 'TIMESTAMP', representations: [{ label: 'Last Purchase' }] },
  ],
  columns: ['ID', 'email', 'phone', 'Age', 'Gender', 'Region', 'Spend', 'Last Purchase'],
  rows: [
    ['R1', 'a@x', '', '34', 'Female', 'North', '100', '2025-02-01'],
    ['R2', 'b@x', '111', '22', 'Male', 'South', '50', '2024-12-31'],
    ['R3', 'c@x', '', '41', 'Female', 'North', '', '2025-01-01'],
    ['R4', '', '222', '9', 'Other', '', '20', ''],
    ['R5', 'a@x', '', '60', 'Male', 'South', '999', '2025-03-01'],
    ['R6', 'e@x', '', '', 'Female', 'Wales', '10', '2023-05-05'],
  ],
});

export const bank = makeDataset({
  name: 'Bank',
  keys: ['email'],
  categories: [
    {
      label: 'Income',
      data_type: 'INTEGERS',
      representations: [{ label: 'Bands', bins: [0, 20000, 40000, 100000] }, { label: 'Income' }],
    },
    { label: 'Age', data_type: 'INTEGERS', representations: [{ label: 'Age' }] },
  ],
  outputColumns: ['email'],
  columns: ['email', 'Income', 'Age'],
  rows: [
    ['a@x', '30000', '35'],
    ['c@x', '15000', '40'],
    ['z@x', '50000', '50'],
    ['', '1000', '20'],
  ],
});

export const publisher = makeDataset({
  name: 'Publisher',
  keys: ['phone'],
  categories: [{ label: 'Section', data_type: 'STRINGS', representations: [{ label: 'Section' }] }],
  columns: ['phone', 'Section'],
  rows: [
    ['111', 'Sport'],
    ['222', 'News'],
    ['333', 'Sport'],
    ['111', 'Money'],
    ['555', 'Money'],
    ['666', 'Arts'],
    ['777', 'News'],
  ],
});

export const idGraph = makeDataset({
  name: 'IdGraph',
  keys: ['email', 'phone'],
  columns: ['email', 'phone'],
  rows: [
    ['a@x', '333'],
    ['', '222'],
    ['z@x', '444'],
  ],
});

export const allDatasets: readonly EngineDataset[] = [retail, bank, publisher, idGraph];
