/**
 * Starts csv-parse on a stream with the record delimiter already known. Left to discover it,
 * csv-parse looks for `\r\n`, `\n` or `\r` at every character of the first line and makes
 * buffers to compare with each time: about four allocations per header character, which for
 * 10,000 dataset files of a 700-character header was most of the time spent reading them. The
 * first chunk shows the delimiter csv-parse would find, so the parser is made with it; when the
 * first chunk does not show it, csv-parse discovers it as usual.
 */
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import type { Options, Parser } from 'csv-parse';

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/**
 * The delimiter csv-parse (default quote and escape `"`) discovers in a file starting with
 * `head`: the first line break outside quotes, `\r\n` before `\r`. Undefined when `head` does
 * not hold it, or ends on a `\r` whose next byte is unknown. A quote that csv-parse would refuse
 * (inside an unquoted cell) comes before that line break, so its error is the same either way.
 */
export function discoveredRecordDelimiter(head: Uint8Array): '\r\n' | '\n' | '\r' | undefined {
  let quoted = false;
  for (let i = 0; i < head.length; i++) {
    const byte = head[i];
    if (byte === QUOTE) quoted = !quoted;
    else if (quoted) continue;
    else if (byte === LF) return '\n';
    else if (byte === CR) return i + 1 >= head.length ? undefined : head[i + 1] === LF ? '\r\n' : '\r';
  }
  return undefined;
}

/** Pipes `input` into a csv-parse parser of `options` (handed to `attach` before any data reaches it). */
export function pipeIntoCsvParser(input: Readable, options: Options, attach: (parser: Parser) => void): void {
  let started = false;
  const start = (head: Buffer | string | undefined): Parser => {
    started = true;
    const bytes = typeof head === 'string' ? Buffer.from(head) : head;
    const delimiter = bytes === undefined ? undefined : discoveredRecordDelimiter(bytes);
    const parser = parse(delimiter === undefined ? options : { ...options, record_delimiter: delimiter });
    attach(parser);
    return parser;
  };
  input.once('data', (head: Buffer | string) => {
    input.pause();
    const parser = start(head);
    parser.write(head);
    input.pipe(parser);
  });
  input.once('end', () => {
    if (!started) start(undefined).end();
  });
}
