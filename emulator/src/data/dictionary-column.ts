/**
 * The emulator's one column type: a CSV column, dictionary-encoded. The loader fills it while
 * rows stream in (`DictionaryColumnBuilder`); the HTTP views and the query engine read it
 * without a copy.
 */
import { PackedTexts } from './packed-texts';
import { FingerprintTable, fingerprintInto } from './value-fingerprints';

/**
 * One CSV column of a dataset, dictionary-encoded: each distinct non-empty cell value is
 * stored once and every row holds a 32-bit code for it. A million rows cost 4 MB per column
 * plus the distinct values, and a filter is evaluated once per distinct value instead of once
 * per row. Nothing mutates a column once it is built.
 *
 * Values are held in one of two ways. A column that is shown (a category, an output column)
 * keeps its texts packed in one byte buffer (packed-texts.ts). A column that is only a key
 * (matched and counted, never shown by a clean room) keeps a 64-bit fingerprint per value
 * and no text (value-fingerprints.ts): `hasTexts` is false and `text` must not be called.
 */
export interface DatasetColumn {
  /** The column's name in the CSV header (a key label, a category label or an output column). */
  readonly name: string;
  /** Per row (0 = the first data row): the code of its value, or -1 for an empty cell. */
  readonly codes: Int32Array;
  /** How many distinct non-empty values the column holds; codes are 0 … distinctCount-1, in order of first appearance. */
  readonly distinctCount: number;
  /** False for a key-only column, which holds fingerprints and no texts. */
  readonly hasTexts: boolean;
  /** The text of value `code` (a new string each call). Throws for a column without texts. */
  text(code: number): string;
  /** Every distinct text, in code order (for small columns: categories' values). */
  texts(): string[];
  /** Per value, two words of its fingerprint (equal texts, equal fingerprints, in every column). */
  fingerprints(): Uint32Array;
  /** Per value: the number it spells, or NaN when it is not a plain number. */
  numbers(): Float64Array;
  /** Per value: how many rows hold it. */
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

abstract class EncodedColumn {
  private numbersCache: Float64Array | undefined;
  private countsCache: Int32Array | undefined;

  constructor(
    readonly name: string,
    readonly codes: Int32Array,
    readonly distinctCount: number,
  ) {}

  abstract readonly hasTexts: boolean;
  abstract text(code: number): string;

  texts(): string[] {
    return Array.from({ length: this.distinctCount }, (_, code) => this.text(code));
  }

  numbers(): Float64Array {
    if (this.numbersCache === undefined) {
      const result = new Float64Array(this.distinctCount).fill(Number.NaN);
      if (this.hasTexts) for (let code = 0; code < this.distinctCount; code++) result[code] = parsePlainNumber(this.text(code));
      this.numbersCache = result;
    }
    return this.numbersCache;
  }

  codeCounts(): Int32Array {
    if (this.countsCache === undefined) {
      const result = new Int32Array(this.distinctCount);
      for (const code of this.codes) if (code >= 0) result[code]++;
      this.countsCache = result;
    }
    return this.countsCache;
  }
}

/** A shown column: its texts packed; fingerprints computed from them when first asked. */
class TextColumn extends EncodedColumn implements DatasetColumn {
  readonly hasTexts = true;
  private fingerprintsCache: Uint32Array | undefined;

  constructor(name: string, codes: Int32Array, private readonly values: PackedTexts) {
    super(name, codes, values.length);
  }

  text(code: number): string {
    return this.values.text(code);
  }

  fingerprints(): Uint32Array {
    if (this.fingerprintsCache === undefined) {
      const words = new Uint32Array(2 * this.distinctCount);
      for (let code = 0; code < this.distinctCount; code++) fingerprintInto(this.text(code), words, code);
      this.fingerprintsCache = words;
    }
    return this.fingerprintsCache;
  }
}

/** A key-only column: fingerprints, no texts. */
class KeyColumn extends EncodedColumn implements DatasetColumn {
  readonly hasTexts = false;

  constructor(name: string, codes: Int32Array, private readonly words: Uint32Array) {
    super(name, codes, words.length / 2);
  }

  text(): string {
    throw new Error(`column '${this.name}' is a key column: its values are kept as fingerprints, never as texts`);
  }

  fingerprints(): Uint32Array {
    return this.words;
  }
}

/**
 * Rows per block of codes while a column is built. Blocks, not one array that doubles: every
 * column of a dataset has the same rows, so doubling arrays all grow at the same row and their
 * copies (old and new, the old one until the collector frees it) add up at once.
 */
const CODES_PER_BLOCK = 1 << 20;
const FIRST_CAPACITY = 256;

/**
 * Values a text column looks up in a Map before its fingerprint table: the usual category has
 * fewer, and a Map lookup of a repeated text is quicker than reading the text back to compare.
 */
const MAP_CACHED_VALUES = 4096;

/** What `add` answers: the code stored, and whether the value is new to the column (checked once). */
export interface AddedCell {
  readonly code: number;
  readonly isNew: boolean;
}

const EMPTY_CELL: AddedCell = { code: -1, isNew: false };

/**
 * Accumulates one column. `keyOnly` keeps fingerprints instead of texts (a column that is
 * only a key); else texts are packed and told apart exactly (equal fingerprints are
 * confirmed by comparing the texts).
 */
export class DictionaryColumnBuilder {
  /** Full blocks of codes, then `codes`, the block being filled (small at first: a dataset without rows costs nothing). */
  private readonly blocks: Int32Array[] = [];
  private codes = new Int32Array(0);
  private inBlock = 0;
  private readonly table = new FingerprintTable();
  private readonly values: PackedTexts | undefined;
  private readonly cached = new Map<string, number>();

  constructor(readonly name: string, keyOnly = false) {
    this.values = keyOnly ? undefined : new PackedTexts();
  }

  /** Appends one row's cell; answers its code and whether the value is new to the column. */
  add(cell: string | undefined): AddedCell {
    if (this.inBlock === this.codes.length) this.makeRoom();
    if (isEmptyCell(cell)) {
      this.codes[this.inBlock++] = -1;
      return EMPTY_CELL;
    }
    const text = cell as string;
    const cachedCode = this.cached.get(text);
    if (cachedCode !== undefined) {
      this.codes[this.inBlock++] = cachedCode;
      return { code: cachedCode, isNew: false };
    }
    const added = this.lookUp(text);
    if (added.isNew && added.code < MAP_CACHED_VALUES) this.cached.set(text, added.code);
    this.codes[this.inBlock++] = added.code;
    return added;
  }

  private makeRoom(): void {
    if (this.codes.length === CODES_PER_BLOCK) {
      this.blocks.push(this.codes);
      this.codes = new Int32Array(CODES_PER_BLOCK);
      this.inBlock = 0;
      return;
    }
    const grown = new Int32Array(Math.min(CODES_PER_BLOCK, Math.max(FIRST_CAPACITY, this.codes.length * 2)));
    grown.set(this.codes);
    this.codes = grown;
  }

  /** Every row's code in one array of exactly the rows. */
  private joinedCodes(): Int32Array {
    if (this.blocks.length === 0) return this.codes.slice(0, this.inBlock);
    const joined = new Int32Array(this.blocks.length * CODES_PER_BLOCK + this.inBlock);
    this.blocks.forEach((block, index) => joined.set(block, index * CODES_PER_BLOCK));
    joined.set(this.codes.subarray(0, this.inBlock), this.blocks.length * CODES_PER_BLOCK);
    this.blocks.length = 0;
    return joined;
  }

  private lookUp(text: string): AddedCell {
    const table = this.table;
    fingerprintInto(text, table.reserve(), table.count);
    const values = this.values;
    const found = values === undefined ? table.lookupPending() : table.lookupPending((code) => values.text(code) === text);
    if (found < table.count) return { code: found, isNew: false };
    values?.push(text);
    return { code: table.accept(), isNew: true };
  }

  /** The finished column; the builder must not be used afterwards. */
  finish(): DatasetColumn {
    this.cached.clear();
    const codes = this.joinedCodes();
    const words = this.table.finish();
    if (this.values === undefined) return new KeyColumn(this.name, codes, words);
    this.values.trim();
    return new TextColumn(this.name, codes, this.values);
  }
}

/** Builds a column from cell texts held in memory (tests, small generated tables). */
export function buildDictionaryColumn(name: string, cells: Iterable<string | undefined>, keyOnly = false): DatasetColumn {
  const builder = new DictionaryColumnBuilder(name, keyOnly);
  for (const cell of cells) builder.add(cell);
  return builder.finish();
}

/** The text of a row's cell, or undefined when it is empty. */
export function cellText(column: DatasetColumn, row: number): string | undefined {
  const code = column.codes[row] ?? -1;
  return code < 0 ? undefined : column.text(code);
}
