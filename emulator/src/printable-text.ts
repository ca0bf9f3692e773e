/**
 * Makes text that came from outside (a CSV cell, a path parameter) safe to quote in a
 * message: control characters become '?', and anything past `max` characters is cut with '…'.
 */
export function printableText(text: string, max: number): string {
  let result = '';
  for (const char of text.slice(0, max)) {
    const code = char.codePointAt(0) ?? 0;
    const isControl = code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
    result += isControl ? '?' : char;
  }
  return text.length > max ? `${result}…` : result;
}
