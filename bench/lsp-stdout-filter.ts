/**
 * Passes on only the LSP messages of a server's stdout. Some servers print outside the
 * protocol on stdout (sql-language-server writes `console.time` lines there under `--stdio`),
 * which would make a JSON-RPC reader lose the stream: bytes before a `Content-Length` header
 * are dropped, and each message is passed on whole.
 */
import { Transform, type TransformCallback } from 'node:stream';

const HEADER = Buffer.from('Content-Length:');
const HEADER_END = Buffer.from('\r\n\r\n');

export function lspMessagesOnly(): Transform {
  let pending = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const start = pending.indexOf(HEADER);
        if (start < 0) {
          // Keep a tail that may be the start of a header split across chunks.
          pending = pending.subarray(Math.max(0, pending.length - HEADER.length));
          break;
        }
        const headerEnd = pending.indexOf(HEADER_END, start);
        if (headerEnd < 0) {
          pending = pending.subarray(start);
          break;
        }
        const length = Number(/Content-Length:\s*(\d+)/.exec(pending.subarray(start, headerEnd).toString('ascii'))?.[1]);
        const end = headerEnd + HEADER_END.length + length;
        if (pending.length < end) {
          pending = pending.subarray(start);
          break;
        }
        this.push(pending.subarray(start, end));
        pending = pending.subarray(end);
      }
      done();
    },
  });
}
