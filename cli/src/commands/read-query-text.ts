import { open } from 'node:fs/promises';
import { describeFsError } from './find-iql-files';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

const MB = 1024 * 1024;

/**
 * The largest query file the command line reads: 4 MB. Checking takes 60 to 70 times the
 * file's size in memory (parse tree, tokens, diagnostics): `iql check --offline` of 4 MB of
 * queries peaks at about 330 MB, while a 100 MB file exhausted V8's 4 GB heap. Queries are
 * small (the emulator refuses a request body over 1 MB; the service documents no limit), so
 * 4 MB is tens of thousands of them.
 */
export const MAX_QUERY_FILE_BYTES = 4 * MB;

/** A query file's text, and whether its bytes were valid UTF-8. */
export interface QueryText {
  readonly text: string;
  /** False when some bytes were not UTF-8: they were read as U+FFFD, and positions after them may be off. */
  readonly validUtf8: boolean;
}

/** Thrown for a file over the size limit; its message is the whole sentence for the user. */
export class FileTooLargeError extends Error {
  constructor(path: string, bytes: number, limit: number) {
    super(`${path}: file too large (${formatMegabytes(bytes, Math.ceil)} MB; the limit is ${formatMegabytes(limit, Math.floor)} MB)`);
  }
}

/**
 * Reads a query file as UTF-8 (the encoding the service and the editor use). Bytes that are
 * not UTF-8 do not stop the check: they become U+FFFD and the caller warns. Rejects when the
 * file cannot be read, and with `FileTooLargeError` when it is over `limit` bytes: the size
 * is taken from the open file before anything is read, so a huge file costs no memory.
 */
export async function readQueryText(path: string, limit = MAX_QUERY_FILE_BYTES): Promise<QueryText> {
  const file = await open(path, 'r');
  let bytes: Buffer;
  try {
    const { size } = await file.stat();
    if (size > limit) throw new FileTooLargeError(path, size, limit);
    bytes = await file.readFile();
  } finally {
    await file.close();
  }
  // A file that grew between the stat and the read is refused all the same.
  if (bytes.length > limit) throw new FileTooLargeError(path, bytes.length, limit);
  try {
    return { text: strictUtf8.decode(bytes), validUtf8: true };
  } catch {
    return { text: lenientUtf8.decode(bytes), validUtf8: false };
  }
}

/**
 * Megabytes (of 2^20 bytes) with at most one decimal: 100, 4, 4.1. The size is rounded up and
 * the limit down, so a file just over the limit never reads as equal to it.
 */
function formatMegabytes(bytes: number, round: (x: number) => number): string {
  return String(round((bytes / MB) * 10) / 10);
}

/** Why `path` was not read, as one line: the size limit's sentence, or the file-system problem. */
export function describeReadError(path: string, error: unknown): string {
  return error instanceof FileTooLargeError ? error.message : `cannot read ${path}: ${describeFsError(error)}`;
}
