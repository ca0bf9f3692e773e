/**
 * How the history is written to `globalState`: the RunRecords without their results (which
 * live in files, see result-archive.ts), each with a flag saying whether its result file is
 * kept. Reading never throws: an entry that is not a run (an older format, a hand edit) is
 * dropped rather than breaking the History view.
 */
// zod/mini: the webviews' messages load it anyway, and full zod would cost activation ~10 ms more.
import * as z from 'zod/mini';
import type { RunRecord } from './run-record';

/** The `globalState` key of the history. */
export const HISTORY_STATE_KEY = 'iql.history.runs';

/** A run as the History view knows it. */
export interface HistoryEntry {
  /** The record without `result` and `activation`: those are read from the result archive. */
  readonly record: RunRecord;
  /** Whether the result archive holds this run's result or activation. */
  readonly resultKept: boolean;
}

/** Run ids become file names, so only this safe alphabet is accepted from storage. */
export const RUN_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

const optionalString = z.optional(z.string());

// Loose, so that fields a later version adds to RunRecord survive a round trip through this one.
const StoredRunSchema = z.looseObject({
  id: z.string().check(z.regex(RUN_ID_PATTERN)),
  query: z.string(),
  kind: z.enum(['insight', 'activation']),
  target: z.object({ profile: optionalString, collaboration: optionalString }),
  documentUri: optionalString,
  startedAt: z.number(),
  finishedAt: z.optional(z.number()),
  status: z.enum(['running', 'succeeded', 'failed', 'cancelled']),
  serviceId: optionalString,
  audience: optionalString,
  message: optionalString,
  resultKept: z.optional(z.boolean()),
});

/** The stored form of `entries` (newest first), ready for `globalState.update`. */
export function serializeHistory(entries: readonly HistoryEntry[]): unknown {
  return { version: 1, runs: entries.map((entry) => ({ ...stripResult(entry.record), resultKept: entry.resultKept })) };
}

/** Reads what serializeHistory wrote. Anything else yields no entries; bad entries are skipped. Never throws. */
export function parseHistory(stored: unknown): HistoryEntry[] {
  if (typeof stored !== 'object' || stored === null) return [];
  const runs = (stored as { runs?: unknown }).runs;
  if (!Array.isArray(runs)) return [];
  const entries: HistoryEntry[] = [];
  const seen = new Set<string>();
  for (const raw of runs) {
    const parsed = StoredRunSchema.safeParse(raw);
    if (!parsed.success || seen.has(parsed.data.id)) continue;
    seen.add(parsed.data.id);
    const { resultKept, ...record } = parsed.data;
    entries.push({ record: stripResult(record as RunRecord), resultKept: resultKept === true });
  }
  return entries;
}

/** The record without its potentially large `result` and `activation`. */
export function stripResult(record: RunRecord): RunRecord {
  if (record.result === undefined && record.activation === undefined && !('result' in record) && !('activation' in record)) return record;
  const copy: RunRecord & { result?: unknown; activation?: unknown } = { ...record };
  delete copy.result;
  delete copy.activation;
  return copy;
}
