/**
 * What kind of values a representation holds, read from the service's data type. Unknown
 * or unusual types give `unknown`, and checks that depend on the kind are then skipped: a
 * false error costs the author more than a missed one, which the service still reports.
 */
export type ValueKind = 'number' | 'string' | 'unknown';

const NUMERIC = /^(INTEGERS?|INTEGER_RANGES|INTEGER_SET|FLOATS?|DOUBLES?|DECIMALS?|NUMBERS?|NUMERIC)$/;
const TEXTUAL = /^(STRINGS?|STRING_SET|BOOLEANS?|DATES?|DATETIMES?|TIMESTAMPS?)$/;

export function valueKindOf(dataType: string | undefined): ValueKind {
  if (dataType === undefined) return 'unknown';
  const normalized = dataType.trim().toUpperCase();
  if (NUMERIC.test(normalized)) return 'number';
  if (TEXTUAL.test(normalized)) return 'string';
  return 'unknown';
}
