/**
 * A JSON string's text with the place of each character in the file: `\"`, `\\`, `\n`,
 * `\u00e9` and the like are one character of the text but several of the file, so a problem
 * found in the text is placed back on the exact characters the user typed.
 */

export interface JsonStringText {
  /** The decoded text. */
  readonly text: string;
  /** For each index of `text` (and one past its end), the offset in the file. */
  readonly fileOffsets: readonly number[];
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/**
 * Decodes the content of a JSON string literal that starts at `start` in `file` (the offset
 * just after the opening quote) and ends before `end` (the closing quote). Never throws: a
 * broken escape is kept as its characters.
 */
export function decodeJsonString(file: string, start: number, end: number): JsonStringText {
  let text = '';
  const fileOffsets: number[] = [];
  let at = start;
  while (at < end) {
    const char = file[at]!;
    if (char !== '\\' || at + 1 >= end) {
      text += char;
      fileOffsets.push(at);
      at += 1;
      continue;
    }
    const next = file[at + 1]!;
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      text += simple;
      fileOffsets.push(at);
      at += 2;
    } else if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(file.slice(at + 2, at + 6))) {
      text += String.fromCharCode(Number.parseInt(file.slice(at + 2, at + 6), 16));
      fileOffsets.push(at);
      at += 6;
    } else {
      text += char;
      fileOffsets.push(at);
      at += 1;
    }
  }
  fileOffsets.push(end);
  return { text, fileOffsets };
}

/** `text` written inside a JSON string: quotes, backslashes and control characters escaped. */
export function encodeJsonStringContent(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** The text index of file offset `offset` (the first character at or after it). */
export function textIndexOf(decoded: JsonStringText, offset: number): number {
  const index = decoded.fileOffsets.findIndex((fileOffset) => fileOffset >= offset);
  return index < 0 ? decoded.text.length : index;
}
