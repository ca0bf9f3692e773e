/**
 * One bar chart per dimension of an insight result. The first dimension's bars are the
 * service's own counts; a deeper dimension's bars add up its bins across the bins above it,
 * which leaves out whatever the service redacted and adds rounded counts, so the chart says so.
 */
import type { QueryDimension, QueryResult } from '../../../common/api';
import type { ChartView } from '../../../common/webview/results-view';

/** Beyond this many bins a chart stops being readable; the table still has them all. */
export const MAX_BARS = 60;

/**
 * A chart per dimension level of `result`, titled by `names[level]` (the table's column names).
 * Empty for a result without dimensions. Pure; never throws.
 */
export function buildDimensionCharts(result: QueryResult, names: readonly string[]): ChartView[] {
  const levels: Map<string, number>[] = [];
  const visit = (bins: readonly QueryDimension[], depth: number): void => {
    for (const bin of bins) {
      const level = (levels[depth] ??= new Map<string, number>());
      const value = bin.value ?? '';
      level.set(value, (level.get(value) ?? 0) + toNumber(bin.count));
      if (Array.isArray(bin.dimensions)) visit(bin.dimensions, depth + 1);
    }
  };
  visit(Array.isArray(result.dimensions) ? result.dimensions : [], 0);

  return levels.map((level, depth): ChartView => {
    const all = [...level].map(([label, value]) => ({ label, value }));
    const bars = all.slice(0, MAX_BARS);
    const notes: string[] = [];
    if (depth > 0) notes.push(`Totals over the bins of ${names[depth - 1] ?? 'the dimension above'}; bins the service redacted are not included.`);
    if (all.length > bars.length) notes.push(`The first ${bars.length} of ${all.length} bins; the table has them all.`);
    return { title: names[depth] ?? `dimension ${depth + 1}`, ...(notes.length > 0 ? { note: notes.join(' ') } : {}), bars };
  });
}

/** A count for drawing: an integer on the wire (the swagger's `count`), absent when 0. */
function toNumber(count: number | undefined): number {
  return count !== undefined && Number.isFinite(count) ? count : 0;
}
