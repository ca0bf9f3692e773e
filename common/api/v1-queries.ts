/**
 * API 1.0 insight query operations: ValidateQuery, ExplainQuery, Create a Query, Get a Query,
 * Get a Result. Queries exist only in 1.0; in a collaboration the body carries
 * `collaboration_id` and names datasets by their `collaboration_dataset_name`.
 */
import { z } from 'zod';
import { QueryErrorSchema } from './errors';
import {
  zTyraelCreateQueryRequest,
  zTyraelHop,
  zTyraelKeyJoinStats,
  zTyraelKeyPlan,
  zTyraelQuery,
  zTyraelQueryResult,
  zTyraelRepresentationPlan,
  zTyraelResultPlan,
  zTyraelValidateQueryRequest,
} from './generated/v1/zod.gen';

/**
 * POST /api/v1/validate — ValidateQuery. Answers `{success}`, or 400 when the query is wrong.
 * `query` is required here although the swagger leaves every field optional: a request
 * without a query is a caller's mistake, caught before it is sent (and by the emulator).
 */
export const ValidateQueryRequestSchema = zTyraelValidateQueryRequest.extend({ query: z.string() });
export type ValidateQueryRequest = z.infer<typeof ValidateQueryRequestSchema>;

/** POST /api/v1/explain — ExplainQuery; same body as ValidateQuery. */
export const ExplainQueryRequestSchema = ValidateQueryRequestSchema;
export type ExplainQueryRequest = ValidateQueryRequest;

export const PlanRepresentationSchema = zTyraelRepresentationPlan;
export type PlanRepresentation = z.infer<typeof PlanRepresentationSchema>;

export const PlanKeySchema = zTyraelKeyJoinStats;
export type PlanKey = z.infer<typeof PlanKeySchema>;

/**
 * A join of the query plan; `combinator.joins` nests further joins (AND, OR, NOT, TRANSLATE).
 * Written by hand because it is recursive: the generated `zTyraelJoinPlan` is typed `any`
 * through its `z.lazy`. `combinator.type` stays an open string (the swagger's enum is closed).
 */
export interface PlanJoin {
  combinator?: { type?: string; joins?: PlanJoin[] };
  id?: number;
  from_private_id?: string;
  to_private_id?: string;
  representation?: PlanRepresentation;
  keys?: { max_overcounted?: number; used?: string[]; keys?: PlanKey[]; inferred?: boolean };
}
export const PlanJoinSchema: z.ZodType<PlanJoin> = z.lazy(() =>
  z.object({
    combinator: z
      .object({
        type: z.string().optional(),
        joins: z.array(PlanJoinSchema).optional(),
      })
      .optional(),
    id: z.number().int().optional(),
    from_private_id: z.string().optional(),
    to_private_id: z.string().optional(),
    representation: PlanRepresentationSchema.optional(),
    keys: zTyraelKeyPlan.optional(),
  }),
);

export const HopSchema = zTyraelHop;
export type Hop = z.infer<typeof HopSchema>;

/** Hand-written around the recursive plan (see PlanJoin); an omitted `hop_table` is empty. */
export const ExplainQueryResponseSchema = z.object({
  query_plan: z
    .object({
      query: z.string().optional(),
      plan: z
        .object({
          private_id: z.string().optional(),
          representation: PlanRepresentationSchema.optional(),
          aggregation_joins: PlanJoinSchema.optional(),
          filter_joins: PlanJoinSchema.optional(),
        })
        .optional(),
      results: zTyraelResultPlan.optional(),
    })
    .optional(),
  hop_table: z.array(HopSchema).default([]),
});
export type ExplainQueryResponse = z.infer<typeof ExplainQueryResponseSchema>;

/**
 * POST /api/v1/queries — Create a Query. Not idempotent: never re-sent automatically.
 * `sample` runs against a smaller sample (faster, less accurate). `query` is required, as in
 * ValidateQuery.
 */
export const CreateQueryRequestSchema = zTyraelCreateQueryRequest.extend({ query: z.string() });
export type CreateQueryRequest = z.infer<typeof CreateQueryRequestSchema>;

/**
 * Answer of Create a Query and Get a Query. Differs from the generated `zTyraelQuery` on
 * purpose: `query_id` must be present and non-empty (it is polled next), `done` omitted means
 * false (protobuf default), and `query_error` (added to the swagger by scripts/api-overlay.mjs,
 * seed 000 §7.3) keeps the free-form `details` of QueryErrorSchema.
 */
export const QueryStatusSchema = zTyraelQuery.extend({
  query_id: z.string().min(1),
  done: z.boolean().default(false),
  query_error: QueryErrorSchema.optional(),
});
export type QueryStatus = z.infer<typeof QueryStatusSchema>;

export const CreateQueryResponseSchema = QueryStatusSchema;
export type CreateQueryResponse = QueryStatus;
/** GET /api/v1/queries/{query_id} — Get a Query. */
export const GetQueryResponseSchema = QueryStatusSchema;
export type GetQueryResponse = QueryStatus;

/**
 * One row of a result: a category value, its count, and nested dimensions for further
 * categories. Written by hand because it is recursive (the generated `zTyraelDimension` is
 * typed `any` through its `z.lazy`); the same fields as the swagger's `tyraelDimension`,
 * whose `count` is an integer (seed 000 §2.3 too), unlike the 64-bit counts sent as strings.
 */
export interface QueryDimension {
  value?: string;
  category?: string;
  count?: number;
  continuous?: boolean;
  private_id?: string;
  dimensions?: QueryDimension[];
}
export const QueryDimensionSchema: z.ZodType<QueryDimension> = z.lazy(() =>
  z.object({
    value: z.string().optional(),
    category: z.string().optional(),
    count: z.int().optional(),
    continuous: z.boolean().optional(),
    private_id: z.string().optional(),
    dimensions: z.array(QueryDimensionSchema).optional(),
  }),
);

/**
 * GET /api/v1/queries/{query_id}/result — Get a Result (404 while not ready). The generated
 * shape, with the recursive dimensions typed (see QueryDimension) and an omitted list empty.
 */
export const QueryResultSchema = zTyraelQueryResult.extend({
  dimensions: z.array(QueryDimensionSchema).default([]),
});
export type QueryResult = z.infer<typeof QueryResultSchema>;
