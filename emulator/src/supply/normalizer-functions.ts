/**
 * The `functions` of a normalizer_config entry (seed 002 §2.6; their content is not shown by
 * the seed, §4.6): the emulator's own small set, documented in emulator/README.md. Each is an
 * object `{"name": …}` applied in order to a cell's text before it is written; a value that
 * becomes empty is an empty cell.
 *
 *   trim, lowercase, uppercase, digits_only, sha256 (hex of the UTF-8 text, empty stays empty),
 *   parse_integer (the integer a text reads as, e.g. " 042" → "42", "4.0" → "4"; anything
 *   else becomes empty), map {values: {from: to, …}, default?: text} (a value without an
 *   entry is kept, or replaced by `default` when given).
 */
import { createHash } from 'node:crypto';

export type CellFunction = (value: string) => string;

export const FUNCTION_NAMES = ['trim', 'lowercase', 'uppercase', 'digits_only', 'sha256', 'parse_integer', 'map'] as const;

const SIMPLE: Readonly<Record<string, CellFunction>> = {
  trim: (value) => value.trim(),
  lowercase: (value) => value.toLowerCase(),
  uppercase: (value) => value.toUpperCase(),
  digits_only: (value) => value.replace(/\D+/g, ''),
  sha256: (value) => (value === '' ? '' : createHash('sha256').update(value, 'utf8').digest('hex')),
  parse_integer: (value) => {
    const number = Number(value.trim());
    return value.trim() !== '' && Number.isInteger(number) ? String(number) : '';
  },
};

/**
 * The problem with one function object, in words naming where it is (`at`), or undefined
 * when it is one of the set with valid arguments.
 */
export function functionProblem(spec: Readonly<Record<string, unknown>>, at: string): string | undefined {
  const name = spec.name;
  if (typeof name !== 'string') return `${at}.name: each function needs a name, one of ${FUNCTION_NAMES.join(', ')}`;
  if (name === 'map') {
    const values = spec.values;
    if (values === null || typeof values !== 'object' || Array.isArray(values) || Object.values(values).some((to) => typeof to !== 'string')) {
      return `${at}.values: the map function needs values, an object of texts, e.g. {"F": "Female"}`;
    }
    if (spec.default !== undefined && typeof spec.default !== 'string') return `${at}.default: must be a text`;
    return undefined;
  }
  if (!(name in SIMPLE)) return `${at}.name: unknown function '${name}'; the functions are ${FUNCTION_NAMES.join(', ')}`;
  return undefined;
}

/** The functions of an entry composed into one (the entry was checked with `functionProblem`). */
export function composeFunctions(specs: readonly Readonly<Record<string, unknown>>[] | undefined): CellFunction {
  const steps = (specs ?? []).map(stepOf);
  return (value) => steps.reduce((current, step) => step(current), value);
}

function stepOf(spec: Readonly<Record<string, unknown>>): CellFunction {
  if (spec.name === 'map') {
    const values = new Map(Object.entries(spec.values as Record<string, string>));
    const fallback = typeof spec.default === 'string' ? spec.default : undefined;
    return (value) => values.get(value) ?? fallback ?? value;
  }
  return SIMPLE[String(spec.name)] ?? ((value) => value);
}

/** Whether a text reads as a value of a catalog data type. */
export function readsAs(dataType: string, value: string): boolean {
  switch (dataType) {
    case 'INTEGERS':
    case 'TIMESTAMP':
      return /^-?\d+$/.test(value.trim());
    case 'FLOAT':
      return value.trim() !== '' && Number.isFinite(Number(value));
    case 'BOOLEANS':
      return /^(true|false)$/i.test(value.trim());
    default:
      return true;
  }
}
