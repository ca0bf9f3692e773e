/**
 * The distinct texts of a column as UTF-8 in one byte buffer with an offset per text: about
 * the text's own bytes plus 4 per value, where an array of JavaScript strings costs some 40
 * bytes per value more and a garbage collector's walk over every one of them. A column of 26
 * million distinct export values (a 1 GB file) holds in a few hundred megabytes this way.
 */

const FIRST_BYTES = 1024;
const FIRST_TEXTS = 64;

/** Appends texts; `text(index)` reads one back (as a new string). */
export class PackedTexts {
  private bytes: Buffer = Buffer.allocUnsafe(FIRST_BYTES);
  /** Text i spans bytes offsets[i] … offsets[i + 1]. */
  private offsets = new Uint32Array(FIRST_TEXTS + 1);
  private size = 0;

  get length(): number {
    return this.size;
  }

  push(text: string): void {
    const start = this.offsets[this.size];
    // At most three UTF-8 bytes per UTF-16 code unit.
    const room = start + 3 * text.length;
    if (room > this.bytes.length) this.bytes = grownBuffer(this.bytes, start, room);
    const end = start + (text.length === 0 ? 0 : this.bytes.write(text, start, 'utf8'));
    if (this.size + 2 > this.offsets.length) {
      const grown = new Uint32Array(this.offsets.length * 2);
      grown.set(this.offsets);
      this.offsets = grown;
    }
    this.offsets[++this.size] = end;
  }

  text(index: number): string {
    return this.bytes.toString('utf8', this.offsets[index], this.offsets[index + 1]);
  }

  /** Gives back the room kept for growth when it is more than an eighth (after the last push). */
  trim(): void {
    const used = this.offsets[this.size];
    if (this.bytes.length - used > used / 8) this.bytes = Buffer.from(this.bytes.subarray(0, used));
    if (this.offsets.length - this.size - 1 > this.size / 8) this.offsets = this.offsets.slice(0, this.size + 1);
  }
}

function grownBuffer(bytes: Buffer, used: number, needed: number): Buffer {
  let size = bytes.length * 2;
  while (size < needed) size *= 2;
  const grown = Buffer.allocUnsafe(size);
  bytes.copy(grown, 0, 0, used);
  return grown;
}
