/**
 * Turns what went wrong — an HTTP error answer, a transport failure, a failed asynchronous
 * query — into a `ServiceError` with a message for people. The service's own text is always
 * kept unaltered in `serviceMessage` (and is the whole `message` of an `invalid` error).
 */
import type { MissingRight, ServiceError, ServicePosition, TimeoutPhase } from '../../common/service-result';

/** What could be read from an error body of either API generation. */
export interface ErrorBodyInfo {
  readonly message?: string;
  readonly code?: string;
  readonly metadata?: Readonly<Record<string, string>>;
  readonly requestId?: string;
  readonly helpUrl?: string;
}

/** Context of a failed call, for messages. */
export interface ErrorContext {
  /** The operation's documented name, e.g. "ValidateQuery". */
  readonly operation: string;
  readonly profileName: string;
  /** Origin (scheme, host, port) of the profile, for network messages. */
  readonly origin: string;
}

/**
 * Reads an error body: 1.0 `{message, metadata}`, 1.0 fallback `{code, message, details}` or
 * 2.0 `{error: {code, message}, details, request_id}`. A body that is not JSON yields its
 * text as the message when it is short plain text (not an HTML error page). Never throws.
 */
export function readErrorBody(text: string, contentType: string | undefined): ErrorBodyInfo {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    const trimmed = text.trim();
    const looksLikeHtml = (contentType ?? '').includes('html') || trimmed.startsWith('<');
    return trimmed.length > 0 && trimmed.length <= 300 && !looksLikeHtml ? { message: trimmed } : {};
  }
  if (!isRecord(parsed)) return {};
  const v2Error = isRecord(parsed.error) ? parsed.error : undefined;
  const v2Details = isRecord(parsed.details) ? parsed.details : undefined;
  const message = firstString(parsed.message, v2Error?.message, v2Details?.message);
  const rawCode = v2Error?.code ?? parsed.code;
  const code = typeof rawCode === 'string' || typeof rawCode === 'number' ? String(rawCode) : undefined;
  const metadata = isRecord(parsed.metadata) ? stringEntries(parsed.metadata) : undefined;
  return {
    message,
    code,
    metadata,
    requestId: firstString(parsed.request_id),
    helpUrl: firstString(parsed.help_url),
  };
}

/**
 * Finds the position of a query error: `metadata.line`/`metadata.column` (1-based, strings)
 * when present, else a `line L:C` or `line L, column C` pattern in the message. A line with
 * no column gives column 1. Undefined when neither names a position.
 */
export function findErrorPosition(message: string | undefined, metadata?: Readonly<Record<string, string>>): ServicePosition | undefined {
  const metaLine = parsePositive(metadata?.line);
  if (metaLine !== undefined) return { line: metaLine, column: parsePositive(metadata?.column) ?? 1 };
  if (message === undefined) return undefined;
  const match = /\bline\s+(\d+)(?::(\d+)|,\s*column\s+(\d+))/i.exec(message);
  if (match === null) return undefined;
  const line = parsePositive(match[1]);
  const column = parsePositive(match[2] ?? match[3]);
  return line === undefined || column === undefined ? undefined : { line, column };
}

/** Finds which collaboration right a 403 message or its metadata names, if any. */
export function findMissingRight(message: string | undefined, metadata?: Readonly<Record<string, string>>): MissingRight | undefined {
  const text = `${metadata?.right ?? ''} ${metadata?.missing_right ?? ''} ${message ?? ''}`.toLowerCase();
  if (/detailed[_ ]logs/.test(text)) return 'detailed_logs';
  if (/\boperator\b/.test(text)) return 'operator';
  if (/\bcontributor\b/.test(text)) return 'contributor';
  return undefined;
}

/**
 * Maps a non-2xx answer to a `ServiceError`. `retryAfterMs` is the parsed Retry-After, if any.
 */
export function mapHttpError(status: number, body: ErrorBodyInfo, context: ErrorContext, retryAfterMs?: number): ServiceError {
  const { operation } = context;
  const serviceMessage = body.message;
  const said = serviceMessage === undefined || serviceMessage === '' ? '' : ` The service said: "${serviceMessage}"`;
  const common = { operation, status, serviceMessage, code: body.code, requestId: body.requestId };
  if (status === 401) {
    return {
      ...common,
      kind: 'unauthorized',
      message:
        `The service refused the API key of profile "${context.profileName}" (HTTP 401): the API key is missing, wrong or expired. ` +
        `Create a new key in the service's account pages and store it for this profile.${said}`,
    };
  }
  if (status === 403) {
    const missingRight = findMissingRight(serviceMessage, body.metadata);
    const advice =
      missingRight === undefined
        ? 'Ask the owner of the dataset or collaboration to grant your company access.'
        : `The "${missingRight}" right is missing: ask the collaboration owner to grant it to your company.`;
    return { ...common, kind: 'forbidden', missingRight, message: `Permission denied for ${operation} (HTTP 403). ${advice}${said}` };
  }
  if (status === 404) {
    return {
      ...common,
      kind: 'not-found',
      message: `${operation}: not found (HTTP 404). Check the identifier, and that your company can see the resource.${said}`,
    };
  }
  if (status === 429) {
    const wait = retryAfterMs === undefined ? 'Wait a moment' : `Wait ${Math.ceil(retryAfterMs / 1000)} s`;
    return { ...common, kind: 'rate-limited', retryAfterMs, message: `The service is limiting the rate of requests (HTTP 429) for ${operation}. ${wait} and try again.${said}` };
  }
  if (status >= 500) {
    return {
      ...common,
      kind: 'server',
      message: `The service failed while handling ${operation} (HTTP ${status}). This is usually temporary; try again later.${said}`,
    };
  }
  // 400, 409 and other 4xx: the request itself was refused. The service's words are the message.
  return {
    ...common,
    kind: 'invalid',
    position: findErrorPosition(serviceMessage, body.metadata),
    message: serviceMessage !== undefined && serviceMessage !== '' ? serviceMessage : `The service refused ${operation} (HTTP ${status}) without saying why.`,
  };
}

/**
 * Maps a 1.0 `query_error` (a gRPC status: integer code, message) carried by a finished query
 * or activation. gRPC codes choose the kind; a missing code is treated as a problem with the
 * query, the common case. The service's message is kept verbatim.
 */
export function mapAsyncFailure(failure: { code?: number | string; message?: string }, operation: string): ServiceError {
  const serviceMessage = failure.message;
  const code = failure.code === undefined ? undefined : String(failure.code);
  const text = serviceMessage !== undefined && serviceMessage !== '' ? serviceMessage : `${operation} failed without a message (code ${code ?? 'unknown'}).`;
  const common = { operation, serviceMessage, code };
  switch (Number(failure.code ?? 3)) {
    case 5:
      return { ...common, kind: 'not-found', message: text };
    case 7:
      return { ...common, kind: 'forbidden', missingRight: findMissingRight(serviceMessage), message: text };
    case 16:
      return { ...common, kind: 'unauthorized', message: `${text} (the API key is missing, wrong or expired)` };
    case 8:
      return { ...common, kind: 'rate-limited', message: text };
    case 4:
      return { ...common, kind: 'timeout', phase: 'poll', message: text };
    case 1:
      return { ...common, kind: 'cancelled', message: text };
    case 2:
    case 13:
    case 14:
    case 15:
      return { ...common, kind: 'server', message: text };
    default:
      // 0 with a message, 3 invalid argument, 9 failed precondition, 11 out of range, …
      return { ...common, kind: 'invalid', position: findErrorPosition(serviceMessage), message: text };
  }
}

/** Error codes of a transport failure and of its causes (a wrapped system error keeps its own as `cause`). */
export function collectErrorCodes(error: unknown): string[] {
  const codes: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && isRecord(current); depth++) {
    if (typeof current.code === 'string') codes.push(current.code);
    current = current.cause;
  }
  return codes;
}

/** The deadlines of http-exchange.ts, and the system's own connect timeout. */
const TIMEOUT_CODES: Readonly<Record<string, TimeoutPhase>> = {
  IQL_CONNECT_TIMEOUT: 'connect',
  ETIMEDOUT: 'connect',
  IQL_HEADERS_TIMEOUT: 'headers',
  IQL_BODY_TIMEOUT: 'body',
};

/** Codes meaning the connection broke after the request may have been sent. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ERR_STREAM_PREMATURE_CLOSE']);

/** True when `error` is a connection reset or an unexpectedly closed socket. */
export function isConnectionReset(error: unknown): boolean {
  return collectErrorCodes(error).some((code) => RESET_CODES.has(code));
}

/** Maps a thrown transport error (not a cancellation) to a `timeout` or `network` error. */
export function mapTransportError(error: unknown, context: ErrorContext): ServiceError {
  const codes = collectErrorCodes(error);
  const timeoutCode = codes.find((code) => code in TIMEOUT_CODES);
  if (timeoutCode !== undefined) {
    const phase = TIMEOUT_CODES[timeoutCode] ?? 'headers';
    const what = phase === 'connect' ? 'to connect' : phase === 'headers' ? 'to start answering' : 'to finish sending its answer';
    return {
      kind: 'timeout',
      phase,
      operation: context.operation,
      message: `${context.operation}: the service at ${context.origin} took too long ${what}. It may be slow or unreachable; try again, or raise the timeout.`,
    };
  }
  const cause = codes[0];
  const reason = describeNetworkCode(cause, error);
  return {
    kind: 'network',
    cause,
    operation: context.operation,
    message: `Could not complete ${context.operation} with the service at ${context.origin}: ${reason}. Check the base URL of profile "${context.profileName}" and your network connection.`,
  };
}

function describeNetworkCode(code: string | undefined, error: unknown): string {
  switch (code) {
    case 'ECONNREFUSED':
      return 'the connection was refused (is the service or emulator running?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name could not be resolved';
    case 'ECONNRESET':
    case 'EPIPE':
    case 'ERR_STREAM_PREMATURE_CLOSE':
      return 'the connection was closed unexpectedly';
    case 'CERT_HAS_EXPIRED':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `the server's TLS certificate was not accepted (${code})`;
    default: {
      const text = error instanceof Error && error.message !== '' ? error.message : 'unknown network error';
      return code === undefined ? text : `${text} (${code})`;
    }
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function firstString(...values: unknown[]): string | undefined {
  for (const value of values) if (typeof value === 'string') return value;
  return undefined;
}

function stringEntries(record: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) {
    if (typeof value === 'string' || typeof value === 'number') result[key] = String(value);
  }
  return result;
}

function parsePositive(text: string | undefined): number | undefined {
  if (text === undefined || !/^\s*\d+\s*$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 ? value : undefined;
}
