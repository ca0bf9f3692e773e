/**
 * The HTTP core of the service client: builds one request from the operation table, sends it
 * through Node's HTTP client (http-exchange.ts), reads and checks the answer, maps failures to `ServiceError`, and re-sends
 * retry-safe operations after transient failures.
 *
 * Invariants:
 * - Every response body is read to the end or destroyed, so no socket is left half-used.
 * - Operations not marked `retrySafe` (create, queue, calculate, export, update, delete) are
 *   sent exactly once: after a 503 or a reset connection nobody knows whether they ran.
 * - Nothing here throws or rejects; every outcome is a `ServiceResult`.
 * - The API key appears only in the Authorization header, never in a message or log line.
 */
import type { Agent } from 'node:http';
import type { Readable } from 'node:stream';
import { createAgent, DEFAULT_TIMEOUTS, exchange, readText, type ExchangeAnswer, type ServiceTimeouts } from './http-exchange';
import { api } from './lazy-api';
import type { OperationDefinition, OperationId, OperationResponse } from '../../common/api';
import type { CallInput, WireQuery } from '../../common/service-call';
import { sleepUnlessAborted } from './abortable-sleep';
import { abortedCallError, type StoppedCall } from './aborted-call';
import { followAbort } from './follow-abort';
import { isConnectionReset, mapHttpError, mapTransportError, readErrorBody } from './error-mapping';
import type { ErrorContext } from './error-mapping';
import { listSecrets, redactError, redactText } from '../../common/redact';
import { chooseRetryDelay, DEFAULT_RETRY_OPTIONS, isRetryableStatus, parseRetryAfter } from './retry-policy';
import type { RetryOptions } from './retry-policy';
import { fail, succeed } from '../../common/service-result';
import type { ServiceError, ServiceResult } from '../../common/service-result';
import { checkProfile } from '../../common/service-profile';
import type { ServiceProfile } from '../../common/service-profile';

export { DEFAULT_TIMEOUTS, type ServiceTimeouts } from './http-exchange';

export interface ServiceClientOptions {
  /** The extension's version, sent as `User-Agent: iql-clean-room/<version> (+vscode-extension)`. */
  readonly version: string;
  /**
   * The connection pool to send through (an `https.Agent` for an https base URL). When absent
   * the client creates its own keep-alive Agent on its first call (one per client, hence one
   * per profile) and destroys it in `close()`; an injected one is left open for its owner.
   */
  readonly agent?: Agent;
  readonly timeouts?: Partial<ServiceTimeouts>;
  readonly retry?: Partial<RetryOptions>;
  /** Source of randomness for backoff jitter; injectable for tests. */
  readonly random?: () => number;
  /** Receives one line per request and per retry, already free of secrets. */
  readonly log?: (line: string) => void;
}

export interface CallOptions {
  /** Cancels the call, including any wait between retries; the result is then `cancelled`. */
  readonly signal?: AbortSignal;
  /**
   * Told the service's Retry-After (in ms) whenever an answer carries one, a successful answer
   * included: a job's status read says so when to ask again (see progress.ts).
   */
  readonly onRetryAfter?: (ms: number) => void;
}

/** The loosely typed form of `CallInput`, used inside the transport. */
interface RawCallInput {
  readonly params?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly query?: WireQuery;
}

/**
 * Reads a 2xx answer's body as it arrives (see `ServiceTransport.callReading`). Resolves to
 * the answer or to a failure (usually `invalid-response`); rejects only when the stream does.
 */
export type AnswerReader<T> = (body: Readable, definition: OperationDefinition) => Promise<ServiceResult<T>>;

interface AttemptOutcome<T> {
  readonly result: ServiceResult<T>;
  /** True when the failure is transient and re-sending could succeed. */
  readonly transient: boolean;
  readonly retryAfterMs?: number;
}

export class ServiceTransport {
  private readonly base: string;
  /** The base URL's path, which every operation path is appended to (often empty). */
  private readonly basePath: string;
  private readonly origin: string;
  private readonly secrets: readonly string[];
  private readonly userAgent: string;
  private readonly timeouts: ServiceTimeouts;
  private readonly retry: RetryOptions;
  private readonly url: URL;
  /** The injected pool, or the one this transport made on its first call. */
  private pool: Agent | undefined;
  private readonly ownsPool: boolean;
  private closed = false;

  private constructor(
    readonly profile: ServiceProfile,
    private readonly options: ServiceClientOptions,
  ) {
    const url = new URL(profile.baseUrl);
    this.url = url;
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/+$/, '');
    this.base = `${url.origin}${this.basePath}`;
    this.secrets = listSecrets(profile.apiKey);
    this.userAgent = `iql-clean-room/${options.version} (+vscode-extension)`;
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    this.retry = { ...DEFAULT_RETRY_OPTIONS, ...options.retry };
    this.ownsPool = options.agent === undefined;
    this.pool = options.agent;
  }

  private agent(): Agent {
    this.pool ??= createAgent(this.url.protocol);
    return this.pool;
  }

  /**
   * Checks the profile and builds a transport for it. Fails with `misconfigured` (or
   * `unauthorized` for an empty key) instead of throwing.
   */
  static create(profile: ServiceProfile, options: ServiceClientOptions): ServiceResult<ServiceTransport> {
    const problem = checkProfile(profile);
    if (problem !== undefined) return fail(redactError(problem, listSecrets(profile.apiKey)));
    return succeed(new ServiceTransport(profile, options));
  }

  /**
   * Sends one operation and returns its checked answer. Retry-safe operations are re-sent on
   * 429/502/503/504 and on reset connections, with full-jitter backoff or the service's
   * Retry-After; others are sent once. Never throws.
   */
  call<K extends OperationId>(operation: K, input: CallInput<K>, options: CallOptions = {}): Promise<ServiceResult<OperationResponse<K>>> {
    return this.send<OperationResponse<K>>(operation, input, undefined, options);
  }

  /**
   * `call`, but a 2xx answer's body is handed to `read` as it arrives instead of being held
   * whole and checked against the operation's schema: for answers too large to hold (see
   * readItemsStreamed). Error answers are read and mapped as by `call`, and retries are the
   * same. `read` runs once per attempt, so it must start afresh each time; if it rejects (the
   * stream failed) the attempt counts as a network failure; if it stops early the rest of the
   * body is discarded. Never throws.
   */
  callReading<K extends OperationId, T>(operation: K, input: CallInput<K>, read: AnswerReader<T>, options: CallOptions = {}): Promise<ServiceResult<T>> {
    return this.send(operation, input, read, options);
  }

  /** Both of the above: `read` undefined means "hold the body and check it with the schema". */
  private async send<T>(operation: OperationId, input: unknown, read: AnswerReader<T> | undefined, options: CallOptions): Promise<ServiceResult<T>> {
    const { buildOperationPath, operations } = api();
    const definition: OperationDefinition = operations[operation];
    const { signal } = options;
    if (this.closed) {
      return fail({ kind: 'misconfigured', operation: definition.title, message: `The client of profile "${this.profile.name}" was closed; create a new one.` });
    }
    const { params, query } = input as RawCallInput;
    const path = buildOperationPath(definition.path, params ?? {}, definition.restParam === true) + encodeQuery(query);
    const call = this.describeCall(definition, path);
    for (let attempt = 1; ; attempt++) {
      if (signal?.aborted === true) return fail(abortedCallError(signal, call, false));
      // Each attempt gets a signal of its own (see follow-abort.ts): Node's HTTP client keeps its
      // listener on it until the request closes, after this call has returned.
      const followed = followAbort(signal);
      const outcome = await this.sendOnce<T>(definition, path, input as RawCallInput, followed.signal, read).finally(followed.release);
      const canRetry = !outcome.result.ok && outcome.transient && definition.retrySafe && attempt < this.retry.maxAttempts;
      // Only the answer the caller gets passes its Retry-After on; a retried one's is waited here.
      if (!canRetry && outcome.retryAfterMs !== undefined) options.onRetryAfter?.(outcome.retryAfterMs);
      if (!canRetry) return outcome.result.ok ? outcome.result : fail(redactError(outcome.result.error, this.secrets));
      const delay = chooseRetryDelay(attempt, outcome.retryAfterMs, this.retry, this.options.random);
      this.log(`${definition.title}: attempt ${attempt} failed (${outcome.result.error.kind}); retrying in ${delay} ms`);
      if (!(await sleepUnlessAborted(delay, signal))) return fail(abortedCallError(signal, call, false));
    }
  }

  /** Closes the connections of the Agent this transport created (not an injected one). Never rejects. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.ownsPool) this.pool?.destroy();
  }

  private async sendOnce<T>(
    definition: OperationDefinition,
    path: string,
    input: RawCallInput,
    signal: AbortSignal | undefined,
    read: AnswerReader<T> | undefined,
  ): Promise<AttemptOutcome<T>> {
    const context: ErrorContext = { operation: definition.title, profileName: this.profile.name, origin: this.origin };
    const headers: Record<string, string> = {
      authorization: this.profile.apiKey.trim(),
      'user-agent': this.userAgent,
      accept: definition.answerFormat === 'csv' ? 'text/csv, application/json' : 'application/json',
    };
    let body: string | undefined;
    if (definition.method === 'POST' || definition.method === 'PATCH' || definition.method === 'PUT') {
      body = JSON.stringify(input.body ?? {});
      headers['content-type'] = 'application/json';
    }
    const started = Date.now();
    let response: ExchangeAnswer;
    try {
      response = await exchange({ url: new URL(this.base + path), method: definition.method, headers, body, agent: this.agent(), timeouts: this.timeouts, signal });
    } catch (error) {
      return this.transportFailure(error, context, signal, definition, path);
    }
    const retryAfterMs = parseRetryAfter(response.headers['retry-after']);
    if (read !== undefined && response.statusCode >= 200 && response.statusCode < 300) {
      return { ...(await this.readStreamed(response, read, context, signal, definition, path, started)), retryAfterMs };
    }
    let text: string;
    try {
      text = await readText(response.body);
    } catch (error) {
      // The body stream failed or was aborted mid-way; make sure the socket is released.
      response.body.destroy();
      return this.transportFailure(error, context, signal, definition, path);
    }
    const status = response.statusCode;
    this.log(`${definition.method} ${path} → ${status} (${Date.now() - started} ms)`);
    if (status < 200 || status >= 300) {
      const contentType = headerText(response.headers['content-type']);
      const error = mapHttpError(status, readErrorBody(text, contentType), context, retryAfterMs);
      return { result: fail(error), transient: isRetryableStatus(status), retryAfterMs };
    }
    return { result: parseAnswer<T>(definition, text), transient: false, retryAfterMs };
  }

  private async readStreamed<T>(
    response: ExchangeAnswer,
    read: AnswerReader<T>,
    context: ErrorContext,
    signal: AbortSignal | undefined,
    definition: OperationDefinition,
    path: string,
    started: number,
  ): Promise<AttemptOutcome<T>> {
    let result: ServiceResult<T>;
    try {
      result = await read(response.body, definition);
    } catch (error) {
      response.body.destroy();
      return this.transportFailure(error, context, signal, definition, path);
    }
    // A reader that stopped at a bad item leaves the rest unread; the socket must not be reused.
    if (!response.body.readableEnded) response.body.destroy();
    this.log(`${definition.method} ${path} → ${response.statusCode} (${Date.now() - started} ms, read as a stream)`);
    return { result, transient: false };
  }

  private transportFailure<T>(error: unknown, context: ErrorContext, signal: AbortSignal | undefined, definition: OperationDefinition, path: string): AttemptOutcome<T> {
    if (signal?.aborted === true) return { result: fail(abortedCallError(signal, this.describeCall(definition, path), true)), transient: false };
    const mapped = mapTransportError(error, context);
    this.log(`${definition.method} ${path} failed: ${mapped.kind}${mapped.kind === 'network' && mapped.cause !== undefined ? ` (${mapped.cause})` : ''}`);
    return { result: fail(mapped), transient: mapped.kind === 'network' && isConnectionReset(error) };
  }

  /** The call as a deadline message names it; `path` is relative to the base URL. */
  private describeCall(definition: OperationDefinition, path: string): StoppedCall {
    return { operation: definition.title, method: definition.method, path: this.basePath + path, origin: this.origin };
  }

  private log(line: string): void {
    this.options.log?.(redactText(line, this.secrets));
  }
}

/** Parses and checks a 2xx answer against the operation's schema; a CSV answer is its text. */
function parseAnswer<T>(definition: OperationDefinition, text: string): ServiceResult<T> {
  if (definition.answerFormat === 'csv') return succeed(text as T);
  let json: unknown;
  try {
    json = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return fail(invalidResponse(definition, '(body)', 'the answer is not valid JSON'));
  }
  const parsed = definition.response.safeParse(json);
  if (parsed.success) return succeed(parsed.data as T);
  const issue = parsed.error.issues[0];
  return fail(invalidResponse(definition, formatFieldPath(issue?.path ?? []), issue?.message ?? 'unexpected shape'));
}

/** The `invalid-response` error for a 2xx answer whose `field` is not as expected. */
export function invalidResponse(definition: OperationDefinition, field: string, problem: string): ServiceError {
  return {
    kind: 'invalid-response',
    operation: definition.title,
    field,
    message:
      `The service's answer to ${definition.title} (${definition.method} ${definition.path}) is not what this extension expects: ` +
      `field "${field}": ${problem}. Check that the profile's base URL points at the clean-room service; report this if it persists.`,
  };
}

/** `['hop_table', 0, 'overlap']` → `hop_table[0].overlap`; the empty path is `(root)`. */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`))
    .join('');
}

/** Encodes query parameters; arrays repeat the key, as the service's gateway expects. */
export function encodeQuery(query: WireQuery | undefined): string {
  if (query === undefined) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (typeof value === 'object') {
      for (const item of value) search.append(key, item);
    } else {
      search.append(key, String(value));
    }
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
