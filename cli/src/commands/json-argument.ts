/**
 * An option that takes JSON (`--config`, `--push-config`, `--body`): the JSON itself (text that
 * starts with `{` or `[`), `-` for standard input, or the path of a file that holds it.
 */
import { readFile } from 'node:fs/promises';
import { UsageError, type CliIo } from '../io';
import { describeFsError } from './find-iql-files';

/** The largest JSON argument read: 4 MB, well over any body the service accepts. */
const MAX_JSON_BYTES = 4 * 1024 * 1024;

/** Reads and parses the JSON an option names. Throws `UsageError` naming the option on any problem. */
export async function readJsonArgument(value: string, option: string, io: CliIo): Promise<unknown> {
  const text = await textOf(value, option, io);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const where = value === '-' ? 'standard input' : looksLikeJson(value) ? 'the text given' : value;
    throw new UsageError(`${option}: ${where} is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
}

/** Like readJsonArgument, for options that must hold a JSON object. */
export async function readJsonObjectArgument(value: string, option: string, io: CliIo): Promise<Record<string, unknown>> {
  const parsed = await readJsonArgument(value, option, io);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new UsageError(`${option} must be a JSON object, e.g. ${option} '{"path":"/incoming"}'`);
  return parsed as Record<string, unknown>;
}

function looksLikeJson(value: string): boolean {
  return /^\s*[{[]/.test(value);
}

async function textOf(value: string, option: string, io: CliIo): Promise<string> {
  if (looksLikeJson(value)) return value;
  if (value === '-') return readStream(io.stdin ?? process.stdin, option);
  try {
    const bytes = await readFile(value);
    if (bytes.length > MAX_JSON_BYTES) throw new UsageError(`${option}: ${value} is too large (the limit is 4 MB)`);
    return bytes.toString('utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`${option}: cannot read ${value}: ${describeFsError(error)} (give a file, '-' for standard input, or the JSON itself)`);
  }
}

async function readStream(stream: NodeJS.ReadableStream, option: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += bytes.length;
    if (size > MAX_JSON_BYTES) throw new UsageError(`${option}: standard input is too large (the limit is 4 MB)`);
    chunks.push(bytes);
  }
  return Buffer.concat(chunks).toString('utf8');
}
