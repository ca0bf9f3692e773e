/**
 * What the plan panel shows: the join path as a graph model (datasets and hops, no layout —
 * the webview lays it out), the dimensions, the filter and the thresholds. Built by the
 * extension host from the service's ExplainQuery answer (plan-view-model.ts), drawn by the
 * webview (client/webview/plan). Shared by both sides: neither 'vscode' nor the DOM.
 *
 * Every string may come from the service and is drawn as text, never as markup.
 */
import * as z from 'zod/mini';
import { FactSchema } from './results-view';

export const PlanNodeRoleSchema = z.enum(['counted', 'member', 'excluded', 'link', 'filter', 'enrich']);
export type PlanNodeRole = z.infer<typeof PlanNodeRoleSchema>;

export const PlanNodeSchema = z.object({
  /** A synthetic id (`n0`, `n1`, …): dataset names are labels only, never identifiers. */
  id: z.string(),
  label: z.string(),
  roles: z.array(PlanNodeRoleSchema),
  /** Short sentences under the name: what the dataset is for in this query. */
  notes: z.array(z.string()),
});
export type PlanNode = z.infer<typeof PlanNodeSchema>;

export const PlanEdgeKeySchema = z.object({
  key: z.string(),
  overlap: z.string(),
  duplicates: z.string(),
  fromSize: z.string(),
  toSize: z.string(),
});
export type PlanEdgeKey = z.infer<typeof PlanEdgeKeySchema>;

export const PlanEdgeSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Whether the hop builds the audience or serves the filter (WHERE on another dataset). */
  kind: z.enum(['audience', 'filter']),
  keys: z.array(PlanEdgeKeySchema),
  /** The service chose the keys itself (no path override). */
  inferred: z.boolean(),
});
export type PlanEdge = z.infer<typeof PlanEdgeSchema>;

export const PlanDimensionViewSchema = z.object({
  dataset: z.optional(z.string()),
  category: z.string(),
  representation: z.optional(z.string()),
  representationInferred: z.boolean(),
  /** The first bins (at most a few hundred); `binCount` says how many there are in all. */
  bins: z.array(z.string()),
  binCount: z.number(),
  binsInferred: z.boolean(),
});
export type PlanDimensionView = z.infer<typeof PlanDimensionViewSchema>;

export const PlanViewSchema = z.object({
  /** Identifies this plan (query and target) so that the panel can tell a new plan from a refresh. */
  id: z.string(),
  query: z.string(),
  target: z.string(),
  /** The audience as the plan's join tree reads, in IQL words: `(Retail UNION Bank) EXCLUDE Publisher1`. */
  audience: z.optional(z.string()),
  countedIn: z.optional(z.string()),
  graph: z.object({ nodes: z.array(PlanNodeSchema), edges: z.array(PlanEdgeSchema) }),
  dimensions: z.array(PlanDimensionViewSchema),
  filter: z.optional(z.string()),
  thresholds: z.array(FactSchema),
  /** Sentences about the plan as a whole (over-counting, a missing part). */
  notes: z.array(z.string()),
});
export type PlanView = z.infer<typeof PlanViewSchema>;
