/**
 * Remote file sources, played by a local folder (`iql emulator --sources DIR`,
 * emulator/README.md): an object-store connector reads `<sources>/<bucket>/<prefix>`, an SFTP
 * connector `<sources>/<host>/<root_directory>`. An import takes the files of that folder and
 * its subfolders whose path (relative to it, `/` separated) matches one of the connector's
 * `filenames` patterns and one of the importer's `data_filter.filter` patterns (no patterns:
 * every file). Patterns are globs (picomatch); one without a `/` matches the file's base name
 * at any depth, so `*.csv` takes every CSV file.
 */
import { readdir, stat } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import picomatch from 'picomatch';
import type { ConnectorBlock } from './connector-config';
import { ExecutionFailure } from './supply-execution';

export interface SourceFile {
  /** The path inside the source folder, `/` separated. */
  readonly path: string;
  readonly absolutePath: string;
  readonly size: number;
}

/** Where a connector's files are, as words for messages (`bucket 'b' prefix 'in'`) and on disk. */
export interface SourceFolder {
  readonly description: string;
  /** The folder under the sources folder (`b/in`), for messages. */
  readonly relativePath: string;
  readonly absolutePath: string;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The local folder standing for a connector's remote folder. */
export function sourceFolderOf(sourcesDir: string, block: ConnectorBlock): SourceFolder {
  const sftp = block.kind === 'sftp_connector';
  const top = sftp ? text(block.fields.host).toLowerCase() : text(block.fields.bucket);
  const inner = (sftp ? text(block.fields.root_directory) : text(block.fields.prefix)).replace(/^\/+|\/+$/g, '');
  const relativePath = inner === '' ? top : `${top}/${inner}`;
  const root = resolve(sourcesDir);
  const absolutePath = resolve(root, ...relativePath.split('/'));
  // The config checks forbid '..'; this guards the disk whatever the config says.
  if (relative(root, absolutePath).startsWith('..')) throw new ExecutionFailure(`the source folder ${relativePath} is outside the sources folder`);
  const description = sftp
    ? `SFTP host '${top}' directory '${inner === '' ? '/' : inner}'`
    : `bucket '${top}'${inner === '' ? '' : ` prefix '${inner}'`}`;
  return { description, relativePath, absolutePath };
}

/** A matcher of relative paths: true when any pattern matches (or there are none). */
export function pathMatcher(patterns: readonly string[]): (path: string) => boolean {
  const used = patterns.map((pattern) => pattern.trim()).filter((pattern) => pattern !== '');
  if (used.length === 0) return () => true;
  const matchers = used.map((pattern) => picomatch(pattern, { basename: !pattern.includes('/'), dot: true }));
  return (path) => matchers.some((matches) => matches(path));
}

/**
 * The files of the source folder that both pattern lists match, sorted by path. A folder
 * that does not exist is an ExecutionFailure naming it.
 */
export async function findSourceFiles(folder: SourceFolder, sourcesDir: string, accepts: (path: string) => boolean): Promise<SourceFile[]> {
  const found: SourceFile[] = [];
  try {
    const entries = await readdir(folder.absolutePath, { withFileTypes: true, recursive: true });
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const absolutePath = join(entry.parentPath, entry.name);
      const path = relative(folder.absolutePath, absolutePath).split(sep).join('/');
      if (accepts(path)) found.push({ path, absolutePath, size: (await stat(absolutePath)).size });
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new ExecutionFailure(`the ${folder.description} does not exist: the emulator reads it from the folder ${folder.relativePath} under its sources folder ${sourcesDir}; create it or correct the connector config`);
    }
    throw error;
  }
  return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
