import { readFile } from 'node:fs/promises';

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenientUtf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** A query file's text, and whether its bytes were valid UTF-8. */
export interface QueryText {
  readonly text: string;
  /** False when some bytes were not UTF-8: they were read as U+FFFD, and positions after them may be off. */
  readonly validUtf8: boolean;
}

/**
 * Reads a query file as UTF-8 (the encoding the service and the editor use). Bytes that are
 * not UTF-8 do not stop the check: they become U+FFFD and the caller warns. Rejects only when
 * the file cannot be read.
 */
export async function readQueryText(path: string): Promise<QueryText> {
  const bytes = await readFile(path);
  try {
    return { text: strictUtf8.decode(bytes), validUtf8: true };
  } catch {
    return { text: lenientUtf8.decode(bytes), validUtf8: false };
  }
}
