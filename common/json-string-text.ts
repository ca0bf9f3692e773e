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

/** The text index of 1-based `line` and `column` (UTF-16 code units; a line ends at \r\n, \r or \n), clamped to the text. */
export function textIndexOfLineColumn(text: string, line: number, column: number): number {
  let index = 0;
  for (let current = 1; current < line; current++) {
    const next = text.slice(index).search(/\r\n|\r|\n/);
    if (next < 0) return text.length;
    index += next + (text.startsWith('\r\n', index + next) ? 2 : 1);
  }
  const lineEnd = text.slice(index).search(/\r|\n/);
  const lineLength = lineEnd < 0 ? text.length - index : lineEnd;
  return index + Math.min(Math.max(column - 1, 0), lineLength);
}

/**
 * The file span of what starts at `line` and `column` of a decoded string (a service names only
 * where a problem starts): the name or number there, a quoted text whole, else one character;
 * empty at the end of the text.
 */
export function fileSpanAtLineColumn(decoded: JsonStringText, line: number, column: number): { readonly start: number; readonly end: number } {
  const { text, fileOffsets } = decoded;
  const start = textIndexOfLineColumn(text, line, column);
  const first = text[start] ?? '';
  let end = Math.min(start + 1, text.length);
  if (/\w/.test(first)) {
    while (end < text.length && /\w/.test(text[end]!)) end++;
  } else if (first === "'" || first === '"' || first === '`') {
    const close = text.indexOf(first, start + 1);
    end = close < 0 ? text.length : close + 1;
  }
  return { start: fileOffsets[start]!, end: fileOffsets[end]! };
}
