/**
 * Error bodies of the service, as they arrive on the wire.
 *
 * API 1.0 answers 400/401/403/404 with `{message, metadata}` and anything else with the gRPC
 * status shape `{code, message, details}`. API 2.0 answers with `{error: {code, message},
 * details, help_url, request_id, time}`. Asynchronous work carries its failure inside the
 * resource: `query_error`/`push_error` (1.0) and `error`/`export_error` (2.0).
 *
 * Every field is optional: these bodies are read only to build a helpful message, and a body
 * that matches none of them must still produce an error, never a crash.
 */
import { z } from 'zod';
import { zRpcStatus, zTyraelError } from './generated/v1/zod.gen';

/** 1.0 error body for 400, 401, 403 and 404. `metadata` is a map of strings. */
export const V1ErrorBodySchema = zTyraelError;
export type V1ErrorBody = z.infer<typeof V1ErrorBodySchema>;

/**
 * One entry of a gRPC status `details` array: a type URL plus free-form properties. Looser than
 * the swagger's `protobufAny` on purpose: the properties beside `@type` are kept, not dropped.
 */
export const StatusDetailSchema = z.looseObject({ '@type': z.string().optional() });
export type StatusDetail = z.infer<typeof StatusDetailSchema>;

/**
 * 1.0 fallback (`default`) error body, and the shape of `query_error` / `push_error` inside a
 * 1.0 resource. `code` is a gRPC status code (3 invalid argument, 5 not found, 7 permission
 * denied, 13 internal, 16 unauthenticated, …).
 */
export const V1StatusBodySchema = zRpcStatus.extend({
  details: z.array(StatusDetailSchema).optional(),
});
export type V1StatusBody = z.infer<typeof V1StatusBodySchema>;

/** `query_error` and `push_error` of 1.0 resources (seed 000, section 7). */
export const QueryErrorSchema = V1StatusBodySchema;
export type QueryError = V1StatusBody;

/** A `{code, message}` pair of the 2.0 error body; `code` is a string there. */
export const V2ErrorMessageSchema = z.object({
  code: z.string().optional(),
  message: z.string().optional(),
});
export type V2ErrorMessage = z.infer<typeof V2ErrorMessageSchema>;

/** 2.0 error body, and ErrorInfo inside 2.0 resources (`error`, `export_error`). */
export const V2ErrorBodySchema = z.object({
  error: V2ErrorMessageSchema.optional(),
  details: V2ErrorMessageSchema.optional(),
  help_url: z.string().optional(),
  request_id: z.string().optional(),
  time: z.string().optional(),
});
export type V2ErrorBody = z.infer<typeof V2ErrorBodySchema>;

/** ErrorInfo carried inside 2.0 resources; the same shape as the 2.0 error body. */
export const ErrorInfoSchema = V2ErrorBodySchema;
export type ErrorInfo = V2ErrorBody;
