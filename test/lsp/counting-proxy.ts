/**
 * A loopback HTTP proxy in front of the emulator that counts requests per "METHOD path", so
 * tests can assert how many service calls the language server made, and can hold the answers
 * to one "METHOD path" back for a while (a slow service).
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountingProxy {
  readonly url: string;
  count(methodAndPath: string): number;
  /** Forwards requests to `methodAndPath` only after `ms` milliseconds from now on (0: at once). */
  delay(methodAndPath: string, ms: number): void;
  close(): Promise<void>;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const counts = new Map<string, number>();
  const delays = new Map<string, number>();
  const upstream = new URL(target);
  const server: Server = createServer((incoming, outgoing) => {
    const key = `${incoming.method} ${(incoming.url ?? '').split('?')[0]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const forward = (): void => {
      const forwarded = request(
        { host: upstream.hostname, port: upstream.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
        (answer) => {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
        },
      );
      forwarded.on('error', () => outgoing.destroy());
      outgoing.on('close', () => forwarded.destroy());
      incoming.pipe(forwarded);
    };
    const wait = delays.get(key) ?? 0;
    if (wait > 0) setTimeout(forward, wait);
    else forward();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    count: (key) => counts.get(key) ?? 0,
    delay: (key, ms) => void delays.set(key, ms),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
