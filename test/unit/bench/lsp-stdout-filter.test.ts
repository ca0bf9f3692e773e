import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lspMessagesOnly } from '../../../bench/lsp-stdout-filter';

function frame(body: string): string {
  return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

async function filtered(chunks: readonly string[]): Promise<string> {
  const filter = lspMessagesOnly();
  const out: Buffer[] = [];
  filter.on('data', (chunk: Buffer) => out.push(chunk));
  for (const chunk of chunks) filter.write(Buffer.from(chunk));
  filter.end();
  await new Promise((resolve) => filter.on('end', resolve));
  return Buffer.concat(out).toString();
}

describe('lspMessagesOnly', () => {
  it('drops lines a server prints between messages and passes the messages whole', async () => {
    const first = frame('{"id":1,"result":"é"}');
    const second = frame('{"id":2,"result":[]}');
    assert.equal(await filtered([first, 'complete: 18.156ms\n', second]), first + second);
  });

  it('reassembles a header and a body split across chunks', async () => {
    const message = frame('{"jsonrpc":"2.0","id":3,"result":null}');
    assert.equal(await filtered(['noise', message.slice(0, 9), message.slice(9, 30), message.slice(30)]), message);
  });
});
