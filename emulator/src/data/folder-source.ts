/**
 * Where a data folder's files come from: a directory on disk, or files held in memory (the
 * demo folder is generated at startup and never written anywhere).
 */
import { createReadStream, statSync } from 'node:fs';
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

/** Largest and smallest read of a file stream, in bytes. */
const MAX_CHUNK = 1 << 20;
const MIN_CHUNK = 16 << 10;

/** Files of the directory `dir`. */
export function createDirectorySource(dir: string): FolderSource {
  return {
    describe: (name) => join(dir, name),
    readText: (name) => readFile(join(dir, name), 'utf8'),
    openStream: (name) => {
      const path = join(dir, name);
      // Each read allocates a buffer of the stream's chunk size: 1 MiB chunks make large CSVs
      // quick, but for each of 10,000 files of a header only they were 10 GB of garbage.
      const size = statSync(path, { throwIfNoEntry: false })?.size ?? 0;
      return createReadStream(path, { highWaterMark: Math.min(MAX_CHUNK, Math.max(MIN_CHUNK, size + 1)) });
    },
  };
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
      if (text === undefined) {
        const stream = new Readable({ read() {} });
        process.nextTick(() => stream.destroy(missing(name)));
        return stream;
      }
      return Readable.from([text]);
    },
  };
}
