/**
 * The request pipeline: route → fault → caller → body → handler → answer. Every failure on
 * the way becomes an answer in the operation's error shape; nothing a client sends can throw
 * out of here or stop the server.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { matchOperation, operations } from '../../../common/api';
import type { ApiGeneration, OperationDefinition, OperationId } from '../../../common/api';
import { findCaller } from '../access/access-rules';
import type { EmulatorData } from '../data/loaded-data';
import type { QueryEngine } from '../query-engine';
import type { EmulatorState } from '../state/emulator-state';
import { buildErrorBody } from './error-bodies';
import type { FaultInjector } from './faults';
import { OPERATION_FAULT_NAMES } from './fault-names';
import { readJsonBody } from './read-json-body';
import { ReplyError, badRequest, notFound, quote, unauthorized } from './reply-error';
import { ROUTES } from './routes/route-table';
import { StreamedJsonList } from './streamed-json';
import { findUnservedOperation, unservedOperationError } from './unserved-operation';
import { EMULATOR_EPOCH } from './wire-time';

/**
 * The `Deprecation` header of the deprecated operations (RFC 9745: `@` and the Unix time from
 * which the operation is deprecated; the emulator's fixed clock, so answers stay reproducible).
 */
export const DEPRECATION_HEADER = `@${Date.parse(EMULATOR_EPOCH) / 1000}`;

export interface PipelineDeps {
  readonly data: EmulatorData;
  readonly engine: QueryEngine;
  readonly state: EmulatorState;
  readonly faults: FaultInjector;
  /** Delay before every answer, in milliseconds. */
  readonly latencyMs: number;
  readonly bodyLimit: number;
  /** Called with unexpected errors (bugs); never with a client's mistakes. */
  readonly onInternalError: (error: unknown) => void;
}

interface Answer {
  readonly status: number;
  readonly body: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** Close the connection after answering (the request body was not read). */
  readonly close?: boolean;
  /** The body is CSV text, sent as is (Export Collaboration Events). */
  readonly csv?: boolean;
}

/** Answers one request. Resolves when the answer is written (or deliberately withheld); never rejects. */
export async function handleRequest(deps: PipelineDeps, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const method = (request.method ?? 'GET').toUpperCase();
  const rawUrl = request.url ?? '/';
  let api: ApiGeneration = rawUrl.startsWith('/api/v2') ? 'v2' : 'v1';
  let bodyText = '';
  let answer: Answer;
  let deprecated = false;
  try {
    const pathname = readPathname(rawUrl);
    const match = matchOperation(method, pathname);
    if (!match) throw unknownRoute(method, pathname);
    const operation: OperationDefinition = operations[match.id];
    api = operation.api;
    deprecated = operation.deprecated === true;

    const fault = deps.faults.decide(match.id);
    if (fault?.kind === 'timeout') return; // Never answered: the client's timeout must fire.
    if (fault?.kind === 'reset') {
      request.socket.destroy();
      return;
    }
    if (fault?.kind === 'status') {
      throw new ReplyError(fault.status, `fault injected by --faults: ${OPERATION_FAULT_NAMES[match.id]} answers ${fault.status}`);
    }

    const caller = findCaller(deps.data, headerValue(request.headers.authorization));
    if (!caller) {
      throw unauthorized('the API key is missing, wrong or expired: send it in the Authorization header (the raw key, no "Bearer")');
    }
    let body: unknown = undefined;
    if (method === 'POST' || method === 'PATCH' || method === 'PUT') {
      const read = await readJsonBody(request, deps.bodyLimit);
      bodyText = read.text;
      body = checkBody(operation, match.id, read.value);
    }
    const url = new URL(rawUrl, 'http://emulator.invalid');
    // A handler may answer later (data supply reads the disk).
    const result = await ROUTES[match.id]({
      data: deps.data,
      engine: deps.engine,
      state: deps.state,
      caller,
      params: match.params,
      query: url.searchParams,
      body,
    });
    answer = { status: 200, body: result, csv: operation.answerFormat === 'csv' };
  } catch (error) {
    if (error instanceof ReplyError) {
      const requestId = createHash('sha256').update(`${method} ${rawUrl}\u0000${bodyText}`).digest('hex').slice(0, 16);
      answer = {
        status: error.status,
        body: buildErrorBody(api, error.status, error.message, error.metadata, requestId),
        headers: error.status === 405 ? { Allow: error.metadata.allow ?? '' } : undefined,
        close: error.status === 413,
      };
    } else if (isClientAbort(error)) {
      return;
    } else {
      deps.onInternalError(error);
      answer = { status: 500, body: buildErrorBody(api, 500, 'the emulator failed unexpectedly; see its log', {}, 'internal') };
    }
  }
  if (deps.latencyMs > 0) await sleep(deps.latencyMs);
  // A deprecated operation says so on every answer, success or error (RFC 9745).
  if (deprecated) answer = { ...answer, headers: { ...answer.headers, Deprecation: DEPRECATION_HEADER } };
  if (answer.body instanceof StreamedJsonList) await writeStreamedAnswer(deps, response, answer, answer.body);
  else writeAnswer(response, answer);
}

function writeAnswer(response: ServerResponse, answer: Answer): void {
  if (response.destroyed || response.headersSent) return;
  const text = answer.csv === true ? String(answer.body) : JSON.stringify(answer.body);
  response.statusCode = answer.status;
  response.setHeader('Content-Type', answer.csv === true ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8');
  response.setHeader('Content-Length', Buffer.byteLength(text));
  for (const [name, value] of Object.entries(answer.headers ?? {})) response.setHeader(name, value);
  if (answer.close) response.setHeader('Connection', 'close');
  response.end(text);
}

/** A large list, written as it is serialized (chunked: its length is not known in advance). */
async function writeStreamedAnswer(deps: PipelineDeps, response: ServerResponse, answer: Answer, body: StreamedJsonList<unknown>): Promise<void> {
  if (response.destroyed || response.headersSent) return;
  response.statusCode = answer.status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  for (const [name, value] of Object.entries(answer.headers ?? {})) response.setHeader(name, value);
  try {
    await body.writeTo(response);
  } catch (error) {
    deps.onInternalError(error);
    response.destroy();
  }
}

/** The path of the request URL; a URL that cannot be read is the client's mistake (400). */
function readPathname(rawUrl: string): string {
  if (!rawUrl.startsWith('/')) throw badRequest('the request target must be a path starting with /');
  try {
    return new URL(rawUrl, 'http://emulator.invalid').pathname;
  } catch {
    throw badRequest('the request URL cannot be read');
  }
}

/**
 * An operation of the swagger the emulator does not serve yet answers as that operation would
 * (unserved-operation.ts); otherwise 405 when the path exists for other methods, else 404.
 */
function unknownRoute(method: string, pathname: string): ReplyError {
  const unserved = findUnservedOperation(method, pathname);
  if (unserved) return unservedOperationError(unserved);
  const allowed = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].filter((candidate) => matchOperation(candidate, pathname) !== undefined);
  if (allowed.length > 0) {
    return new ReplyError(405, `${method} is not allowed on ${quote(pathname)}; use ${allowed.join(' or ')}`, { allow: allowed.join(', ') });
  }
  return notFound(`no operation at ${method} ${quote(pathname)}; see shared/api/README.md for the service's paths`);
}

/** The body checked against the operation's request schema; 400 naming the first bad field. */
function checkBody(operation: OperationDefinition, id: OperationId, value: unknown): unknown {
  const schema = operation.request;
  if (schema === undefined) return value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw badRequest(`the body of ${operations[id].title} must be a JSON object`);
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue?.path.map(String).join('.') || '(body)';
  throw badRequest(`${path}: ${issue?.message ?? 'invalid value'}`);
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function isClientAbort(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ECONNABORTED';
}
