/**
 * What an insight report answers (emulator/README.md, "Insight reports"): for each category of
 * the baseline dataset the report lists, the baseline audience (baseline dataset +
 * `baseline_filter`) and the intersection audience (those of them also in the seed audience:
 * seed dataset + `seed_filter`), counted by the category's values. Every count is an insight
 * query run through the query engine, so the privacy rules of queries hold unchanged: a bin
 * under the redaction threshold is left out (its foreground reads 0), an audience under it
 * reads 0, and counts are rounded to the rounding threshold before the index is computed.
 */
import type { QueryDimension, QueryResult } from '../../../common/api';
import { writeName } from '../../../common/iql/names';
import type { NamedDataset, QueryEngine, QueryOutcome } from '../query-engine';

/** A created report's audiences, ready to be counted. */
export interface ReportPlan {
  readonly seed: NamedDataset;
  readonly baseline: NamedDataset;
  /** The qualified conditions of the filters (report-filter.ts); undefined: no filter. */
  readonly seedCondition: string | undefined;
  readonly baselineCondition: string | undefined;
  readonly categories: readonly string[];
}

export interface SingleValue {
  readonly baseline_foreground: string;
  readonly category_value: string;
  readonly index: number;
  readonly intersection_foreground: string;
}

export interface SingleResult {
  readonly baseline_background: string;
  readonly category_name: string;
  readonly intersection_background: string;
  readonly values: readonly SingleValue[];
}

export interface CrossValue {
  readonly baseline_foreground: string;
  readonly category_value_1: string;
  readonly category_value_2: string;
  readonly index: number;
  readonly intersection_foreground: string;
}

export interface CrossResult {
  readonly baseline_background: string;
  readonly category_name_1: string;
  readonly category_name_2: string;
  readonly intersection_background: string;
  readonly values: readonly CrossValue[];
}

/**
 * index = (intersection foreground ÷ intersection background) ÷ (baseline foreground ÷ baseline
 * background) × 100, rounded half up; 0 when a count it divides by is 0.
 */
export function reportIndex(intersectionForeground: number, intersectionBackground: number, baselineForeground: number, baselineBackground: number): number {
  if (intersectionBackground <= 0 || baselineForeground <= 0 || baselineBackground <= 0) return 0;
  return Math.round(((intersectionForeground / intersectionBackground) / (baselineForeground / baselineBackground)) * 100);
}

/** The single category result of every category of the plan, in the plan's order. */
export function computeSingles(engine: QueryEngine, plan: ReportPlan): QueryOutcome<SingleResult[]> {
  const results: SingleResult[] = [];
  for (const category of plan.categories) {
    const counted = countBoth(engine, plan, [category]);
    if (!counted.ok) return counted;
    const { baseline, intersection } = counted.value;
    const found = new Map(flatten(intersection.dimensions).map((cell) => [cell.values[0] ?? '', cell.count]));
    results.push({
      baseline_background: String(baseline.audience ?? 0),
      category_name: category,
      intersection_background: String(intersection.audience ?? 0),
      values: flatten(baseline.dimensions).map((cell) => {
        const value = cell.values[0] ?? '';
        const foreground = found.get(value) ?? 0;
        return {
          baseline_foreground: String(cell.count),
          category_value: value,
          index: reportIndex(foreground, intersection.audience ?? 0, cell.count, baseline.audience ?? 0),
          intersection_foreground: String(foreground),
        };
      }),
    });
  }
  return { ok: true, value: results };
}

/** The cross category result of two of the plan's categories. */
export function computeCross(engine: QueryEngine, plan: ReportPlan, first: string, second: string): QueryOutcome<CrossResult> {
  const counted = countBoth(engine, plan, [first, second]);
  if (!counted.ok) return counted;
  const { baseline, intersection } = counted.value;
  const key = (values: readonly string[]): string => JSON.stringify(values);
  const found = new Map(flatten(intersection.dimensions).map((cell) => [key(cell.values), cell.count]));
  return {
    ok: true,
    value: {
      baseline_background: String(baseline.audience ?? 0),
      category_name_1: first,
      category_name_2: second,
      intersection_background: String(intersection.audience ?? 0),
      values: flatten(baseline.dimensions).map((cell) => {
        const foreground = found.get(key(cell.values)) ?? 0;
        return {
          baseline_foreground: String(cell.count),
          category_value_1: cell.values[0] ?? '',
          category_value_2: cell.values[1] ?? '',
          index: reportIndex(foreground, intersection.audience ?? 0, cell.count, baseline.audience ?? 0),
          intersection_foreground: String(foreground),
        };
      }),
    },
  };
}

/** The two insight queries of a report over `categories` (nested when two). */
export function reportQueries(plan: ReportPlan, categories: readonly string[]): { baseline: string; intersection: string } {
  const baseline = writeName(plan.baseline.name);
  const seed = writeName(plan.seed.name);
  const select = `SELECT AGGREGATE(${categories.map((category) => `${baseline}.${writeName(category)}`).join(', ')})`;
  const where = (conditions: readonly (string | undefined)[]): string => {
    const written = conditions.filter((condition): condition is string => condition !== undefined);
    return written.length === 0 ? '' : ` WHERE ${written.map((condition) => `(${condition})`).join(' AND ')}`;
  };
  return {
    baseline: `${select} FROM ${baseline}${where([plan.baselineCondition])}`,
    intersection: `${select} FROM ${baseline} INTERSECT ${seed}${where([plan.baselineCondition, plan.seedCondition])}`,
  };
}

function countBoth(engine: QueryEngine, plan: ReportPlan, categories: readonly string[]): QueryOutcome<{ baseline: QueryResult; intersection: QueryResult }> {
  const queries = reportQueries(plan, categories);
  const datasets = plan.seed.name === plan.baseline.name ? [plan.baseline] : [plan.baseline, plan.seed];
  const baseline = engine.runInsight(queries.baseline, datasets);
  if (!baseline.ok) return baseline;
  const intersection = engine.runInsight(queries.intersection, datasets);
  if (!intersection.ok) return intersection;
  return { ok: true, value: { baseline: baseline.value, intersection: intersection.value } };
}

/** The leaves of nested dimensions: the values on the way down and the leaf's count. */
function flatten(dimensions: readonly QueryDimension[], above: readonly string[] = []): { values: string[]; count: number }[] {
  return dimensions.flatMap((dimension) => {
    const values = [...above, dimension.value ?? ''];
    return dimension.dimensions === undefined ? [{ values, count: dimension.count ?? 0 }] : flatten(dimension.dimensions, values);
  });
}
