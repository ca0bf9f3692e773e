import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

export interface FoundFiles {
  readonly files: string[];
  /** One readable line per path that could not be read, e.g. "missing.iql: no such file or directory". */
  readonly problems: string[];
}

/** Folders that never hold the author's queries and can be huge. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', 'out']);

/**
 * Expands the paths given on the command line: a file is taken as it is, whatever its
 * extension; a folder is searched recursively for `*.iql`. Files are returned sorted and
 * without duplicates so output is stable.
 */
export async function findIqlFiles(paths: readonly string[]): Promise<FoundFiles> {
  const files = new Set<string>();
  const problems: string[] = [];
  for (const path of paths) {
    try {
      const info = await stat(path);
      if (info.isDirectory()) {
        for (const file of await walk(path)) files.add(file);
      } else {
        files.add(path);
      }
    } catch (error) {
      problems.push(`${path}: ${describeFsError(error)}`);
    }
  }
  return { files: [...files].sort(), problems };
}

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) found.push(...(await walk(path)));
    } else if (entry.isFile() && entry.name.toLowerCase().endsWith('.iql')) {
      found.push(path);
    }
  }
  return found;
}

/** Names the file-system problem in words, without a stack trace. */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    default:
      return error instanceof Error ? error.message : String(error);
  }
}
