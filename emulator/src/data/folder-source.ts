/**
 * Where a data folder's files come from: a directory on disk, or files held in memory (the
 * demo folder is generated at startup and never written anywhere).
 */
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';

export interface FolderSource {
  /** How problems name a file of this folder (a path on disk, or `demo:<name>`). */
  describe(name: string): string;
  /** The whole text of a small file (catalog.json); rejects with an ENOENT-coded error when absent. */
  readText(name: string): Promise<string>;
  /** A byte stream of a possibly large file (a dataset CSV); emits 'error' when absent. */
  openStream(name: string): Readable;
}

/** Largest read of a file stream, in bytes; a file no larger is read in one go. */
const MAX_CHUNK = 1 << 20;
/** Files up to this size are read whole at once (one open, read and close on this thread). */
const SMALL_FILE = 64 << 10;

/** Files of the directory `dir`. */
export function createDirectorySource(dir: string): FolderSource {
  return {
    describe: (name) => join(dir, name),
    readText: (name) => readFile(join(dir, name), 'utf8'),
    openStream: (name) => {
      const path = join(dir, name);
      const size = statSync(path, { throwIfNoEntry: false })?.size;
      // A folder of 10,000 datasets whose files hold a header only spent most of its loading
      // time handing each file's open, read and close to the thread pool, and allocating a
      // read buffer of the chunk size for each: a small file is read at once instead.
      if (size !== undefined && size <= SMALL_FILE) return smallFileStream(path);
      return createReadStream(path, { highWaterMark: MAX_CHUNK });
    },
  };
}

/** The whole file as a one-chunk stream; a read error is the stream's error, as for a file stream. */
function smallFileStream(path: string): Readable {
  try {
    return Readable.from([readFileSync(path)]);
  } catch (error) {
    return failedStream(error as Error);
  }
}

function failedStream(error: Error): Readable {
  const stream = new Readable({ read() {} });
  process.nextTick(() => stream.destroy(error));
  return stream;
}

/** Files held in memory, by name. */
export function createMemorySource(files: ReadonlyMap<string, string>, label = 'memory'): FolderSource {
  const missing = (name: string): NodeJS.ErrnoException =>
    Object.assign(new Error(`no file '${name}' in the ${label} folder`), { code: 'ENOENT' });
  return {
    describe: (name) => `${label}:${name}`,
    readText: async (name) => {
      const text = files.get(name);
      if (text === undefined) throw missing(name);
      return text;
    },
    openStream: (name) => {
      const text = files.get(name);
      if (text === undefined) return failedStream(missing(name));
      return Readable.from([text]);
    },
  };
}
