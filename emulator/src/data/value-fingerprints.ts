/**
 * 64-bit fingerprints of cell texts, and a table that numbers them. Key columns are matched
 * and counted, never shown, so a published key column keeps one fingerprint per distinct
 * value (8 bytes in a typed array) instead of a JavaScript string and a Map entry (~80 bytes
 * each, and work for the garbage collector): a 1 GB file of one e-mail per line has 26
 * million of them. Two different texts share a fingerprint with a probability of about
 * n²/2⁶⁵ (2 in 100,000 for 26 million values), the price of a key column that fits.
 */

/** Fingerprint words of `text` written at `words[2 * at]` and `words[2 * at + 1]`. */
export function fingerprintInto(text: string, words: Uint32Array, at: number): void {
  // Two murmur-style lanes with different constants over the UTF-16 code units.
  let a = 0x9747b28c ^ text.length;
  let b = 0x3c6ef372 ^ Math.imul(text.length, 0x85ebca6b);
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    a = Math.imul(a ^ unit, 0xcc9e2d51);
    a = (a << 15) | (a >>> 17);
    b = Math.imul(b ^ unit, 0x1b873593);
    b = (b << 13) | (b >>> 19);
    b = (Math.imul(b, 5) + 0xe6546b64) | 0;
  }
  a = finalMix(a);
  b = finalMix(b ^ a);
  words[2 * at] = a;
  words[2 * at + 1] = b;
}

function finalMix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h;
}

const FIRST_SLOTS = 16;
/**
 * Codes moved from the outgrown slot array to the new one per code accepted: growth is spread
 * over the following inserts instead of stopping everything to move them all at once (moving
 * 16 million codes took seconds, during which the emulator answered nothing).
 */
const MOVED_PER_ACCEPT = 2;

/**
 * Distinct fingerprints numbered 0, 1, … in order of arrival (open addressing over typed
 * arrays: no per-value object). `words` holds two words per number.
 */
export class FingerprintTable {
  /** Two words per number; longer than needed while the table grows (see `count`). */
  words: Uint32Array;
  count = 0;
  /** number + 1 per slot, 0 for a free slot; at most half full. */
  private slots: Int32Array;
  /** While growing: the outgrown slots, which still hold the numbers from `moved` to `movedUntil`. */
  private outgrown: Int32Array | undefined;
  private moved = 0;
  private movedUntil = 0;

  /**
   * `expected`: how many numbers the caller foresees at most. A table sized for them never
   * grows, so it neither copies its words nor looks in outgrown slots while growing (a
   * query's shared numbering of key values knows its bound: the sum of the columns' values).
   */
  constructor(expected = 0) {
    let slots = FIRST_SLOTS * 2;
    while (slots < 2 * expected + 2) slots *= 2;
    this.slots = new Int32Array(slots);
    this.words = new Uint32Array(2 * Math.max(FIRST_SLOTS, expected + 1));
  }

  /**
   * The number of the fingerprint written at position `count` of `words` (see `reserve`):
   * an existing one, for which `same` (when given) confirms the match, or `count` itself,
   * which the caller then keeps with `accept`.
   */
  lookupPending(same?: (code: number) => boolean): number {
    const found = this.probe(this.slots, same);
    if (found >= 0 || this.outgrown === undefined) return found >= 0 ? found : this.count;
    const old = this.probe(this.outgrown, same);
    return old >= 0 ? old : this.count;
  }

  private probe(slots: Int32Array, same: ((code: number) => boolean) | undefined): number {
    const words = this.words;
    const low = words[2 * this.count];
    const high = words[2 * this.count + 1];
    const mask = slots.length - 1;
    let slot = low & mask;
    for (;;) {
      const held = slots[slot];
      if (held === 0) return -1;
      const code = held - 1;
      if (words[2 * code] === low && words[2 * code + 1] === high && (same === undefined || same(code))) return code;
      slot = (slot + 1) & mask;
    }
  }

  /** Room for one more fingerprint at position `count` of `words`. */
  reserve(): Uint32Array {
    if (2 * this.count + 2 > this.words.length) {
      const grown = new Uint32Array(this.words.length * 2);
      grown.set(this.words);
      this.words = grown;
    }
    return this.words;
  }

  /** Keeps the pending fingerprint (position `count`) as number `count`. */
  accept(): number {
    const code = this.count++;
    place(this.slots, this.words, code);
    if (this.outgrown !== undefined) this.moveSome(MOVED_PER_ACCEPT);
    if (this.count * 2 > this.slots.length) this.grow();
    return code;
  }

  /** Numbers `text`'s fingerprint: its existing number, else a new one. */
  add(text: string): number {
    fingerprintInto(text, this.reserve(), this.count);
    const code = this.lookupPending();
    return code === this.count ? this.accept() : code;
  }

  /** Numbers the fingerprint of number `code` of `source` (two words each). */
  addWords(source: Uint32Array, code: number): number {
    const found = this.lookupCopied(source, code);
    return found === this.count ? this.accept() : found;
  }

  /** The number of fingerprint `code` of `source`, or -1. */
  find(source: Uint32Array, code: number): number {
    const found = this.lookupCopied(source, code);
    return found === this.count ? -1 : found;
  }

  /** `lookupPending` of fingerprint `code` of `source`, copied to the pending position. */
  private lookupCopied(source: Uint32Array, code: number): number {
    const words = this.reserve();
    words[2 * this.count] = source[2 * code];
    words[2 * this.count + 1] = source[2 * code + 1];
    return this.lookupPending();
  }

  /** The fingerprints alone, exactly `count` of them; the table must not be used afterwards. */
  finish(): Uint32Array {
    this.slots = new Int32Array(0);
    this.outgrown = undefined;
    const used = 2 * this.count;
    // Room for growth is given back when it is more than an eighth.
    return this.words.length - used > used / 8 ? this.words.slice(0, used) : this.words.subarray(0, used);
  }

  /** Starts moving every number into slots twice as many (at most half full again). */
  private grow(): void {
    // Moving runs twice as fast as the table fills, so the last growth is over by now.
    if (this.outgrown !== undefined) this.moveSome(this.movedUntil - this.moved);
    this.outgrown = this.slots;
    this.slots = new Int32Array(this.slots.length * 2);
    this.moved = 0;
    this.movedUntil = this.count;
  }

  private moveSome(most: number): void {
    const until = Math.min(this.movedUntil, this.moved + most);
    for (let code = this.moved; code < until; code++) place(this.slots, this.words, code);
    this.moved = until;
    if (until === this.movedUntil) this.outgrown = undefined;
  }
}

function place(slots: Int32Array, words: Uint32Array, code: number): void {
  const mask = slots.length - 1;
  let slot = words[2 * code] & mask;
  while (slots[slot] !== 0) slot = (slot + 1) & mask;
  slots[slot] = code + 1;
}

/** A table of the fingerprints `words` (two words per value, as columns give them). */
export function tableOf(words: Uint32Array): FingerprintTable {
  const table = new FingerprintTable(words.length / 2);
  for (let code = 0; code < words.length / 2; code++) table.addWords(words, code);
  return table;
}
