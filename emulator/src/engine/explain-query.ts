/**
 * ExplainQuery (API 1.0): how a query will be executed, in the swagger's `{query_plan,
 * hop_table}` shape. Where the swagger leaves room, the choices are documented on
 * `explainQuery`.
 */
import type { ExplainQueryResponse, Hop, PlanJoin, PlanKey, PlanRepresentation } from '../../../common/api/v1-queries';
import type { ExpectedQueryType } from './bind-query';
import { bindQuery } from './bind-query';
import type { BinSpec, BoundAudience, BoundCondition, BoundDimension, BoundQuery, BoundRef } from './bound-query';
import { buildBinning, rangeLabel } from './binning';
import { internalError } from './engine-error';
import type { EngineOutcome } from './engine-error';
import { computeKeyJoinStats } from './key-join-stats';
import { aggregationDataset, findJoinPath } from './join-path';
import type { JoinHop } from './join-path';
import type { EngineDataset, EngineRepresentation } from './model';
import { privacyRulesOf } from './privacy';
import type { DatasetThreshold } from './privacy';

export interface ExplainOptions {
  /** Which query types to accept; explain accepts both by default. */
  readonly expected?: ExpectedQueryType;
}

/**
 * Explains `text` against `datasets` (the datasets the caller may see).
 *
 * Contract, beyond the swagger's field descriptions:
 * - `plan.private_id` is the aggregation dataset: the first dimension's or measure's dataset,
 *   the output dataset of an activation query, else the first FROM dataset. All `private_id`
 *   fields carry the name the query uses (the private ID, or the collaboration dataset name).
 * - `aggregation_joins` is FROM as a tree: INTERSECT → AND, UNION → OR, EXCLUDE → NOT, where a
 *   NOT with several joins keeps the first and removes the others. Chains of one operator
 *   written left to right are one node; parentheses always make their own node. Each leaf is
 *   a join from the aggregation dataset to a FROM dataset.
 * - `filter_joins` is WHERE as a tree: AND, OR, and NOT with a single join (negation); each
 *   leaf is a join to the dataset of one comparison, whose `representation.filter` is the
 *   comparison as written. Absent without WHERE.
 * - Every leaf's `keys` lists the keys of its path (`used`) and one `keys` entry per hop and
 *   key; `inferred` is true (paths are always chosen by the engine), `max_overcounted` 0 (the
 *   emulator counts exactly). A leaf whose dataset cannot be reached has no keys.
 * - `hop_table` has one row per hop and key of each leaf's path, `join_id` naming the leaf.
 *   overlap/duplicates/sizes are defined in key-join-stats.ts.
 * - `representation.inferred` is true when the query did not write `/representation`;
 *   `representation.bins` are the bins written in the query ([] when none);
 *   `results.dimensions[].bins` are the bins the result will use (for distinct values: every
 *   distinct value of the dataset; for TOPN: the representation's ranges, else [] since the
 *   values are chosen when the query runs) and `inferred_bins` is true unless written.
 * Never throws.
 */
export function explainQuery(
  text: string,
  datasets: readonly EngineDataset[],
  options: ExplainOptions = {},
): EngineOutcome<ExplainQueryResponse> {
  try {
    const bound = bindQuery(text, datasets, options.expected ?? 'any');
    if (!bound.ok) return bound;
    return { ok: true, value: new PlanBuilder(bound.value).build() };
  } catch (caught) {
    return { ok: false, error: internalError(caught) };
  }
}

const COMBINATOR_OF = { INTERSECT: 'AND', UNION: 'OR', EXCLUDE: 'NOT' } as const;

interface Leaf {
  readonly id: number;
  readonly hops: readonly JoinHop[];
  readonly representation?: PlanRepresentation;
}

class PlanBuilder {
  private nextId = 1;
  private readonly leaves: Leaf[] = [];
  private readonly statsMemo = new Map<string, Required<PlanKey>>();
  private readonly start: number;

  constructor(private readonly query: BoundQuery) {
    this.start = aggregationDataset(query);
  }

  build(): ExplainQueryResponse {
    const query = this.query;
    const rules = privacyRulesOf(query.datasets);
    const firstRef = firstSelectedRef(query);
    const aggregationJoins = this.audienceJoin(query.audience);
    const filterJoins = query.condition !== undefined ? this.conditionJoin(query.condition) : undefined;
    const plan: NonNullable<NonNullable<ExplainQueryResponse['query_plan']>['plan']> = { private_id: this.name(this.start) };
    if (firstRef !== undefined) plan.representation = representationPlan(firstRef.ref, firstRef.bins, '');
    plan.aggregation_joins = aggregationJoins;
    if (filterJoins !== undefined) plan.filter_joins = filterJoins;
    return {
      query_plan: {
        query: query.text,
        plan,
        results: {
          max_overcounted_values: 0,
          dimensions: this.dimensionPlans(),
          filter: query.conditionText,
          rounding_threshold: threshold(rules.roundingThreshold, rules.roundingByDataset),
          redaction_threshold: threshold(rules.redactionThreshold, rules.redactionByDataset),
        },
      },
      hop_table: this.hopTable(),
    };
  }

  private name(index: number): string {
    return this.query.datasets[index].name;
  }

  private audienceJoin(audience: BoundAudience): PlanJoin {
    switch (audience.kind) {
      case 'dataset':
        return this.leafJoin(audience.dataset, this.representationAt(audience.dataset));
      case 'group':
        return this.audienceJoin(audience.inner);
      case 'operation': {
        const id = this.nextId++;
        const operands: BoundAudience[] = [];
        flattenLeft(audience, audience.operator, operands);
        return { id, combinator: { type: COMBINATOR_OF[audience.operator], joins: operands.map((operand) => this.audienceJoin(operand)) } };
      }
    }
  }

  private conditionJoin(condition: BoundCondition): PlanJoin {
    switch (condition.kind) {
      case 'compare':
      case 'in':
        return this.leafJoin(condition.ref.dataset, representationPlan(condition.ref, undefined, condition.text));
      case 'not': {
        const id = this.nextId++;
        return { id, combinator: { type: 'NOT', joins: [this.conditionJoin(condition.operand)] } };
      }
      case 'and':
      case 'or': {
        const id = this.nextId++;
        const type = condition.kind === 'and' ? 'AND' : 'OR';
        return { id, combinator: { type, joins: condition.operands.map((operand) => this.conditionJoin(operand)) } };
      }
    }
  }

  private leafJoin(target: number, representation: PlanRepresentation | undefined): PlanJoin {
    const id = this.nextId++;
    const hops = findJoinPath(this.query.datasets, this.start, target);
    this.leaves.push({ id, hops: hops ?? [], representation });
    const used = [...new Set((hops ?? []).flatMap((hop) => hop.keys))];
    const keys = (hops ?? []).flatMap((hop) => hop.keys.map((key) => this.stats(hop, key)));
    const join: PlanJoin = {
      id,
      from_private_id: this.name(this.start),
      to_private_id: this.name(target),
      keys: { max_overcounted: 0, used, keys, inferred: true },
    };
    if (representation !== undefined) join.representation = representation;
    return join;
  }

  private stats(hop: JoinHop, key: string): Required<PlanKey> {
    const id = `${hop.from}\u0000${hop.to}\u0000${key}`;
    let stats = this.statsMemo.get(id);
    if (stats === undefined) {
      stats = computeKeyJoinStats(this.query.datasets[hop.from], this.query.datasets[hop.to], key);
      this.statsMemo.set(id, stats);
    }
    return stats;
  }

  /** The representation of the first dimension or measure on `dataset`, if any. */
  private representationAt(dataset: number): PlanRepresentation | undefined {
    const found = selectedRefs(this.query).find((entry) => entry.ref.dataset === dataset);
    return found !== undefined ? representationPlan(found.ref, found.bins, '') : undefined;
  }

  private hopTable(): Hop[] {
    const rows: Hop[] = [];
    for (const leaf of this.leaves) {
      for (const hop of leaf.hops) {
        for (const key of hop.keys) {
          const stats = this.stats(hop, key);
          const row: Hop = {
            id: rows.length + 1,
            join_id: leaf.id,
            from_private_id: this.name(hop.from),
            to_private_id: this.name(hop.to),
            key_name: key,
            overlap: stats.overlap,
            duplicates: stats.duplicates,
            from_dataset_size: stats.from_dataset_size,
            to_dataset_size: stats.to_dataset_size,
            max_overcounted_values: 0,
          };
          if (leaf.representation !== undefined) row.representation = leaf.representation;
          rows.push(row);
        }
      }
    }
    return rows;
  }

  private dimensionPlans(): NonNullable<NonNullable<NonNullable<ExplainQueryResponse['query_plan']>['results']>['dimensions']> {
    const selection = this.query.selection;
    const dimensions: { dimension: BoundDimension; topn: boolean }[] =
      selection.kind === 'aggregate'
        ? selection.dimensions.map((dimension) => ({ dimension, topn: false }))
        : selection.kind === 'topn'
          ? [{ dimension: selection.dimension, topn: true }]
          : [];
    return dimensions.map(({ dimension, topn }) => {
      const ref = dimension.ref;
      const column = this.query.datasets[ref.dataset].table.columns.get(ref.category.label);
      const bins = topn && dimension.bins.kind === 'distinct' ? [] : buildBinning(dimension.bins, ref.numeric, column).labels;
      return {
        private_id: this.name(ref.dataset),
        category: ref.category.label,
        bins: [...bins],
        inferred_bins: !dimension.explicitBins,
      };
    });
  }
}

/** Collects the operands of a left-leaning chain of one operator: ((A op B) op C) → A, B, C. */
function flattenLeft(audience: BoundAudience, operator: string, into: BoundAudience[]): void {
  if (audience.kind === 'operation' && audience.operator === operator) {
    flattenLeft(audience.left, operator, into);
    into.push(audience.right);
    return;
  }
  into.push(audience);
}

interface SelectedRef {
  readonly ref: BoundRef;
  /** The bins written in the query, if any. */
  readonly bins: BinSpec | undefined;
}

function selectedRefs(query: BoundQuery): SelectedRef[] {
  const selection = query.selection;
  switch (selection.kind) {
    case 'aggregate':
      return selection.dimensions.map((dimension) => ({ ref: dimension.ref, bins: dimension.explicitBins ? dimension.bins : undefined }));
    case 'topn':
      return [{ ref: selection.dimension.ref, bins: undefined }];
    case 'measures':
      return selection.measures.map((measure) => ({ ref: measure.ref, bins: undefined }));
    default:
      return [];
  }
}

function firstSelectedRef(query: BoundQuery): SelectedRef | undefined {
  return selectedRefs(query)[0];
}

function writtenBins(bins: BinSpec | undefined): string[] {
  if (bins === undefined) return [];
  if (bins.kind === 'ranges') return bins.bounds.slice(1).map((high, index) => rangeLabel(bins.bounds[index], high));
  if (bins.kind === 'values') return [...bins.values];
  return [];
}

function ownBins(representation: EngineRepresentation): string[] {
  const bounds = representation.bins ?? [];
  if (bounds.length >= 2) return bounds.slice(1).map((high, index) => rangeLabel(bounds[index], high));
  return [...(representation.possible_values ?? [])];
}

function representationPlan(ref: BoundRef, bins: BinSpec | undefined, filter: string): PlanRepresentation {
  return {
    category: ref.category.label,
    selected_representation: ref.representation.label,
    inferred: !ref.representationExplicit,
    bins: writtenBins(bins),
    filter,
    representations: ref.category.representations.map((representation) => ({
      name: representation.label,
      type: ref.category.data_type,
      bins: ownBins(representation),
    })),
  };
}

function threshold(value: number, byDataset: readonly DatasetThreshold[]): { threshold: number; datasets: { private_id: string; threshold: number }[] } {
  return { threshold: value, datasets: byDataset.map((entry) => ({ private_id: entry.name, threshold: entry.threshold })) };
}
