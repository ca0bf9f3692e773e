/**
 * What one call of a service operation sends, typed from the operation table: path
 * parameters, JSON body and query parameters, as the operation needs. Shared by the service
 * client and the protocol through which the editor asks the language server to call.
 */
import type { OperationId, OperationPathParams, OperationRequestBody } from './api';

export type WireQueryValue = string | number | boolean | readonly string[] | undefined;
/** Query parameters as spelled on the wire (`filter.collaboration_id`, `pagination.page`, …). */
export type WireQuery = Readonly<Record<string, WireQueryValue>>;

type ParamsPart<K extends OperationId> = [keyof OperationPathParams<K>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: OperationPathParams<K> };
type BodyPart<K extends OperationId> = [OperationRequestBody<K>] extends [undefined]
  ? { readonly body?: undefined }
  : { readonly body: OperationRequestBody<K> };

/** What one call sends: path parameters, JSON body and query parameters, as the operation needs. */
export type CallInput<K extends OperationId> = ParamsPart<K> & BodyPart<K> & { readonly query?: WireQuery };

