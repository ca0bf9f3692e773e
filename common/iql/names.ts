import { RESERVED_WORDS } from './reserved-words';

const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** True when `name` must be written in double quotes: not a plain identifier, or a keyword. */
export function needsQuotes(name: string): boolean {
  return !PLAIN_NAME.test(name) || RESERVED_WORDS.has(name.toUpperCase());
}

/** `name` as it must be written in a query: quoted (with `""` escapes) only when needed. */
export function writeName(name: string): string {
  return needsQuotes(name) ? `"${name.replace(/"/g, '""')}"` : name;
}

/** A string literal for `value`, with `''` escapes. */
export function writeString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}
