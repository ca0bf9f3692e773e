/**
 * Where a data folder's files come from: a directory on disk, or files held in memory (the
 * demo folder is generated at startup and never written anywhere).
 */
import { createReadStream } from 'node:fs';
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

/** Files of the directory `dir`. */
export function createDirectorySource(dir: string): FolderSource {
  return {
    describe: (name) => join(dir, name),
    readText: (name) => readFile(join(dir, name), 'utf8'),
    openStream: (name) => createReadStream(join(dir, name), { highWaterMark: 1 << 20 }),
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
