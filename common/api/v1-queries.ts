/**
 * API 1.0 insight query operations: ValidateQuery, ExplainQuery, Create a Query, Get a Query,
 * Get a Result. Queries exist only in 1.0; in a collaboration the body carries
 * `collaboration_id` and names datasets by their `collaboration_dataset_name`.
 */
import { z } from 'zod';
import { QueryErrorSchema } from './errors';
import { int64Schema } from './int64';
import { JoinMetadataSchema, KeyRefSchema, DatasetRefSchema, PathOverrideSchema } from './v1-shared';

/** POST /api/v1/validate — ValidateQuery. Answers `{success}`, or 400 when the query is wrong. */
export const ValidateQueryRequestSchema = z.object({
  query: z.string(),
  path_overrides: z.array(PathOverrideSchema).optional(),
  collaboration_id: z.string().optional(),
});
export type ValidateQueryRequest = z.infer<typeof ValidateQueryRequestSchema>;

/** POST /api/v1/explain — ExplainQuery; same body as ValidateQuery. */
export const ExplainQueryRequestSchema = ValidateQueryRequestSchema;
export type ExplainQueryRequest = ValidateQueryRequest;

const PlanRepresentationOptionSchema = z.object({
  name: z.string().optional(),
  type: z.string().optional(),
  score: z.number().optional(),
  precision: z.number().optional(),
  bins: z.array(z.string()).optional(),
  filter: z.string().optional(),
});

export const PlanRepresentationSchema = z.object({
  category: z.string().optional(),
  selected_representation: z.string().optional(),
  inferred: z.boolean().optional(),
  bins: z.array(z.string()).optional(),
  filter: z.string().optional(),
  representations: z.array(PlanRepresentationOptionSchema).optional(),
});
export type PlanRepresentation = z.infer<typeof PlanRepresentationSchema>;

export const PlanKeySchema = z.object({
  key_name: z.string().optional(),
  overlap: int64Schema.optional(),
  duplicates: int64Schema.optional(),
  from_dataset_size: int64Schema.optional(),
  to_dataset_size: int64Schema.optional(),
});
export type PlanKey = z.infer<typeof PlanKeySchema>;

/** A join of the query plan; `combinator.joins` nests further joins (AND, OR, NOT, TRANSLATE). */
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
    keys: z
      .object({
        max_overcounted: z.number().int().optional(),
        used: z.array(z.string()).optional(),
        keys: z.array(PlanKeySchema).optional(),
        inferred: z.boolean().optional(),
      })
      .optional(),
  }),
);

const ThresholdSchema = z.object({
  threshold: z.number().int().optional(),
  datasets: z
    .array(z.object({ private_id: z.string().optional(), threshold: z.number().int().optional() }))
    .optional(),
});

export const HopSchema = z.object({
  id: z.number().int().optional(),
  join_id: z.number().int().optional(),
  from_private_id: z.string().optional(),
  to_private_id: z.string().optional(),
  key_name: z.string().optional(),
  overlap: int64Schema.optional(),
  duplicates: int64Schema.optional(),
  from_dataset_size: int64Schema.optional(),
  to_dataset_size: int64Schema.optional(),
  max_overcounted_values: z.number().int().optional(),
  representation: PlanRepresentationSchema.optional(),
});
export type Hop = z.infer<typeof HopSchema>;

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
      results: z
        .object({
          max_overcounted_values: z.number().int().optional(),
          dimensions: z
            .array(
              z.object({
                private_id: z.string().optional(),
                category: z.string().optional(),
                bins: z.array(z.string()).optional(),
                inferred_bins: z.boolean().optional(),
              }),
            )
            .optional(),
          filter: z.string().optional(),
          rounding_threshold: ThresholdSchema.optional(),
          redaction_threshold: ThresholdSchema.optional(),
        })
        .optional(),
    })
    .optional(),
  hop_table: z.array(HopSchema).default([]),
});
export type ExplainQueryResponse = z.infer<typeof ExplainQueryResponseSchema>;

/** POST /api/v1/queries — Create a Query. Not idempotent: never re-sent automatically. */
export const CreateQueryRequestSchema = z.object({
  query: z.string(),
  path_overrides: z.array(PathOverrideSchema).optional(),
  /** Run against a smaller sample: faster, less accurate. */
  sample: z.boolean().optional(),
  count_overrides: z
    .array(z.object({ private_id: z.string().optional(), keys: z.array(z.string()).optional() }))
    .optional(),
  collaboration_id: z.string().optional(),
});
export type CreateQueryRequest = z.infer<typeof CreateQueryRequestSchema>;

/**
 * Answer of Create a Query and Get a Query. `done` omitted means false (protobuf default).
 * `query_error` is not in the 1.0 reference for this operation, but seed 000 section 7 says a
 * failed asynchronous query carries one, so it is read when present.
 */
export const QueryStatusSchema = z.object({
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

/** One row of a result: a category value, its count, and nested dimensions for further categories. */
export interface QueryDimension {
  value?: string;
  category?: string;
  count?: string | number;
  continuous?: boolean;
  private_id?: string;
  dimensions?: QueryDimension[];
}
export const QueryDimensionSchema: z.ZodType<QueryDimension> = z.lazy(() =>
  z.object({
    value: z.string().optional(),
    category: z.string().optional(),
    count: int64Schema.optional(),
    continuous: z.boolean().optional(),
    private_id: z.string().optional(),
    dimensions: z.array(QueryDimensionSchema).optional(),
  }),
);

/** GET /api/v1/queries/{query_id}/result — Get a Result (404 while not ready). */
export const QueryResultSchema = z.object({
  dimensions: z.array(QueryDimensionSchema).default([]),
  audience: int64Schema.optional(),
  quality_measures: z
    .object({
      redaction_threshold_outlier: z.number().optional(),
      rounding_threshold_outlier: z.number().optional(),
      model_accuracy: z.number().optional(),
      result_precision_include_empty_bins: z.number().optional(),
      result_precision_exclude_empty_bins: z.number().optional(),
      sum_confidence_score: z.number().optional(),
    })
    .optional(),
  join_metadata: z.array(JoinMetadataSchema).optional(),
  count_metadata: z
    .array(z.object({ dataset: DatasetRefSchema.optional(), keys: z.array(KeyRefSchema).optional() }))
    .optional(),
  sum: z.number().optional(),
  user_average: z.object({ mean: z.number().optional() }).optional(),
  value_average: z.object({ mean: z.number().optional() }).optional(),
});
export type QueryResult = z.infer<typeof QueryResultSchema>;
