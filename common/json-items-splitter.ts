/**
 * Splits a JSON object that arrives in pieces into the items of one of its top-level array
 * properties, so that an answer such as List Datasets (about 70 MB of JSON for 10,000
 * datasets of 50 categories) can be handled one item at a time instead of as one string plus
 * one parsed tree plus one checked copy. The service client reads list answers this way; the
 * emulator reads a data folder's catalog.json this way (its datasets, and each dataset's
 * categories).
 *
 * The splitter only finds boundaries; it does not judge the JSON. Each item's text is handed
 * over as it completes, and everything else (the object with that array left empty) is kept
 * as `rest`. Parsing each item and the rest with `JSON.parse` is what checks well-formedness:
 * a broken body yields an item or a rest that does not parse, or `complete: false`.
 *
 * Working on bytes is safe for UTF-8: every byte of a multi-byte character is ≥ 0x80, so it
 * can never be mistaken for a quote, a backslash, a bracket or a comma.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;

/** The depth of the items' array: inside the top-level object (1), inside the array (2). */
const ITEMS_DEPTH = 2;

export interface SplitRest {
  /** The body without the items: the array is left as `[]`. */
  readonly rest: string;
  /** False when the body ended inside a string or an unclosed object or array. */
  readonly complete: boolean;
}

export class JsonItemsSplitter {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** At depth 1: the next string is a property name. */
  private expectingKey = false;
  /** Bytes of the property name being read, or undefined outside a name at depth 1. */
  private keyBytes: number[] | undefined;
  private lastKey: string | undefined;
  private inItems = false;
  private itemsSeen = 0;
  private arraysSeen = 0;
  private readonly restPieces: Buffer[] = [];
  private itemPieces: Buffer[] = [];

  /**
   * @param property the top-level property whose array items are split off (e.g. `datasets`).
   * @param onItem receives each item's JSON text, in order, as soon as it is complete; an
   *   empty string stands for a missing item (`[1,,2]`), which `JSON.parse` rejects.
   */
  constructor(
    private readonly property: string,
    private readonly onItem: (text: string) => void,
  ) {}

  /** Feeds the next piece of the body. Items completed by this piece are handed over at once. */
  push(chunk: Uint8Array): void {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let start = 0;
    for (let i = 0; i < bytes.length; i++) {
      const byte = bytes[i]!;
      if (this.inString && this.keyBytes === undefined && !this.escaped) {
        // Most of a body is text inside strings: jump to the next quote rather than walk to it.
        const quote = bytes.indexOf(QUOTE, i);
        const stop = quote === -1 ? bytes.length : quote;
        let backslashes = 0;
        while (stop - backslashes - 1 >= i && bytes[stop - backslashes - 1] === BACKSLASH) backslashes++;
        if (quote === -1) {
          this.escaped = backslashes % 2 === 1;
          break;
        }
        i = quote;
        // An odd run of backslashes before the quote escapes it; an even one is escaped pairs.
        if (backslashes % 2 === 0) this.closeString();
        continue;
      }
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (byte === BACKSLASH) this.escaped = true;
        else if (byte === QUOTE) this.closeString();
        if (this.keyBytes !== undefined && this.inString) this.keyBytes.push(byte);
        continue;
      }
      switch (byte) {
        case QUOTE:
          this.inString = true;
          if (this.depth === 1 && this.expectingKey) this.keyBytes = [];
          break;
        case OPEN_OBJECT:
        case OPEN_ARRAY:
          this.depth++;
          if (this.depth === 1) this.expectingKey = byte === OPEN_OBJECT;
          if (this.depth === ITEMS_DEPTH && byte === OPEN_ARRAY && this.lastKey === this.property && !this.inItems) {
            this.restPieces.push(Buffer.from(bytes.subarray(start, i + 1)));
            start = i + 1;
            this.inItems = true;
            this.itemsSeen = 0;
            this.arraysSeen++;
          }
          break;
        case CLOSE_OBJECT:
        case CLOSE_ARRAY:
          if (this.inItems && this.depth === ITEMS_DEPTH) {
            this.itemPieces.push(bytes.subarray(start, i));
            start = i;
            this.finishItem(true);
            this.inItems = false;
          }
          this.depth--;
          break;
        case COMMA:
          if (this.depth === 1) this.expectingKey = true;
          else if (this.inItems && this.depth === ITEMS_DEPTH) {
            this.itemPieces.push(bytes.subarray(start, i));
            start = i + 1;
            this.finishItem(false);
          }
          break;
        case COLON:
          if (this.depth === 1) this.expectingKey = false;
          break;
        default:
          break;
      }
    }
    // What is kept past this call is copied, so that a few bytes of rest or of an unfinished
    // item do not hold on to the whole chunk.
    if (start < bytes.length) (this.inItems ? this.itemPieces : this.restPieces).push(Buffer.from(bytes.subarray(start)));
  }

  /**
   * How many arrays of the property were split. More than one means the object names the
   * property twice: `JSON.parse` keeps only the last, the items handed over are of both.
   */
  get arraysSplit(): number {
    return this.arraysSeen;
  }

  /** Call once the body has ended: the text outside the items, and whether the body was whole. */
  end(): SplitRest {
    const complete = this.depth === 0 && !this.inString && !this.inItems;
    return { rest: Buffer.concat(this.restPieces).toString('utf8'), complete };
  }

  private closeString(): void {
    this.inString = false;
    if (this.keyBytes === undefined) return;
    this.lastKey = decodeKey(this.keyBytes);
    this.keyBytes = undefined;
  }

  /** Hands over the item just read; at the closing bracket an all-blank first item is `[]`. */
  private finishItem(atClose: boolean): void {
    const text = Buffer.concat(this.itemPieces).toString('utf8').trim();
    this.itemPieces = [];
    if (atClose && text === '' && this.itemsSeen === 0) return;
    this.itemsSeen++;
    this.onItem(text);
  }
}

/** A property name's raw bytes (escapes included) as the string JSON means by them. */
function decodeKey(bytes: readonly number[]): string | undefined {
  try {
    const value: unknown = JSON.parse(`"${Buffer.from(bytes).toString('utf8')}"`);
    return typeof value === 'string' ? value : undefined;
  } catch {
    // Not a valid string: the rest will fail to parse, which reports the problem.
    return undefined;
  }
}
