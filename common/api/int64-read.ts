/**
 * Reading 64-bit integers from the wire (see int64.ts): no zod here, so that code which only
 * reads counts loads nothing else.
 */

/** A 64-bit integer as carried on the wire: a decimal string, or (for robustness) a JSON number. */
export type WireInt64 = string | number;

/**
 * Converts a wire 64-bit integer to a `number` when that is exact (|value| ≤ 2^53 − 1),
 * otherwise to a `bigint`, so that large counts are never rounded.
 *
 * Contract: never throws for a value accepted by `int64Schema`. A string that is not a decimal
 * integer (which the schema rejects) yields `NaN`, so misuse is visible rather than fatal.
 */
export function readInt64(value: WireInt64): number | bigint {
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) ? value : Number.isInteger(value) ? BigInt(value) : Number.NaN;
  }
  if (!/^-?\d+$/.test(value)) return Number.NaN;
  const asNumber = Number(value);
  return Number.isSafeInteger(asNumber) ? asNumber : BigInt(value);
}

/**
 * Like `readInt64`, for optional fields: a missing value is the protobuf default, zero.
 * The service omits fields that hold their default value, so an absent count means 0.
 */
export function readOptionalInt64(value: WireInt64 | undefined): number | bigint {
  return value === undefined ? 0 : readInt64(value);
}

/**
 * Formats a wire 64-bit integer for people, with digit grouping, without going through a
 * lossy `number`. Returns the raw text unchanged if it is not an integer.
 */
export function formatInt64(value: WireInt64 | undefined, locale = 'en-US'): string {
  if (value === undefined) return '0';
  const read = readInt64(value);
  if (typeof read === 'number' && Number.isNaN(read)) return String(value);
  return read.toLocaleString(locale);
}
