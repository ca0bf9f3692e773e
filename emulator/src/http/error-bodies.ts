/**
 * The error bodies of the two API generations (shared/api/README.md, "Errors"):
 * - 1.0, for 400/401/403/404: `{message, metadata}` (`metadata` is a map of strings);
 * - 1.0, for any other status (the swagger's `default`): `{code, message, details}` with a
 *   gRPC status code;
 * - 2.0, for every status: `{error: {code, message}, details: {code, message}, help_url,
 *   request_id, time}`; `help_url` is the 2.0 reference, the swagger's own documentation link.
 */
import type { ApiGeneration } from '../../../common/api';
import { EMULATOR_EPOCH } from './wire-time';

/** The documentation of API 2.0 (the swagger's `externalDocs` plus `api/v2/`, as its own links write it). */
export const V2_HELP_URL = 'https://infosum.github.io/infosum-docs/api/v2/';

const GRPC_CODES: Readonly<Record<number, readonly [number, string]>> = {
  400: [3, 'INVALID_ARGUMENT'],
  401: [16, 'UNAUTHENTICATED'],
  403: [7, 'PERMISSION_DENIED'],
  404: [5, 'NOT_FOUND'],
  405: [12, 'UNIMPLEMENTED'],
  408: [4, 'DEADLINE_EXCEEDED'],
  409: [6, 'ALREADY_EXISTS'],
  413: [8, 'RESOURCE_EXHAUSTED'],
  429: [8, 'RESOURCE_EXHAUSTED'],
  500: [13, 'INTERNAL'],
  501: [12, 'UNIMPLEMENTED'],
  502: [14, 'UNAVAILABLE'],
  503: [14, 'UNAVAILABLE'],
  504: [4, 'DEADLINE_EXCEEDED'],
};

function grpcCodeOf(status: number): readonly [number, string] {
  return GRPC_CODES[status] ?? (status >= 500 ? [13, 'INTERNAL'] : [2, 'UNKNOWN']);
}

/**
 * The body of an error answer. `requestId` identifies the request in 2.0 bodies; it is
 * derived from the request itself so that the same request always gets the same bytes.
 */
export function buildErrorBody(
  api: ApiGeneration,
  status: number,
  message: string,
  metadata: Readonly<Record<string, string>>,
  requestId: string,
): unknown {
  const [grpcCode, codeName] = grpcCodeOf(status);
  if (api === 'v2') {
    const positioned = metadata.line !== undefined ? `line ${metadata.line}, column ${metadata.column ?? '1'}: ${message}` : message;
    return {
      error: { code: codeName, message: positioned },
      details: { code: codeName, message: positioned },
      help_url: V2_HELP_URL,
      request_id: requestId,
      time: EMULATOR_EPOCH,
    };
  }
  if (status === 400 || status === 401 || status === 403 || status === 404) {
    return { message, metadata: { ...metadata } };
  }
  return { code: grpcCode, message, details: [] };
}
