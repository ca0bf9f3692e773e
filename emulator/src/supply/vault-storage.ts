/**
 * The files of cloud vaults, on disk: one folder per vault under the emulator's storage root
 * (a temporary folder made on first use and removed when the server closes, unless the
 * caller gave one). Files are streamed in and out, never held whole in memory, so a 1 GB
 * import costs disk, not RAM. Names are vault paths (`in/2026/a.csv`): relative, `/`
 * separated, never `..`, checked before they touch the disk.
 *
 * Recordsets live in the vault's `Recordsets/<recordset id>/` folder (seed 002 §4.4: "the
 * folder `Recordsets` cannot be imported into"), as `part-00000.csv` with a header row.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';

/** Where a file came from (the swagger's Files.Origin). */
export interface FileOrigin {
  readonly taskType: string;
  readonly taskId: string;
  readonly properties: Readonly<Record<string, string>>;
}

export interface VaultFileEntry {
  /** The vault path, `/` separated. */
  readonly name: string;
  readonly size: number;
  /** Milliseconds since the Unix epoch (emulator clock) when the file was written. */
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly origin?: FileOrigin;
}

/** The folder holding the recordsets of a vault, as a vault path. */
export const RECORDSETS_FOLDER = 'Recordsets';

/** The data file of a recordset, as a vault path. */
export function recordsetDataPath(recordsetId: string): string {
  return `${RECORDSETS_FOLDER}/${recordsetId}/part-00000.csv`;
}

export class VaultStorage {
  private root: string | undefined;
  private readonly ownsRoot: boolean;
  /** File metadata the file system does not keep (origin, emulator-clock times), by vault then path. */
  private readonly metadata = new Map<string, Map<string, { createdAt: number; updatedAt: number; origin?: FileOrigin }>>();

  constructor(root?: string) {
    this.root = root;
    this.ownsRoot = root === undefined;
  }

  /** A vault path checked: relative, no `..`, no empty segment. Undefined when unsafe. */
  static safePath(name: string): string | undefined {
    const trimmed = name.replace(/^\/+|\/+$/g, '');
    if (trimmed === '') return '';
    const parts = trimmed.split('/');
    if (parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\\') || part.includes('\0'))) return undefined;
    return parts.join('/');
  }

  /** The absolute path of a vault path on disk (the caller checked it with `safePath`). */
  absolutePath(vaultId: string, name: string): string {
    return join(this.vaultFolder(vaultId), ...name.split('/').filter((part) => part !== ''));
  }

  /** Makes the folders a file about to be written needs, and records its metadata. */
  async prepareWrite(vaultId: string, name: string, at: number, origin?: FileOrigin): Promise<string> {
    const path = this.absolutePath(vaultId, name);
    await mkdir(dirname(path), { recursive: true });
    const files = this.metadataOf(vaultId);
    const previous = files.get(name);
    files.set(name, { createdAt: previous?.createdAt ?? at, updatedAt: at, ...(origin === undefined ? {} : { origin }) });
    return path;
  }

  /** Every file of a vault under `prefix` (a folder or a file path; '' for all), sorted by name. */
  async list(vaultId: string, prefix = ''): Promise<VaultFileEntry[]> {
    const base = this.vaultFolder(vaultId);
    const found: VaultFileEntry[] = [];
    await this.walk(base, '', found, vaultId);
    const folder = prefix === '' ? '' : `${prefix}/`;
    return found.filter((entry) => prefix === '' || entry.name === prefix || entry.name.startsWith(folder)).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /** Deletes one file; false when it does not exist. */
  async deleteFile(vaultId: string, name: string): Promise<boolean> {
    const path = this.absolutePath(vaultId, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) return false;
    await rm(path, { force: true });
    this.metadataOf(vaultId).delete(name);
    return true;
  }

  /** Deletes a whole vault folder (Delete a Cloud Vault) or a folder inside it. */
  async deleteFolder(vaultId: string, name = ''): Promise<void> {
    await rm(this.absolutePath(vaultId, name), { recursive: true, force: true });
    const files = this.metadataOf(vaultId);
    for (const key of [...files.keys()]) if (name === '' || key.startsWith(`${name}/`)) files.delete(key);
  }

  /** Removes the storage root if this object made it (server close). */
  dispose(): void {
    if (this.ownsRoot && this.root !== undefined) rmSync(this.root, { recursive: true, force: true });
    if (this.ownsRoot) this.root = undefined;
  }

  private vaultFolder(vaultId: string): string {
    this.root ??= mkdtempSync(join(tmpdir(), 'iql-emulator-vaults-'));
    const folder = join(this.root, encodeURIComponent(vaultId));
    mkdirSync(folder, { recursive: true });
    return folder;
  }

  private metadataOf(vaultId: string): Map<string, { createdAt: number; updatedAt: number; origin?: FileOrigin }> {
    let files = this.metadata.get(vaultId);
    if (!files) this.metadata.set(vaultId, (files = new Map()));
    return files;
  }

  private async walk(folder: string, relative: string, found: VaultFileEntry[], vaultId: string): Promise<void> {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const name = relative === '' ? entry.name : `${relative}/${entry.name}`;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) {
        await this.walk(path, name, found, vaultId);
      } else if (entry.isFile()) {
        const info = await stat(path);
        const meta = this.metadataOf(vaultId).get(name);
        found.push({
          name: name.split(sep).join('/'),
          size: info.size,
          createdAt: meta?.createdAt ?? info.birthtimeMs,
          updatedAt: meta?.updatedAt ?? info.mtimeMs,
          ...(meta?.origin === undefined ? {} : { origin: meta.origin }),
        });
      }
    }
  }
}
