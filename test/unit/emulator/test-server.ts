/**
 * Starts an emulator on 127.0.0.1:0 over a folder written to a temporary directory, and
 * talks to it with plain fetch. Every test file uses one per suite and closes it after.
 */
import type { z } from 'zod';
import { loadDataFolder } from '../../../emulator/src/data/load-data-folder';
import { createEmulatorServer } from '../../../emulator/src/http/emulator-server';
import type { EmulatorServerOptions } from '../../../emulator/src/http/emulator-server';
import type { EmulatorState } from '../../../emulator/src/state/emulator-state';
import { tinyFiles, writeTempFolder } from './tiny-folder';

export interface Reply {
  readonly status: number;
  readonly text: string;
  readonly headers: Headers;
  /** The body parsed as JSON (undefined when it is not JSON). */
  readonly json: unknown;
}

export interface CallOptions {
  /** The Authorization header; default `key-a`; null sends none. */
  readonly key?: string | null;
  /** A JSON body. */
  readonly body?: unknown;
  /** A raw body, sent as is. */
  readonly rawBody?: string;
  readonly headers?: Record<string, string>;
  readonly signal?: AbortSignal;
}

export interface TestServer {
  readonly base: string;
  /** What the emulator remembers (tests read its jobs' poll counts). */
  readonly state: EmulatorState;
  call(method: string, path: string, options?: CallOptions): Promise<Reply>;
  close(): Promise<void>;
}

/** Starts a server on the tiny folder (or the given files). */
export async function startTestServer(
  options: Omit<EmulatorServerOptions, 'data'> & { files?: Map<string, string> } = {},
): Promise<TestServer> {
  const folder = await writeTempFolder(options.files ?? tinyFiles());
  const loaded = await loadDataFolder(folder.dir);
  await folder.remove();
  if (!loaded.ok) throw new Error(`test folder refused: ${JSON.stringify(loaded.problems)}`);
  const errors: unknown[] = [];
  const server = createEmulatorServer({ onInternalError: (error) => errors.push(error), ...options, data: loaded.data });
  const address = await server.listen(0, '127.0.0.1');
  return {
    base: address.url,
    state: server.state,
    call: (method, path, callOptions = {}) => callServer(address.url, method, path, callOptions),
    close: async () => {
      await server.close();
      if (errors.length > 0) throw new Error(`the emulator reported internal errors: ${String(errors[0])}`);
    },
  };
}

export async function callServer(base: string, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  const key = options.key === undefined ? 'key-a' : options.key;
  if (key !== null) headers.Authorization = key;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  const response = await fetch(`${base}${path}`, { method, headers, body, signal: options.signal });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, text, headers: response.headers, json };
}

/** Parses `reply.json` with a wire schema, failing the test with the reason when it does not fit. */
export function expectShape<S extends z.ZodType>(schema: S, reply: Reply, status = 200): z.output<S> {
  if (reply.status !== status) throw new Error(`expected status ${status}, got ${reply.status}: ${reply.text.slice(0, 300)}`);
  const parsed = schema.safeParse(reply.json);
  if (!parsed.success) throw new Error(`answer does not match the schema: ${parsed.error.message}\n${reply.text.slice(0, 500)}`);
  return parsed.data;
}

/** Polls Get a Query until done (bounded), answering how many polls it took. */
export async function pollQuery(server: Pick<TestServer, 'call'>, queryId: string, key = 'key-a'): Promise<number> {
  for (let poll = 1; poll <= 50; poll++) {
    const reply = await server.call('GET', `/api/v1/queries/${queryId}`, { key });
    if ((reply.json as { done?: boolean }).done === true) return poll;
    // Yield to the event loop so the emulator can compute; no fixed sleep.
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`query ${queryId} never reported done`);
}

/** Checks a 1.0 error answer: the status and exactly `{message, metadata}` with string values. */
export function expectV1Error(reply: Reply, status: number): { message: string; metadata: Record<string, string> } {
  if (reply.status !== status) throw new Error(`expected status ${status}, got ${reply.status}: ${reply.text.slice(0, 300)}`);
  const body = reply.json as { message?: unknown; metadata?: unknown };
  if (JSON.stringify(Object.keys(body ?? {})) !== '["message","metadata"]') throw new Error(`not a 1.0 error body: ${reply.text}`);
  if (typeof body.message !== 'string') throw new Error('message is not a string');
  const metadata = body.metadata as Record<string, unknown>;
  for (const value of Object.values(metadata)) if (typeof value !== 'string') throw new Error(`metadata holds a non-string: ${reply.text}`);
  return { message: body.message, metadata: metadata as Record<string, string> };
}

/** Checks a 2.0 error answer: the status and `{error: {code, message}, details, request_id, time}`. */
export function expectV2Error(reply: Reply, status: number, code: string): string {
  if (reply.status !== status) throw new Error(`expected status ${status}, got ${reply.status}: ${reply.text.slice(0, 300)}`);
  const body = reply.json as { error?: { code?: unknown; message?: unknown }; details?: unknown; request_id?: unknown; time?: unknown };
  if (body?.error?.code !== code || typeof body.error.message !== 'string' || typeof body.request_id !== 'string' || typeof body.time !== 'string') {
    throw new Error(`not a 2.0 error body with code ${code}: ${reply.text}`);
  }
  return body.error.message;
}
