/**
 * Reads a request's JSON body with a size limit. A body announced (Content-Length) or found
 * (while streaming) to be over the limit is refused with 413 without reading the rest; the
 * pipeline then closes the connection, so the unread bytes never reach a parser.
 */
import type { IncomingMessage } from 'node:http';
import { ReplyError, badRequest } from './reply-error';

/** 1 MiB: far more than any query or segment needs. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

/** The parsed body (undefined when empty) and its raw text. Rejects only with `ReplyError`. */
export async function readJsonBody(request: IncomingMessage, limit: number): Promise<{ value: unknown; text: string }> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return { value: undefined, text };
  try {
    return { value: JSON.parse(text) as unknown, text };
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    throw badRequest(`the request body is not valid JSON (${detail.slice(0, 200)}); send a JSON object`);
  }
}

function tooLarge(limit: number): ReplyError {
  return new ReplyError(413, `the request body is larger than the limit of ${limit} bytes`);
}
