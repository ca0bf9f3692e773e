/**
 * The language server's `iql/explain` answer as the plan panel shows it (PlanView): the graph
 * of the join path, the dimensions with their representation and bins (inferred ones marked),
 * the filter and the thresholds. The plan's reading is `outlinePlan`'s, shared with the hover
 * and the command line, so the three never disagree. Pure and vscode-free.
 */
import { loadApiSchemas } from '../service/lazy-schemas';
import type { DocumentTarget } from '../../../common/protocol';
import { outlinePlan } from '../../../common/plan/plan-outline';
import { buildPlanGraph, describeJoinTree } from './plan-graph';
import type { PlanDimensionView, PlanView } from '../../../common/webview/plan-view';
import { describeThresholds } from './threshold-facts';
import { describeRunTarget } from './results-view-model';

/** Bins beyond this many are counted, not listed: a category of distinct values can have thousands. */
export const MAX_LISTED_BINS = 300;

export interface PlanInput {
  /** Identifies the view (the panel echoes it when drawn). */
  readonly id: string;
  readonly query: string;
  readonly target: DocumentTarget;
  /** The service's ExplainQuery answer, as the language server passed it on (unvalidated). */
  readonly plan: unknown;
}

export type PlanViewOutcome = { readonly ok: true; readonly view: PlanView } | { readonly ok: false; readonly message: string };

/**
 * Builds the plan view, or says why the answer cannot be read (it is not an ExplainQuery
 * answer). Never throws.
 */
export function buildPlanView(input: PlanInput): PlanViewOutcome {
  const parsed = loadApiSchemas().ExplainQueryResponseSchema.safeParse(input.plan);
  if (!parsed.success) return { ok: false, message: 'The service answered the explain request with a plan this extension cannot read.' };
  const explain = parsed.data;
  const outline = outlinePlan(explain);
  const plan = explain.query_plan?.plan;

  const dimensions = (outline.dimensions ?? []).map(
    (dimension): PlanDimensionView => ({
      ...(dimension.dataset ? { dataset: dimension.dataset } : {}),
      category: dimension.category,
      ...(dimension.representation ? { representation: dimension.representation.name } : {}),
      representationInferred: dimension.representation?.inferred === true,
      bins: dimension.bins.slice(0, MAX_LISTED_BINS),
      binCount: dimension.bins.length,
      binsInferred: dimension.binsInferred,
    }),
  );

  const thresholds = describeThresholds(outline.thresholds);

  const notes: string[] = [];
  const overcounted = explain.query_plan?.results?.max_overcounted_values;
  if (typeof overcounted === 'number' && overcounted > 0) notes.push(`The service reports up to ${overcounted} over-counted values for this plan.`);
  if (!plan?.aggregation_joins) notes.push('The plan has no join tree for the audience.');

  const audience = describeJoinTree(plan?.aggregation_joins);
  return {
    ok: true,
    view: {
      id: input.id,
      query: input.query,
      target: describeRunTarget(input.target),
      ...(audience ? { audience } : {}),
      ...(outline.audience?.countedIn ? { countedIn: outline.audience.countedIn } : {}),
      graph: buildPlanGraph(explain),
      dimensions,
      ...(outline.filter ? { filter: outline.filter } : {}),
      thresholds,
      notes,
    },
  };
}
