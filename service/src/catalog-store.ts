/**
 * Catalogs kept on disk between runs, one file per (base URL, API key, collaboration), so that
 * a new server has a target's catalog at once and asks the service only to revalidate it.
 *
 * Naming: a file is named by HMAC-SHA256 of the target under a random 32-byte salt kept in the
 * same folder (made once per folder). A plain SHA-256 of the key would be safe only for
 * high-entropy keys; the emulator's keys and hand-picked ones are guessable, and their plain
 * hash could be matched against a dictionary computed once for every machine. Under the
 * folder's own salt a name reveals nothing without the salt, links nothing across machines,
 * and guessing must start over per folder. No key material is written: not the key, nor a
 * hash of it alone.
 *
 * A file is a header line (format, the same HMAC as the name, when it was saved, the SHA-256
 * of the body) and the body (the caller's encoding of the catalog). A file that is cut short,
 * whose body does not match its digest, that names another target or that the codec does not
 * read is ignored with a log line. Files are written to a temporary name and renamed, so a
 * reader sees a whole file or none.
 */
import { link as linkCallback, mkdir as mkdirCallback, readFile as readFileCallback, rename as renameCallback, rm as rmCallback, unlink as unlinkCallback, writeFile as writeFileCallback } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { nodeCrypto } from './lazy-node';

// node:fs's callbacks, promisified: node:fs is loaded with Node itself, where node:fs/promises
// would be one more module to load on a warm start's catalog read, before its first completion.
const readFile = promisify(readFileCallback);
const writeFile = promisify(writeFileCallback);
const rename = promisify(renameCallback);
const unlink = promisify(unlinkCallback);
const mkdir = promisify(mkdirCallback);
const link = promisify(linkCallback);
const rm = promisify(rmCallback);

const FILE_FORMAT = 1;
const SALT_FILE = 'salt';

/** How the caller's catalog becomes JSON and back; `decode` answers undefined for anything it does not read. */
export interface CatalogCodec<Catalog> {
  encode(catalog: Catalog): unknown;
  decode(value: unknown): Catalog | undefined;
}

/** What identifies a stored catalog: where the calls go and with which key. */
export interface StoredCatalogIdentity {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly collaborationId?: string;
}

export interface StoredCatalog<Catalog> {
  readonly catalog: Catalog;
  readonly savedAt: number;
  /** SHA-256 of the encoded catalog: equal digests, equal catalogs. */
  readonly digest: string;
}

/** A catalog encoded for the store, ready to be written; its digest tells whether it changed. */
export interface EncodedCatalog {
  readonly body: string;
  readonly digest: string;
}

interface FileHeader {
  readonly format: number;
  readonly id: string;
  readonly savedAt: number;
  readonly sha256: string;
}

export class CatalogStore<Catalog> {
  private salt: Promise<Buffer> | undefined;
  private temporaryCount = 0;
  /** The last write or delete of each file: the next one starts after it, so a delete is never undone by an earlier write. */
  private readonly lastChange = new Map<string, Promise<void>>();

  /** `dir`: a folder of the server's own (created when missing); `log`: one line per file ignored or not written. */
  constructor(
    private readonly dir: string,
    private readonly codec: CatalogCodec<Catalog>,
    private readonly log: (message: string) => void,
  ) {}

  encode(catalog: Catalog): EncodedCatalog {
    const body = JSON.stringify(this.codec.encode(catalog));
    return { body, digest: sha256(body) };
  }

  /** The catalog stored for `identity`, or undefined (none, or one that cannot be used: logged). */
  async read(identity: StoredCatalogIdentity): Promise<StoredCatalog<Catalog> | undefined> {
    let id: string;
    let file: Buffer;
    try {
      id = await this.idOf(identity);
      file = await readFile(this.pathOf(id));
    } catch (error) {
      if (!isMissing(error)) this.log(`The stored catalog could not be read (${describe(error)}); it is loaded from the service.`);
      return undefined;
    }
    const ignored = (why: string): undefined => {
      this.log(`The stored catalog ${id.slice(0, 12)}… is ignored: ${why}; it is loaded from the service.`);
      return undefined;
    };
    const newline = file.indexOf(0x0a);
    if (newline < 0) return ignored('the file is incomplete');
    const header = parseJson(file.toString('utf8', 0, newline)) as Partial<FileHeader> | undefined;
    if (header?.format !== FILE_FORMAT) return ignored('it is not in this version\'s format');
    if (header.id !== id) return ignored('it belongs to another target');
    // The digest of the body's bytes as read (the same as of its text written as UTF-8), so the
    // two megabytes of a large catalog are not encoded again just to be hashed.
    const body = file.subarray(newline + 1);
    if (typeof header.sha256 !== 'string' || sha256(body) !== header.sha256) return ignored('the file is incomplete or damaged');
    const catalog = this.codec.decode(parseJson(body.toString('utf8')));
    if (catalog === undefined) return ignored('its content is not a catalog this version reads');
    return { catalog, savedAt: typeof header.savedAt === 'number' ? header.savedAt : 0, digest: header.sha256 };
  }

  /** Writes `encoded` for `identity` atomically (temporary file, then rename). Failures are logged, never thrown. */
  write(identity: StoredCatalogIdentity, encoded: EncodedCatalog, savedAt: number): Promise<void> {
    return this.change(identity, (id) => this.writeNow(id, encoded, savedAt));
  }

  /** Deletes the catalog stored for `identity`, if any (a key the service refused). */
  remove(identity: StoredCatalogIdentity): Promise<void> {
    return this.change(identity, async (id) => {
      try {
        await unlink(this.pathOf(id));
      } catch (error) {
        if (!isMissing(error)) this.log(`The stored catalog could not be deleted (${describe(error)}).`);
      }
    });
  }

  private async change(identity: StoredCatalogIdentity, apply: (id: string) => Promise<void>): Promise<void> {
    let id: string;
    try {
      id = await this.idOf(identity);
    } catch (error) {
      this.log(`The catalog store's folder cannot be used (${describe(error)}).`);
      return;
    }
    const done = (this.lastChange.get(id) ?? Promise.resolve()).then(() => apply(id));
    this.lastChange.set(id, done);
    await done;
    if (this.lastChange.get(id) === done) this.lastChange.delete(id);
  }

  private async writeNow(id: string, encoded: EncodedCatalog, savedAt: number): Promise<void> {
    let temporary: string | undefined;
    try {
      const header: FileHeader = { format: FILE_FORMAT, id, savedAt, sha256: encoded.digest };
      temporary = join(this.dir, `${id}.${process.pid}.${this.temporaryCount++}.tmp`);
      await writeFile(temporary, `${JSON.stringify(header)}\n${encoded.body}`, { mode: 0o600 });
      await rename(temporary, this.pathOf(id));
    } catch (error) {
      this.log(`The catalog could not be stored (${describe(error)}); the next start loads it from the service.`);
      if (temporary !== undefined) await rm(temporary, { force: true }).catch(() => undefined);
    }
  }

  private pathOf(id: string): string {
    return join(this.dir, `${id}.json`);
  }

  private async idOf(identity: StoredCatalogIdentity): Promise<string> {
    const salt = await this.saltOnce();
    return nodeCrypto().createHmac('sha256', salt)
      .update(JSON.stringify([identity.baseUrl, identity.apiKey, identity.collaborationId ?? null]))
      .digest('hex');
  }

  private saltOnce(): Promise<Buffer> {
    this.salt ??= this.readOrCreateSalt();
    // A failure (a folder that cannot be written) is retried on the next use, not remembered.
    this.salt.catch(() => (this.salt = undefined));
    return this.salt;
  }

  /** The folder's salt; two servers starting at once agree on one (link fails when it exists). */
  private async readOrCreateSalt(): Promise<Buffer> {
    const path = join(this.dir, SALT_FILE);
    const existing = await readFile(path).catch(() => undefined);
    if (existing?.length === 32) return existing;
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const temporary = join(this.dir, `${SALT_FILE}.${process.pid}.tmp`);
    await writeFile(temporary, nodeCrypto().randomBytes(32), { mode: 0o600 });
    try {
      if (existing !== undefined) await rename(temporary, path);
      else await link(temporary, path).catch((error: unknown) => (isExisting(error) ? undefined : Promise.reject(error)));
    } finally {
      await rm(temporary, { force: true });
    }
    const salt = await readFile(path);
    if (salt.length !== 32) throw new Error('the salt file is damaged');
    return salt;
  }
}

function sha256(content: string | Uint8Array): string {
  return nodeCrypto().createHash('sha256').update(content).digest('hex');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

function isExisting(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'EEXIST';
}

function describe(error: unknown): string {
  return (error as NodeJS.ErrnoException | undefined)?.code ?? (error instanceof Error ? error.message : String(error));
}
