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
 * A shared array (option `sharedArray`, e.g. each dataset's `stats.categories`) is cut out of
 * each item too: the item's text has `[]` in its place and its elements are handed over
 * apart. Datasets on one global schema repeat the same categories byte for byte, most of the
 * body, so when an array's bytes equal the previous one's they are compared in one native
 * call instead of walked byte by byte, and the previous elements are handed over again, the
 * same array object, so the caller can reuse what it made of them.
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
/** The depth inside an item that is an object. */
const ITEM_OBJECT_DEPTH = ITEMS_DEPTH + 1;
const EMPTY_ARRAY = Buffer.from('[]');

export interface SplitRest {
  /** The body without the items: the array is left as `[]`. */
  readonly rest: string;
  /** False when the body ended inside a string or an unclosed object or array. */
  readonly complete: boolean;
}

export interface JsonItemsSplitterOptions {
  /**
   * Property names from an item to an array inside it (`['stats', 'categories']`) whose
   * elements are handed over apart from the item's text.
   */
  readonly sharedArray?: readonly string[];
}

/**
 * An item's text, and the elements of each shared array cut out of it, in order (the text
 * has `[]` in their place). An empty string stands for a missing item or element (`[1,,2]`),
 * which `JSON.parse` rejects. Elements that are byte for byte the previous array's are that
 * same array object.
 */
export type ItemHandler = (text: string, sharedArrays: readonly (readonly string[])[]) => void;

interface CutArray {
  readonly bytes: Buffer;
  readonly elements: readonly string[];
}

export class JsonItemsSplitter {
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** At depth 1: the next string is a property name. */
  private expectingKey = false;
  /** The property name being read: the name it is compared with, and which match it sets. */
  private keyTarget: Buffer | undefined;
  private keyIsTop = false;
  /** Bytes of a property name read across pieces or with escapes, decoded at its end. */
  private keySpill: number[] | undefined;
  private topKeyMatched = false;
  private inItems = false;
  private itemsSeen = 0;
  private arraysSeen = 0;
  private readonly restPieces: Buffer[] = [];
  private itemPieces: Buffer[] = [];
  private itemArrays: (readonly string[])[] = [];
  /** The shared array's path, as the bytes of each name, and where the item stands on it. */
  private readonly pathKeys: readonly Buffer[];
  /** Depth of the innermost object on the path within the current item, or -1. */
  private pathDepth = -1;
  private pathIndex = 0;
  private pathKeyExpected = false;
  private pathKeyMatched = false;
  /** The shared array being read: its depth, its bytes so far and where its elements end. */
  private arrayDepth = -1;
  private arrayPieces: Buffer[] = [];
  private arrayLength = 0;
  private elementEnds: number[] = [];
  private previousArray: CutArray | undefined;
  /** Bytes from an array's `[` that so far equal the previous array, waiting for the next piece. */
  private pending: { pieces: Buffer[]; matched: number } | undefined;

  /**
   * @param property the top-level property whose array items are split off (e.g. `datasets`).
   * @param onItem receives each item as soon as it is complete.
   */
  constructor(
    property: string,
    private readonly onItem: ItemHandler,
    options: JsonItemsSplitterOptions = {},
  ) {
    this.propertyBytes = Buffer.from(property);
    this.pathKeys = (options.sharedArray ?? []).map((name) => Buffer.from(name));
  }

  private readonly propertyBytes: Buffer;

  /** Feeds the next piece of the body. Items completed by this piece are handed over at once. */
  push(chunk: Uint8Array): void {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.pending === undefined) {
      this.scan(bytes, 0, true);
      return;
    }
    const { pieces, matched } = this.pending;
    const previous = this.previousArray!.bytes;
    const compared = Math.min(previous.length - matched, bytes.length);
    if (bytes.compare(previous, matched, matched + compared, 0, compared) !== 0) {
      // Not the same array after all: read what was held back, then this piece, as usual.
      this.pending = undefined;
      this.scan(Buffer.concat(pieces), 0, false);
      this.scan(bytes, 0, true);
    } else if (matched + compared === previous.length) {
      this.pending = undefined;
      this.reuseArray();
      this.scan(bytes, compared, true);
    } else {
      pieces.push(Buffer.from(bytes));
      this.pending.matched += compared;
    }
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
    if (this.pending !== undefined) {
      const held = Buffer.concat(this.pending.pieces);
      this.pending = undefined;
      this.scan(held, 0, false);
    }
    const complete = this.depth === 0 && !this.inString && !this.inItems;
    return { rest: Buffer.concat(this.restPieces).toString('utf8'), complete };
  }

  /**
   * Walks `bytes` from `from`. `skipAtFrom` false: a shared array opening at `from` is read
   * byte by byte (it was just found to differ from the previous one).
   */
  private scan(bytes: Buffer, from: number, skipAtFrom: boolean): void {
    const length = bytes.length;
    let depth = this.depth;
    let start = from;
    let i = from;
    if (this.inString) {
      i = this.readString(bytes, i);
      if (this.inString) {
        this.keep(bytes, start);
        return;
      }
      i++;
    }
    for (; i < length; i++) {
      const byte = bytes[i]!;
      if (byte === QUOTE) {
        if (depth === 1 && this.expectingKey) this.startKey(this.propertyBytes, true);
        else if (depth === this.pathDepth && this.pathKeyExpected) this.startKey(this.pathKeys[this.pathIndex]!, false);
        this.inString = true;
        i = this.readString(bytes, i + 1);
        if (this.inString) break;
        continue;
      }
      if (byte === OPEN_OBJECT || byte === OPEN_ARRAY) {
        if (depth === this.pathDepth && this.pathKeyMatched) {
          if (byte === OPEN_OBJECT && this.pathIndex + 1 < this.pathKeys.length) {
            this.pathIndex++;
            this.pathDepth = depth + 1;
            this.pathKeyExpected = true;
          } else if (byte === OPEN_ARRAY && this.pathIndex + 1 === this.pathKeys.length) {
            this.itemPieces.push(bytes.subarray(start, i));
            start = i;
            const skipTo = skipAtFrom || i > from ? this.sameAsPrevious(bytes, i) : -1;
            if (skipTo === -2) {
              // The rest of this piece equals the previous array's start: the next piece decides
              // (and, if it differs, this `[` is read again, the name still matched).
              this.depth = depth;
              return;
            }
            this.pathKeyMatched = false;
            if (skipTo >= 0) {
              this.reuseArray();
              i = skipTo - 1;
              start = skipTo;
              continue;
            }
            this.itemPieces.push(EMPTY_ARRAY);
            this.arrayDepth = depth + 1;
          }
          this.pathKeyMatched = false;
        }
        depth++;
        if (depth === 1) this.expectingKey = byte === OPEN_OBJECT;
        else if (depth === ITEMS_DEPTH && byte === OPEN_ARRAY && this.topKeyMatched && !this.inItems) {
          this.restPieces.push(Buffer.from(bytes.subarray(start, i + 1)));
          start = i + 1;
          this.inItems = true;
          this.itemsSeen = 0;
          this.arraysSeen++;
        } else if (depth === ITEM_OBJECT_DEPTH && this.inItems && byte === OPEN_OBJECT && this.pathKeys.length > 0) {
          this.pathDepth = depth;
          this.pathIndex = 0;
          this.pathKeyExpected = true;
          this.pathKeyMatched = false;
        }
        continue;
      }
      if (byte === CLOSE_OBJECT || byte === CLOSE_ARRAY) {
        if (depth === this.arrayDepth) {
          this.endElement(start, i);
          this.arrayPieces.push(bytes.subarray(start, i + 1));
          start = i + 1;
          this.finishArray();
        } else if (depth === this.pathDepth) {
          this.pathKeyExpected = false;
          this.pathKeyMatched = false;
          if (this.pathIndex === 0) this.pathDepth = -1;
          else {
            this.pathIndex--;
            this.pathDepth--;
          }
        } else if (this.inItems && depth === ITEMS_DEPTH) {
          this.itemPieces.push(bytes.subarray(start, i));
          start = i;
          this.finishItem(true);
          this.inItems = false;
        }
        depth--;
        continue;
      }
      if (byte === COMMA) {
        if (depth === 1) this.expectingKey = true;
        else if (depth === this.arrayDepth) this.endElement(start, i);
        else if (depth === this.pathDepth) {
          this.pathKeyExpected = true;
          this.pathKeyMatched = false;
        } else if (this.inItems && depth === ITEMS_DEPTH) {
          this.itemPieces.push(bytes.subarray(start, i));
          start = i + 1;
          this.finishItem(false);
        }
        continue;
      }
      if (byte === COLON) {
        if (depth === 1) this.expectingKey = false;
        else if (depth === this.pathDepth) this.pathKeyExpected = false;
      }
    }
    this.depth = depth;
    this.keep(bytes, start);
  }

  /**
   * Walks a string from `i` to its closing quote (returned, and `inString` cleared), or to
   * the end of the piece (`inString` left set). A property name being read is compared or
   * kept on the way.
   */
  private readString(bytes: Buffer, i: number): number {
    const length = bytes.length;
    const keyFrom = i;
    let escaped = this.escaped;
    let sawEscape = false;
    for (; i < length; i++) {
      if (escaped) {
        escaped = false;
        continue;
      }
      const byte = bytes[i]!;
      if (byte === BACKSLASH) {
        escaped = true;
        sawEscape = true;
      } else if (byte === QUOTE) break;
    }
    this.escaped = escaped;
    if (i < length) this.inString = false;
    if (this.keyTarget !== undefined) this.readKey(bytes, keyFrom, i, sawEscape);
    return i;
  }

  private startKey(target: Buffer, top: boolean): void {
    this.keyTarget = target;
    this.keyIsTop = top;
    this.keySpill = undefined;
  }

  /** The part `from`–`to` of the property name being read; at its end, whether it is the one sought. */
  private readKey(bytes: Buffer, from: number, to: number, sawEscape: boolean): void {
    const target = this.keyTarget!;
    if (this.inString || sawEscape || this.keySpill !== undefined) {
      this.keySpill ??= [];
      for (let k = from; k < to; k++) this.keySpill.push(bytes[k]!);
      if (this.inString) return;
    }
    const matched = this.keySpill !== undefined ? decodeKey(this.keySpill) === target.toString() : sameBytes(bytes, from, to, target);
    this.keyTarget = undefined;
    this.keySpill = undefined;
    if (this.keyIsTop) this.topKeyMatched = matched;
    else this.pathKeyMatched = matched;
  }

  /**
   * At a shared array's `[`: where the bytes after the previous array's length resume when
   * they are that array again, -2 when the piece ends before the comparison can, else -1.
   */
  private sameAsPrevious(bytes: Buffer, at: number): number {
    const previous = this.previousArray?.bytes;
    if (previous === undefined) return -1;
    const available = bytes.length - at;
    if (available >= previous.length) return bytes.compare(previous, 0, previous.length, at, at + previous.length) === 0 ? at + previous.length : -1;
    if (bytes.compare(previous, 0, available, at, bytes.length) !== 0) return -1;
    this.pending = { pieces: [Buffer.from(bytes.subarray(at))], matched: available };
    return -2;
  }

  /** The array just passed over is the previous one again. */
  private reuseArray(): void {
    this.itemPieces.push(EMPTY_ARRAY);
    this.itemArrays.push(this.previousArray!.elements);
  }

  /** Notes where an element of the shared array ends (at a comma or the closing bracket). */
  private endElement(start: number, at: number): void {
    this.elementEnds.push(this.arrayLength + (at - start));
  }

  private finishArray(): void {
    const bytes = Buffer.concat(this.arrayPieces);
    const elements: string[] = [];
    let from = 1;
    for (const end of this.elementEnds) {
      elements.push(bytes.toString('utf8', from, end).trim());
      from = end + 1;
    }
    // `[ ]`: one blank element at the closing bracket is no element.
    if (elements.length === 1 && elements[0] === '') elements.pop();
    this.previousArray = { bytes, elements };
    this.itemArrays.push(elements);
    this.arrayDepth = -1;
    this.arrayPieces = [];
    this.arrayLength = 0;
    this.elementEnds = [];
  }

  /**
   * Keeps what is left of a piece past `start` where it belongs, copied, so that a few bytes
   * of rest or of an unfinished item do not hold on to the whole piece.
   */
  private keep(bytes: Buffer, start: number): void {
    if (start >= bytes.length) return;
    const left = Buffer.from(bytes.subarray(start));
    if (this.arrayDepth !== -1) {
      this.arrayPieces.push(left);
      this.arrayLength += left.length;
    } else (this.inItems ? this.itemPieces : this.restPieces).push(left);
  }

  /** Hands over the item just read; at the closing bracket an all-blank first item is `[]`. */
  private finishItem(atClose: boolean): void {
    const text = Buffer.concat(this.itemPieces).toString('utf8').trim();
    const arrays = this.itemArrays;
    this.itemPieces = [];
    this.itemArrays = [];
    this.pathDepth = -1;
    if (atClose && text === '' && this.itemsSeen === 0) return;
    this.itemsSeen++;
    this.onItem(text, arrays);
  }
}

function sameBytes(bytes: Buffer, from: number, to: number, target: Buffer): boolean {
  if (to - from !== target.length) return false;
  for (let k = 0; k < target.length; k++) if (bytes[from + k] !== target[k]) return false;
  return true;
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
