/**
 * API 2.0 users, matching and private paths (seed 001 §4.1): users' display names, the PAIR
 * match rate of two datasets and private-path collaborations. The schemas are the generated
 * ones (generated/v2-in-use, from the swagger): every field is optional on the wire, so the
 * service, not the schema, says which are required.
 */
import type { z } from 'zod';
import {
  zCalculateMatchRateBody, zCalculateMatchRateResponse, zCreatePairQueryBody, zCreatePairQueryResponse, zCreatePrivatePathBody,
  zCreatePrivatePathResponse, zGetPrivatePathResponse, zListDisplayNamesResponse,
} from './generated/v2-in-use/zod.gen';

/** GET /api/v2/accounts/users/display_name — `filter` is required and names user IDs. */
export const ListDisplayNamesResponseSchema = zListDisplayNamesResponse;
export type ListDisplayNamesResponse = z.output<typeof ListDisplayNamesResponseSchema>;

/** POST /api/v2/connections/pair/match-rate — `match_rate_percentage` is an int64. */
export const CalculateMatchRateRequestSchema = zCalculateMatchRateBody;
export type CalculateMatchRateRequest = z.input<typeof CalculateMatchRateRequestSchema>;
export const CalculateMatchRateResponseSchema = zCalculateMatchRateResponse;
export type CalculateMatchRateResponse = z.output<typeof CalculateMatchRateResponseSchema>;

/** POST /api/v2/queries/pair/activation — an activation of `dataset_id` matched with `collaborator_dataset_id`. */
export const CreatePairQueryRequestSchema = zCreatePairQueryBody;
export type CreatePairQueryRequest = z.input<typeof CreatePairQueryRequestSchema>;
export const CreatePairQueryResponseSchema = zCreatePairQueryResponse;
export type CreatePairQueryResponse = z.output<typeof CreatePairQueryResponseSchema>;

/** POST /api/v2/queries/private-path — the datasets allowed in the new private path. */
export const CreatePrivatePathRequestSchema = zCreatePrivatePathBody;
export type CreatePrivatePathRequest = z.input<typeof CreatePrivatePathRequestSchema>;
export const CreatePrivatePathResponseSchema = zCreatePrivatePathResponse;
export type CreatePrivatePathResponse = z.output<typeof CreatePrivatePathResponseSchema>;

/** GET /api/v2/queries/private-path/{collaboration_id}. */
export const GetPrivatePathResponseSchema = zGetPrivatePathResponse;
export type GetPrivatePathResponse = z.output<typeof GetPrivatePathResponseSchema>;
