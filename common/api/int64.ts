/**
 * 64-bit integers on the wire.
 *
 * The service follows the protobuf JSON mapping: `int64`/`uint64` values (row counts, audience
 * sizes, intersections) are written as JSON strings because a JavaScript number cannot hold
 * every 64-bit value. Schemas keep them as they arrive (a string, or a number from a service
 * that does not follow the mapping) and callers convert them on purpose with `readInt64`, so
 * that no count is silently rounded.
 */
import { z } from 'zod';

/** A 64-bit integer as carried on the wire: a decimal string, or (for robustness) a JSON number. */
export const int64Schema = z.union([
  z.string().regex(/^-?\d+$/, 'expected a 64-bit integer written as a decimal string'),
  z.number().int(),
]);


// Reading needs no zod: kept apart so that code which only reads counts (webviews, plan text) does not load it.
export { formatInt64, readInt64, readOptionalInt64 } from './int64-read';
export type { WireInt64 } from './int64-read';
