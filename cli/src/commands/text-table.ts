/**
 * Aligned columns for the terminal, used by `iql run` (results) and `iql explain` (dimensions).
 */

/**
 * Lays out a header and rows as columns separated by two spaces, with a rule of dashes under
 * the header. Columns flagged in `rightAligned` (numbers) are padded on the left. Widths count
 * code points, so most accented text lines up; wide (CJK) characters may not. Cells come from
 * the service, so they pass through `printable` rather than reach the terminal raw.
 * Trailing spaces are trimmed. Never throws.
 */
export function formatTextTable(header: readonly string[], rows: readonly (readonly string[])[], rightAligned: readonly boolean[] = []): string[] {
  const all = [header, ...rows].map((row) => header.map((_, column) => printable(row[column] ?? '')));
  // A loop rather than Math.max(...rows): a result may have more rows than a call has arguments.
  const widths = header.map((_, column) => all.reduce((widest, row) => Math.max(widest, length(row[column] ?? '')), 0));
  const rule = widths.map((width) => '-'.repeat(width));
  const lay = (row: readonly string[]): string =>
    row
      .map((cell, column) => {
        const pad = ' '.repeat((widths[column] ?? 0) - length(cell));
        return rightAligned[column] ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  const [first, ...rest] = all;
  return [lay(first ?? []), lay(rule), ...rest.map(lay)];
}

/**
 * Text from the service made safe for one terminal line: line breaks and tabs become one
 * space, other control characters (ESC of terminal escape sequences, DEL, C1) become '?'.
 */
export function printable(text: string): string {
  let result = '';
  for (const char of text.replace(/[\t\n\v\f\r\u2028\u2029]+/g, ' ')) {
    const code = char.codePointAt(0) ?? 0;
    result += code < 0x20 || (code >= 0x7f && code <= 0x9f) ? '?' : char;
  }
  return result;
}

function length(text: string): number {
  return [...text].length;
}
