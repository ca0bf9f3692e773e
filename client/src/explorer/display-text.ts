/**
 * Small text helpers for tree rows: counts with thousands separators (64-bit counts arrive as
 * strings and stay exact), enum values without their prefix, and service text made one line.
 */
import type { WireInt64 } from '../../../common/api';

/**
 * `1234567` or `"1234567"` → `"1,234,567"`; undefined when absent or not an integer. Works on
 * the digits, so a count beyond 2^53 is shown exactly. Never throws.
 */
export function formatCount(value: WireInt64 | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === 'number' ? (Number.isInteger(value) ? value.toFixed(0) : '') : value.trim();
  const match = /^(-?)(\d+)$/.exec(text);
  if (match === null) return undefined;
  const [, sign, digits] = match;
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * An enum value for people: `ACTIVATION_SEGMENT_STATUS_READY` with prefix
 * `ACTIVATION_SEGMENT_STATUS_` → `ready`. Unknown shapes are returned lower-cased as they are.
 */
export function shortEnum(value: string | undefined, prefix: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  const bare = value.startsWith(prefix) ? value.slice(prefix.length) : value;
  return bare.toLowerCase().replace(/_/g, ' ');
}

/** Service text on one line: line breaks, tabs and other control characters become spaces. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim();
}

/** A fraction 0…1 as a percentage with at most one decimal: 0.256 → "25.6%". */
export function formatPercent(fraction: number | undefined): string | undefined {
  if (fraction === undefined || !Number.isFinite(fraction)) return undefined;
  return `${Math.round(fraction * 1000) / 10}%`;
}

/**
 * Service text made safe for a notification, which turns `[label](target)` into a link: the
 * link syntax is broken so that a service message can never offer a command link.
 */
export function defuseLinks(text: string): string {
  return text.replace(/\]\s*\(/g, '] (');
}
