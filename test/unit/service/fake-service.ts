/**
 * A scriptable stand-in for the clean-room service, for the service-layer tests: a node:http
 * server on 127.0.0.1 (port 0) that answers with canned swagger-shaped bodies and can inject
 * faults (error statuses, Retry-After, reset connections, stalled headers or bodies). It
 * records every request and the connection it arrived on, so tests can count re-sends and
 * check that connections are reused (which proves response bodies were consumed).
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { once } from 'node:events';

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
  /** 1-based number of the TCP connection the request came on. */
  readonly connection: number;
}

/** What to do with one request. */
export type FakeAnswer =
  | { readonly status: number; readonly body?: unknown; readonly headers?: Record<string, string>; readonly raw?: string }
  /** Destroy the connection without answering (the client sees a reset / closed socket). */
  | { readonly reset: true }
  /** Never send headers (until the server closes). */
  | { readonly stallHeaders: true }
  /** Send headers and part of a body, then stall. */
  | { readonly stallBody: true };

export type FakeHandler = (request: RecordedRequest) => FakeAnswer;

export class FakeService {
  readonly requests: RecordedRequest[] = [];
  private readonly sockets = new Set<Socket>();
  private connectionCount = 0;
  private readonly connectionIds = new WeakMap<Socket, number>();
  private waiters: (() => void)[] = [];

  private constructor(
    private readonly server: Server,
    private handler: FakeHandler,
  ) {}

  /** Starts a server on 127.0.0.1 with an OS-chosen port. */
  static async start(handler: FakeHandler): Promise<FakeService> {
    const server = createServer();
    const started = new FakeService(server, handler);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => started.onRequest(req, res));
    server.on('connection', (socket: Socket) => {
      started.connectionCount += 1;
      started.connectionIds.set(socket, started.connectionCount);
      started.sockets.add(socket);
      socket.on('close', () => started.sockets.delete(socket));
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return started;
  }

  get baseUrl(): string {
    const address = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  /** Number of TCP connections opened so far. */
  get connections(): number {
    return this.connectionCount;
  }

  setHandler(handler: FakeHandler): void {
    this.handler = handler;
  }

  /** Resolves once at least `count` requests have arrived. */
  async waitForRequests(count: number): Promise<void> {
    while (this.requests.length < count) {
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    this.server.close();
    await once(this.server, 'close');
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded: RecordedRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        connection: this.connectionIds.get(req.socket) ?? 0,
      };
      this.requests.push(recorded);
      const waiters = this.waiters;
      this.waiters = [];
      waiters.forEach((wake) => wake());
      this.answer(this.handler(recorded), req, res);
    });
  }

  private answer(answer: FakeAnswer, req: IncomingMessage, res: ServerResponse): void {
    if ('reset' in answer) {
      req.socket.destroy();
      return;
    }
    if ('stallHeaders' in answer) return;
    if ('stallBody' in answer) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"query_id":');
      return;
    }
    const text = answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body));
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(text);
  }
}

/** Answers 200 with `body`. */
export function ok(body: unknown): FakeAnswer {
  return { status: 200, body };
}

/** Answers with a 1.0 error body `{message, metadata}`. */
export function v1Error(status: number, message: string, metadata?: Record<string, string>): FakeAnswer {
  return { status, body: { message, metadata: metadata ?? {} } };
}

/** Answers with a 2.0 error body. */
export function v2Error(status: number, code: string, message: string): FakeAnswer {
  return { status, body: { error: { code, message }, details: { code, message }, help_url: '', request_id: 'req-1', time: '2025-01-01T00:00:00Z' } };
}
