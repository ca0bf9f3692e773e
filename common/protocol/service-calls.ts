/**
 * Service operations the language server calls on the editor's behalf, so that the editor
 * itself never opens a connection: one typed request for any operation of the table, and one
 * for every item of a paged list. Adding an operation to common/api makes it callable here
 * with no new message.
 */
import type { OperationId, PagedOperationId } from '../api';
import type { CallInput } from '../service-call';

/** client → server request: call `operation` with `input` on `profile` (default profile when absent); result: ServiceResult<OperationResponse<K>>. */
export interface ServiceCallParams<K extends OperationId = OperationId> {
  readonly profile?: string;
  readonly operation: K;
  readonly input: CallInput<K>;
}
export const ServiceCallRequest = 'iql/service/call';

/** client → server request: every item of a paged list, all pages read; result: ServiceResult<PagedItem<K>[]>. */
export interface ServiceListParams<K extends PagedOperationId = PagedOperationId> {
  readonly profile?: string;
  readonly operation: K;
  /** Path parameters (and body, if any); the pagination query is the server's. */
  readonly input: Omit<CallInput<K>, 'query'>;
}
export const ServiceListRequest = 'iql/service/listAll';
