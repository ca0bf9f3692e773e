/**
 * A loopback HTTP proxy in front of the emulator that counts requests per "METHOD path", so
 * tests can assert how many service calls the language server made.
 */
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountingProxy {
  readonly url: string;
  count(methodAndPath: string): number;
  close(): Promise<void>;
}

export async function startCountingProxy(target: string): Promise<CountingProxy> {
  const counts = new Map<string, number>();
  const upstream = new URL(target);
  const server: Server = createServer((incoming, outgoing) => {
    const key = `${incoming.method} ${(incoming.url ?? '').split('?')[0]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
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
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    count: (key) => counts.get(key) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
