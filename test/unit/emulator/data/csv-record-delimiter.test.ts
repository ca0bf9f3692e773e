import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { Parser } from 'csv-parse';
import { discoveredRecordDelimiter, pipeIntoCsvParser } from '../../../../emulator/src/data/csv-record-delimiter';

const OPTIONS = { bom: true, skip_empty_lines: true } as const;

/** Texts whose line breaks csv-parse must read the same whether it discovers the delimiter or is told it. */
const SAMPLES = [
  'email,Age\na@x,3\n',
  'email,Age\r\na@x,3\r\nb@x,4',
  'email,Age\ra@x,3\rb@x,4\r',
  '"e\nmail","A""g\r\ne"\r\na@x,"3\n4"\r\n',
  '\uFEFF"email",Age\n\na@x,\n',
  'email,Age\na@x,3\rstill the same line\n',
  'email,Age\r\na@x,3\nb@x,4\r\n',
  'em"ail,Age\na@x,3\n',
  '"email"x,Age\n',
];

/** The records csv-parse reads when it discovers the delimiter itself, or its error's message. */
function discoveredOutcome(text: string): unknown {
  try {
    return parse(text, OPTIONS);
  } catch (error) {
    return (error as Error).message;
  }
}

/** The same through `pipeIntoCsvParser`, the stream cut into chunks of `chunkSize` bytes. */
async function recordsThroughPipe(text: string, chunkSize: number): Promise<unknown> {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunkSize) chunks.push(bytes.subarray(i, i + chunkSize));
  return new Promise((resolve) => {
    pipeIntoCsvParser(Readable.from(chunks), OPTIONS, (parser: Parser) => {
      const records: unknown[] = [];
      parser.on('readable', () => {
        let record: unknown;
        while ((record = parser.read()) !== null) records.push(record);
      });
      parser.on('error', (error: Error) => resolve(error.message));
      parser.on('end', () => resolve(records));
    });
  });
}

describe('discoveredRecordDelimiter', () => {
  it('finds the first line break outside quotes, as csv-parse does', () => {
    assert.equal(discoveredRecordDelimiter(Buffer.from('a,b\nc')), '\n');
    assert.equal(discoveredRecordDelimiter(Buffer.from('a,b\r\nc')), '\r\n');
    assert.equal(discoveredRecordDelimiter(Buffer.from('a,b\rc')), '\r');
    assert.equal(discoveredRecordDelimiter(Buffer.from('"a\nb",c\r\n')), '\r\n');
    assert.equal(discoveredRecordDelimiter(Buffer.from('"a""\n",c\r')), undefined, 'a final \\r may still be \\r\\n');
    assert.equal(discoveredRecordDelimiter(Buffer.from('a,b')), undefined);
  });

  it('leaves csv-parse reading every sample (or refusing it) as when it discovers the delimiter itself, whatever the chunks', async () => {
    for (const text of SAMPLES) {
      const expected = discoveredOutcome(text);
      for (const chunkSize of [1, 3, 1 << 16]) {
        assert.deepEqual(await recordsThroughPipe(text, chunkSize), expected, `${JSON.stringify(text)} in chunks of ${chunkSize}`);
      }
    }
  });

  it('ends the parser of an empty stream', async () => {
    assert.deepEqual(await recordsThroughPipe('', 1), []);
  });
});
