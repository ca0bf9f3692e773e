/**
 * A temporary folder standing for the emulator's remote import sources (`--sources DIR`):
 * each path (`bucket/prefix/file.csv`, `host/dir/file.csv`) written with its text.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

export interface SourcesFolder {
  readonly dir: string;
  remove(): Promise<void>;
}

export async function writeSourcesFolder(files: Readonly<Record<string, string>>): Promise<SourcesFolder> {
  const dir = await mkdtemp(join(tmpdir(), 'iql-sources-'));
  for (const [path, text] of Object.entries(files)) {
    const target = join(dir, ...path.split('/'));
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, text);
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
