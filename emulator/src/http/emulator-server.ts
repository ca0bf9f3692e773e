/**
 * The emulator's HTTP server (node:http, no framework): the composition root of the HTTP
 * side. It owns its state, fault decisions and open connections; nothing is module-level, so
 * several servers can run in one process (tests do).
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { EmulatorData } from '../data/loaded-data';
import { createQueryEngine } from '../engine-adapter';
import type { QueryEngine } from '../query-engine';
import { EmulatorState } from '../state/emulator-state';
import type { EmulatorClock } from '../state/emulator-clock';
import { withOwnCollaborations } from '../state/own-collaborations';
import { PublishedDatasets } from '../state/published-datasets';
import type { SupplyOptions } from '../supply/supply-state';
import { buildErrorBody } from './error-bodies';
import { FaultInjector } from './faults';
import type { FaultRule } from './faults';
import { handleRequest } from './handle-request';
import { DEFAULT_BODY_LIMIT } from './read-json-body';

/** How long an idle keep-alive connection stays open (see createEmulatorServer). */
export const KEEP_ALIVE_MS = 65_000;

export interface EmulatorServerOptions {
  readonly data: EmulatorData;
  /** Defaults to the real engine (engine-adapter.ts). */
  readonly engine?: QueryEngine;
  /** Delay before every answer, in milliseconds (default 0). */
  readonly latencyMs?: number;
  readonly faults?: readonly FaultRule[];
  /** Seed of fault decisions (default fixed): the same seed and requests meet the same faults. */
  readonly faultSeed?: number | string;
  /** Status reads that answer "not done" after the work is done, before a job reports done (default 0: done when the work is). */
  readonly pollsBeforeDone?: number;
  /** The clock of automation schedules (default: standing still at the fixed instant; tests pass a ManualClock). */
  readonly clock?: EmulatorClock;
  /** Data supply: the folder of remote sources, where vault files are kept (supply/supply-state.ts). */
  readonly supply?: SupplyOptions;
  /** Largest accepted request body in bytes (default 1 MiB). */
  readonly bodyLimit?: number;
  /** Receives unexpected errors (default: ignored; the client still gets a 500). */
  readonly onInternalError?: (error: unknown) => void;
}

export interface ListeningAddress {
  readonly host: string;
  readonly port: number;
  /** `http://host:port`, the base URL clients use. */
  readonly url: string;
}

export interface EmulatorServer {
  readonly server: Server;
  /** What the server remembers (tests set up data-supply records through it). */
  readonly state: EmulatorState;
  /** Starts listening (port 0 picks a free port). Rejects if the port cannot be bound. */
  listen(port?: number, host?: string): Promise<ListeningAddress>;
  /** Stops accepting, drops open connections (including ones held by timeout faults) and resolves when closed. */
  close(): Promise<void>;
}

/** Creates a server answering the service's API paths from `options.data`. Does not listen yet. */
export function createEmulatorServer(options: EmulatorServerOptions): EmulatorServer {
  const deps = {
    // Collaboration management changes collaborations, data supply the datasets: this
    // server's own copies, not the loaded data.
    data: PublishedDatasets.ownedCopy(withOwnCollaborations(options.data)),
    engine: options.engine ?? createQueryEngine(),
    state: new EmulatorState(Math.max(0, options.pollsBeforeDone ?? 0), options.clock, options.supply),
    faults: new FaultInjector(options.faults ?? [], options.faultSeed),
    latencyMs: Math.max(0, options.latencyMs ?? 0),
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    onInternalError: options.onInternalError ?? (() => undefined),
  };
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    // Answers must be reproducible byte for byte, so no Date header.
    response.sendDate = false;
    handleRequest(deps, request, response).catch(deps.onInternalError);
  });
  // An idle connection is closed by its client first: clients drop idle sockets after a few
  // seconds (this project's: 4 s, service/src/http-exchange.ts), while Node's default here would be 5 s. A client process that stalls
  // for longer (a full garbage collection of a large heap, a long synchronous step) otherwise
  // sends its next request on a socket this server is closing at that moment, and a request
  // that is never re-sent (Create a Query) fails with "the connection was closed unexpectedly".
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node wants the headers deadline above the keep-alive one.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // Requests too malformed to reach the pipeline still get a JSON answer when possible.
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const message = status === 431 ? 'the request headers are too large' : 'the request is not valid HTTP';
    const text = JSON.stringify(buildErrorBody('v1', status, message, {}, 'client-error'));
    socket.end(
      `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  });

  return {
    server,
    state: deps.state,
    listen: (port = 0, host = '127.0.0.1') =>
      new Promise((resolve, reject) => {
        const onError = (error: Error): void => reject(error);
        server.once('error', onError);
        server.listen(port, host, () => {
          server.off('error', onError);
          const address = server.address();
          const actualPort = typeof address === 'object' && address !== null ? address.port : port;
          const urlHost = host.includes(':') ? `[${host}]` : host;
          resolve({ host, port: actualPort, url: `http://${urlHost}:${actualPort}` });
        });
      }),
    close: () =>
      new Promise((resolve) => {
        deps.state.supply.dispose();
        if (!server.listening) {
          resolve();
          return;
        }
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
