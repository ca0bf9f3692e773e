/**
 * The emulator's one column type: a CSV column, dictionary-encoded. The loader fills it while
 * rows stream in (`DictionaryColumnBuilder`); the HTTP views and the query engine read it
 * without a copy.
 */

/**
 * One CSV column of a dataset, dictionary-encoded: each distinct non-empty cell text is
 * stored once and every row holds a 32-bit code into the dictionary. A million rows cost
 * 4 MB per column plus the distinct texts, and a filter is evaluated once per distinct value
 * instead of once per row. Nothing mutates a column once it is built.
 */
export interface DatasetColumn {
  /** The column's name in the CSV header (a key label, a category label or an output column). */
  readonly name: string;
  /** Per row (0 = the first data row): index into `dictionary`, or -1 for an empty cell. */
  readonly codes: Int32Array;
  /** Distinct non-empty cell texts, in order of first appearance. */
  readonly dictionary: readonly string[];
  /** Per dictionary entry: the number it spells, or NaN when it is not a plain number. */
  numbers(): Float64Array;
  /** Per dictionary entry: how many rows hold it. */
  codeCounts(): Int32Array;
}

const PLAIN_NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** The number a cell spells, or NaN. Only plain decimal numbers count (`0x1A` is text). */
export function parsePlainNumber(text: string): number {
  const trimmed = text.trim();
  return PLAIN_NUMBER.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** True when a cell holds no value: empty, or only spaces (neither can match nor be counted). */
export function isEmptyCell(cell: string | undefined): boolean {
  if (cell === undefined || cell.length === 0) return true;
  // Only a cell that starts with white space can be all white space: skip trim() for the
  // usual cell that starts with a printable ASCII character (this runs once per cell).
  const first = cell.charCodeAt(0);
  if (first > 32 && first < 127) return false;
  return cell.trim().length === 0;
}

class DictionaryColumn implements DatasetColumn {
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
      this.dictionary.forEach((text, code) => {
        result[code] = parsePlainNumber(text);
      });
      this.numbersCache = result;
    }
    return this.numbersCache;
  }

  codeCounts(): Int32Array {
    if (this.countsCache === undefined) {
      const result = new Int32Array(this.dictionary.length);
      for (const code of this.codes) if (code >= 0) result[code] = (result[code] ?? 0) + 1;
      this.countsCache = result;
    }
    return this.countsCache;
  }
}

/**
 * The most entries one JavaScript Map holds (V8 refuses the next with "Map maximum size
 * exceeded"): a column of more distinct values (a 1 GB file of one e-mail per line has 26
 * million) spills into another map.
 */
export const MAP_CAPACITY = 2 ** 24;

/**
 * Text → code of the values seen so far, in as many maps as it takes (see MAP_CAPACITY);
 * the usual column needs one, and then costs one lookup per cell.
 */
export class CodeIndex {
  // Made on the first value: a column of a dataset without rows costs no map.
  private readonly maps: Map<string, number>[] = [];

  constructor(private readonly capacity = MAP_CAPACITY) {}

  get(text: string): number | undefined {
    for (const map of this.maps) {
      const code = map.get(text);
      if (code !== undefined) return code;
    }
    return undefined;
  }

  set(text: string, code: number): void {
    let last = this.maps[this.maps.length - 1];
    if (last === undefined || last.size >= this.capacity) {
      last = new Map();
      this.maps.push(last);
    }
    last.set(text, code);
  }

  /** How many maps hold the values (tests): none before the first. */
  get mapCount(): number {
    return this.maps.length;
  }

  clear(): void {
    this.maps.length = 0;
  }
}

/** Codes the builder makes room for on its first row: a column of a dataset without rows costs nothing. */
const FIRST_CAPACITY = 256;
const NO_CODES = new Int32Array(0);

/** Accumulates one column; `add` returns the code it stored so callers can check new values once. */
export class DictionaryColumnBuilder {
  private codes = NO_CODES;
  private readonly dictionary: string[] = [];
  private readonly codeOf: CodeIndex;
  private length = 0;

  /** `mapCapacity`: entries per map of the text → code index (smaller in tests, to spill early). */
  constructor(readonly name: string, mapCapacity = MAP_CAPACITY) {
    this.codeOf = new CodeIndex(mapCapacity);
  }

  /** Appends one row's cell; answers its code and whether the text is new to the column. */
  add(cell: string | undefined): { code: number; isNew: boolean } {
    if (this.length === this.codes.length) {
      const grown = new Int32Array(Math.max(FIRST_CAPACITY, this.codes.length * 2));
      grown.set(this.codes);
      this.codes = grown;
    }
    let code = -1;
    let isNew = false;
    if (!isEmptyCell(cell)) {
      const text = cell as string;
      const known = this.codeOf.get(text);
      if (known === undefined) {
        code = this.dictionary.length;
        this.dictionary.push(text);
        this.codeOf.set(text, code);
        isNew = true;
      } else {
        code = known;
      }
    }
    this.codes[this.length++] = code;
    return { code, isNew };
  }

  /** The finished column; the builder must not be used afterwards. */
  finish(): DatasetColumn {
    this.codeOf.clear();
    return new DictionaryColumn(this.name, this.codes.slice(0, this.length), this.dictionary);
  }
}

/** Builds a column from cell texts held in memory (tests, small generated tables). */
export function buildDictionaryColumn(name: string, cells: Iterable<string | undefined>): DatasetColumn {
  const builder = new DictionaryColumnBuilder(name);
  for (const cell of cells) builder.add(cell);
  return builder.finish();
}

/** The text of a row's cell, or undefined when it is empty. */
export function cellText(column: DatasetColumn, row: number): string | undefined {
  const code = column.codes[row] ?? -1;
  return code < 0 ? undefined : column.dictionary[code];
}
