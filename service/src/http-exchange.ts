/**
 * One HTTP request and the head of its answer, over Node's own client (node:http, node:https):
 * resolves once the answer's headers have arrived, with its body as a stream the caller reads
 * to the end or destroys. Three deadlines, each failing with an error whose `code`
 * error-mapping.ts reads:
 * - connect (`IQL_CONNECT_TIMEOUT`): the TCP connection and, for https, its TLS handshake;
 * - headers (`IQL_HEADERS_TIMEOUT`): from the connection being ready to the answer's headers;
 * - body (`IQL_BODY_TIMEOUT`): the longest silence while the body arrives (the body stream
 *   then fails with it).
 * An aborted signal destroys the request, or its body once it is being read.
 *
 * Why Node's client and not a library: it is part of Node, so a process has nothing to
 * evaluate or warm up before its first request. Through undici, the client used before, a
 * language server spent ~30 ms evaluating it before its first request and received a 68 MB
 * List Datasets more slowly on a cold process (its parser is WebAssembly, compiled on first
 * use); its cold catalog of 10,000 datasets was ready in 588 ms instead of 466, with a peak of
 * 111 MB instead of 90 (bench/iql-compare.ts, 6 rounds in turn). What undici added here (a
 * pool per origin, deadlines) is a keep-alive Agent and the timers below.
 */
import type { Agent, AgentOptions, ClientRequest, IncomingHttpHeaders, IncomingMessage, RequestOptions } from 'node:http';
import type { Socket } from 'node:net';
import { deferredCaContext } from './deferred-ca-certs';
import { nodeHttp, nodeHttps } from './lazy-node';

export interface ServiceTimeouts {
  /** Time to open the TCP/TLS connection. */
  readonly connectMs: number;
  /** Time from sending the request until the answer's headers arrive. */
  readonly headersMs: number;
  /** Longest silence while the answer's body is arriving. */
  readonly bodyMs: number;
}

export const DEFAULT_TIMEOUTS: ServiceTimeouts = { connectMs: 10_000, headersMs: 30_000, bodyMs: 30_000 };

export interface ExchangeRequest {
  readonly url: URL;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** Keeps connections between requests; an `https.Agent` for an https URL. */
  readonly agent: Agent;
  readonly timeouts: ServiceTimeouts;
  readonly signal?: AbortSignal;
}

export interface ExchangeAnswer {
  readonly statusCode: number;
  readonly headers: IncomingHttpHeaders;
  /** Read it to the end (the connection is then reused) or destroy it. */
  readonly body: IncomingMessage;
}

/**
 * How long an idle kept-alive connection is kept, unless the server announces less
 * (`Keep-Alive: timeout=N`): short enough that the client, not the server, closes it, so a
 * request is never written to a socket the server is closing at that moment.
 */
export const IDLE_CONNECTION_MS = 4_000;

/**
 * A keep-alive connection pool for `protocol` (`http:` or `https:`); https is loaded only when
 * asked for, with the extra CA certificates the process was given to read late (deferred-ca-certs.ts).
 */
export function createAgent(protocol: string, options: AgentOptions = {}): Agent {
  const settings: AgentOptions = { keepAlive: true, timeout: IDLE_CONNECTION_MS, ...options };
  if (protocol !== 'https:') return new (nodeHttp().Agent)(settings);
  const secureContext = deferredCaContext();
  return new (nodeHttps().Agent)(secureContext === undefined ? settings : { secureContext, ...settings });
}

/** Sends `request`; never throws synchronously, rejects with the transport's error. */
export function exchange(request: ExchangeRequest): Promise<ExchangeAnswer> {
  return new Promise((resolve, reject) => {
    const secure = request.url.protocol === 'https:';
    const headers: Record<string, string> = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(Buffer.byteLength(request.body));
    const options: RequestOptions = { method: request.method, headers, agent: request.agent, ...(request.signal ? { signal: request.signal } : {}) };
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    let req: ClientRequest;
    try {
      req = (secure ? nodeHttps() : nodeHttp()).request(request.url, options);
    } catch (error) {
      reject(error);
      return;
    }
    const arm = (ms: number, code: TimeoutCode): void => {
      clearTimeout(timer);
      timer = setTimeout(() => req.destroy(timeoutError(code, ms)), ms);
    };
    const disarm = (): void => {
      clearTimeout(timer);
      timer = undefined;
    };
    // Kept for the request's whole life: after the answer has arrived, a broken connection is
    // reported by the body stream, and an 'error' with no listener would end the process.
    req.on('error', (error) => {
      disarm();
      if (settled) return;
      settled = true;
      reject(error);
    });
    req.once('socket', (socket: Socket) => {
      if (req.reusedSocket || (!secure && !socket.connecting)) {
        arm(request.timeouts.headersMs, 'IQL_HEADERS_TIMEOUT');
        return;
      }
      arm(request.timeouts.connectMs, 'IQL_CONNECT_TIMEOUT');
      socket.once(secure ? 'secureConnect' : 'connect', () => arm(request.timeouts.headersMs, 'IQL_HEADERS_TIMEOUT'));
    });
    req.once('response', (response: IncomingMessage) => {
      disarm();
      // Idle time of the connection while the body arrives; cleared by Node when the
      // connection goes back to the pool.
      req.setTimeout(request.timeouts.bodyMs, () => response.destroy(timeoutError('IQL_BODY_TIMEOUT', request.timeouts.bodyMs)));
      if (settled) {
        response.destroy();
        return;
      }
      settled = true;
      resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: response });
    });
    req.end(request.body);
  });
}

/** A body read whole as text; rejects when the stream fails or is cut short. */
export async function readText(body: IncomingMessage): Promise<string> {
  body.setEncoding('utf8');
  let text = '';
  for await (const piece of body) text += piece as string;
  return text;
}

type TimeoutCode = 'IQL_CONNECT_TIMEOUT' | 'IQL_HEADERS_TIMEOUT' | 'IQL_BODY_TIMEOUT';

function timeoutError(code: TimeoutCode, ms: number): Error {
  return Object.assign(new Error(`no progress within ${ms} ms`), { code });
}
