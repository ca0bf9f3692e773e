/**
 * The emulator keeps an idle keep-alive connection open longer than clients keep theirs
 * (this project's client: 4 s), so the client is always the side that closes it. With Node's default of 5 s
 * a client process that stalled for longer (a full garbage collection of a large heap: the
 * data-supply benchmark's first query after a 1 GB publish) wrote its next request to a
 * socket the emulator was closing at that moment, and a request that is never re-sent
 * (Create a Query) failed with "the connection was closed unexpectedly".
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startTestServer } from '../test-server';
import type { TestServer } from '../test-server';

/** Longer than Node's default keep-alive of an HTTP server (5 s, closed within about a second after). */
const IDLE_MS = 7_000;
const REQUEST = 'GET /api/v1/datasets HTTP/1.1\r\nHost: emulator\r\nConnection: keep-alive\r\n\r\n';

/** Sends one request on `socket` and resolves with the head of its answer. */
function exchange(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer): void => {
      text += chunk.toString('latin1');
      const headEnd = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text);
      if (headEnd >= 0 && length !== null && text.length >= headEnd + 4 + Number(length[1])) {
        socket.off('data', onData);
        resolve(text.slice(0, headEnd));
      }
    };
    socket.on('data', onData);
    socket.once('error', reject);
    socket.write(REQUEST);
  });
}

describe('keep-alive connections', () => {
  let server: TestServer;

  before(async () => {
    server = await startTestServer();
  });
  after(async () => {
    await server.close();
  });

  it('stay open while idle longer than clients keep theirs, and answer the next request', async () => {
    const { port } = new URL(server.base);
    const socket = connect(Number(port), '127.0.0.1');
    let closedAt: number | undefined;
    socket.on('close', () => (closedAt = Date.now()));
    const head = await exchange(socket);
    assert.match(head, /keep-alive: timeout=65/i);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    assert.equal(closedAt, undefined, 'the emulator closed an idle connection after a few seconds');
    assert.match(await exchange(socket), /^HTTP\/1\.1 401/);
    socket.destroy();
  });
});
