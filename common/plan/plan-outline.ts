/**
 * One reading of the service's ExplainQuery answer, shared by every rendering of a plan (the
 * hover's Markdown, the terminal text of `iql explain`): which joins, on which keys with which
 * statistics, which representation and bins per dimension, the filter and the thresholds.
 * Values are plain text, unescaped; each renderer escapes for its own medium.
 */
import type { ExplainQueryResponse, Hop, PlanJoin, PlanRepresentation } from '../api';
import { readOptionalInt64 } from '../api/int64-read';

/** A node of a join tree: a set operation over branches, a dataset alone, or a join on keys. */
export type JoinOutline =
  | {
      readonly kind: 'combinator';
      /** The service's combinator type (AND, OR, NOT, TRANSLATE, or one this code does not know). */
      readonly type: string;
      /** The type in words, with the IQL operator it comes from, when the type is known. */
      readonly meaning?: string;
      readonly branches: readonly JoinOutline[];
    }
  | { readonly kind: 'dataset'; readonly dataset?: string }
  | {
      readonly kind: 'join';
      readonly from?: string;
      readonly to: string;
      /** The keys the service joins on; empty when it named none. */
      readonly keys: readonly string[];
      readonly keysInferred: boolean;
      /** Statistics of the keys used, counts formatted for people. */
      readonly keyStats: readonly KeyStatsOutline[];
    };

export interface KeyStatsOutline {
  readonly key: string;
  readonly overlap: string;
  readonly fromSize: string;
  readonly toSize: string;
  readonly duplicates: string;
}

export interface DimensionOutline {
  /** The dataset of the category, as the query names it. */
  readonly dataset?: string;
  readonly category: string;
  /** The representation the service chose, and whether it inferred it (else the query named it). */
  readonly representation?: { readonly name: string; readonly inferred: boolean };
  /** The bins; empty when the service decides them when the query runs. */
  readonly bins: readonly string[];
  readonly binsInferred: boolean;
}

export interface ThresholdOutline {
  readonly label: 'Redaction' | 'Rounding';
  readonly threshold?: number;
  readonly datasets: readonly { readonly dataset?: string; readonly threshold?: number }[];
}

export interface HopOutline {
  readonly from?: string;
  readonly to?: string;
  readonly key?: string;
  readonly overlap: string;
  readonly duplicates: string;
  readonly fromSize: string;
  readonly toSize: string;
}

export interface PlanOutline {
  /** The audience's join tree, and the dataset whose individuals are counted. */
  readonly audience?: { readonly countedIn?: string; readonly join: JoinOutline };
  readonly filterJoins?: JoinOutline;
  readonly filter?: string;
  /** Present when the plan has a dimensions section (possibly with no row). */
  readonly dimensions?: readonly DimensionOutline[];
  readonly thresholds: readonly ThresholdOutline[];
  /** The hop table, given only when there is no audience tree to show the joins in. */
  readonly hops: readonly HopOutline[];
}

const COMBINATOR_MEANINGS: Readonly<Record<string, string>> = {
  AND: 'AND — individuals in every branch (INTERSECT)',
  OR: 'OR — individuals in any branch (UNION)',
  NOT: 'NOT — the first branch without the others (EXCLUDE)',
  TRANSLATE: 'TRANSLATE — through a glue dataset',
};

/** A 64-bit count of the plan, with digit grouping and without rounding through a double. */
export function formatPlanCount(value: string | number | undefined): string {
  return readOptionalInt64(value).toLocaleString('en-GB');
}

/**
 * Reads an ExplainQuery answer into a `PlanOutline`. Pure; never throws on a partial answer
 * (every field of the wire type is optional, and missing ones are simply left out).
 */
export function outlinePlan(explain: ExplainQueryResponse): PlanOutline {
  const plan = explain.query_plan?.plan;
  const results = explain.query_plan?.results;
  const representations = collectRepresentations(plan?.aggregation_joins, plan?.representation);
  const dimensions = results?.dimensions ?? [];
  const thresholds: ThresholdOutline[] = [];
  for (const [label, threshold] of [
    ['Redaction', results?.redaction_threshold],
    ['Rounding', results?.rounding_threshold],
  ] as const) {
    if (!threshold) continue;
    thresholds.push({ label, threshold: threshold.threshold, datasets: (threshold.datasets ?? []).map((d) => ({ dataset: d.private_id, threshold: d.threshold })) });
  }
  return {
    ...(plan?.aggregation_joins ? { audience: { countedIn: plan.private_id || undefined, join: outlineJoin(plan.aggregation_joins) } } : {}),
    ...(plan?.filter_joins ? { filterJoins: outlineJoin(plan.filter_joins) } : {}),
    ...(results?.filter ? { filter: results.filter } : {}),
    ...(dimensions.length > 0 || plan?.representation
      ? {
          dimensions: dimensions.map((dimension): DimensionOutline => {
            const representation = representations.find((r) => r.category === dimension.category);
            return {
              ...(dimension.private_id ? { dataset: dimension.private_id } : {}),
              category: dimension.category ?? '?',
              ...(representation?.selected_representation
                ? { representation: { name: representation.selected_representation, inferred: representation.inferred === true } }
                : {}),
              bins: dimension.bins ?? [],
              binsInferred: dimension.inferred_bins === true,
            };
          }),
        }
      : {}),
    thresholds,
    hops: explain.hop_table.length > 0 && !plan?.aggregation_joins ? explain.hop_table.map(outlineHop) : [],
  };
}

function outlineJoin(join: PlanJoin): JoinOutline {
  const combinator = join.combinator;
  if (combinator?.type && combinator.joins && combinator.joins.length > 0) {
    const meaning = Object.hasOwn(COMBINATOR_MEANINGS, combinator.type) ? COMBINATOR_MEANINGS[combinator.type] : undefined;
    return { kind: 'combinator', type: combinator.type, ...(meaning ? { meaning } : {}), branches: combinator.joins.map(outlineJoin) };
  }
  const from = join.from_private_id || undefined;
  const to = join.to_private_id;
  if (!to || to === join.from_private_id) return { kind: 'dataset', dataset: from };
  const keys = join.keys?.keys ?? [];
  const used = join.keys?.used ?? keys.map((k) => k.key_name ?? '?');
  const keyStats = keys
    .filter((k) => used.length === 0 || used.includes(k.key_name ?? ''))
    .map((k) => ({
      key: k.key_name ?? '?',
      overlap: formatPlanCount(k.overlap),
      fromSize: formatPlanCount(k.from_dataset_size),
      toSize: formatPlanCount(k.to_dataset_size),
      duplicates: formatPlanCount(k.duplicates),
    }));
  return { kind: 'join', from, to, keys: used, keysInferred: join.keys?.inferred === true, keyStats };
}

function outlineHop(hop: Hop): HopOutline {
  return {
    from: hop.from_private_id,
    to: hop.to_private_id,
    key: hop.key_name,
    overlap: formatPlanCount(hop.overlap),
    duplicates: formatPlanCount(hop.duplicates),
    fromSize: formatPlanCount(hop.from_dataset_size),
    toSize: formatPlanCount(hop.to_dataset_size),
  };
}

/** Every representation mentioned in a join tree, the plan's own first. */
function collectRepresentations(join: PlanJoin | undefined, own: PlanRepresentation | undefined): PlanRepresentation[] {
  const found: PlanRepresentation[] = own ? [own] : [];
  const visit = (node: PlanJoin | undefined): void => {
    if (!node) return;
    if (node.representation) found.push(node.representation);
    node.combinator?.joins?.forEach(visit);
  };
  visit(join);
  return found;
}
