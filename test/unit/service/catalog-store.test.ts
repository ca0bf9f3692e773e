import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CatalogStore, type CatalogCodec } from '../../../service/src/catalog-store';

interface Names {
  readonly names: string[];
}
const codec: CatalogCodec<Names> = {
  encode: (catalog) => ({ names: catalog.names }),
  decode: (value) => {
    const names = (value as { names?: unknown } | null)?.names;
    return Array.isArray(names) && names.every((n) => typeof n === 'string') ? { names } : undefined;
  },
};
const KEY = 'demo-key-1';
const alice = { baseUrl: 'http://127.0.0.1:4000', apiKey: KEY };

async function withStore(run: (store: CatalogStore<Names>, dir: string, logs: string[]) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'iql-catalog-store-'));
  const logs: string[] = [];
  try {
    await run(new CatalogStore(join(dir, 'catalogs'), codec, (line) => logs.push(line)), join(dir, 'catalogs'), logs);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function catalogFiles(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => name.endsWith('.json'));
}

test('a stored catalog reads back with when it was saved and its digest; nothing is stored before a write', () =>
  withStore(async (store) => {
    assert.equal(await store.read(alice), undefined);
    const encoded = store.encode({ names: ['DS.1', 'DS.2'] });
    await store.write(alice, encoded, 1234);
    const read = await store.read(alice);
    assert.deepEqual(read, { catalog: { names: ['DS.1', 'DS.2'] }, savedAt: 1234, digest: encoded.digest });
    assert.equal(store.encode({ names: ['DS.1', 'DS.2'] }).digest, encoded.digest, 'equal catalogs, equal digests');
    assert.notEqual(store.encode({ names: ['DS.1'] }).digest, encoded.digest);
  }));

test('names beyond ASCII read back: the digest checked on the bytes read is the one written for the text', () =>
  withStore(async (store) => {
    const names = ['Données clients', 'Käufer — 2024', '顧客', 'emoji 🛒'];
    const encoded = store.encode({ names });
    await store.write(alice, encoded, 5);
    assert.deepEqual(await store.read(alice), { catalog: { names }, savedAt: 5, digest: encoded.digest });
  }));

test("another key, another URL or another collaboration never reads a target's catalog", () =>
  withStore(async (store) => {
    await store.write(alice, store.encode({ names: ['alice-only'] }), 1);
    assert.equal(await store.read({ ...alice, apiKey: 'demo-key-2' }), undefined);
    assert.equal(await store.read({ ...alice, baseUrl: 'http://127.0.0.1:4001' }), undefined);
    assert.equal(await store.read({ ...alice, collaborationId: 'COL.1' }), undefined);
    assert.deepEqual((await store.read(alice))?.catalog, { names: ['alice-only'] });
  }));

test('no key material in file names or contents: not the key, not its plain SHA-256; files and salt are private', () =>
  withStore(async (store, dir) => {
    await store.write(alice, store.encode({ names: ['DS.1'] }), 1);
    const plainHash = createHash('sha256').update(KEY).digest('hex');
    for (const name of await readdir(dir)) {
      assert.ok(!name.includes(KEY) && !name.includes(plainHash.slice(0, 16)), name);
      const content = await readFile(join(dir, name));
      assert.ok(!content.includes(KEY) && !content.includes(plainHash), `${name} holds key material`);
      assert.equal((await stat(join(dir, name))).mode & 0o077, 0, `${name} is readable by others`);
    }
    assert.equal((await readFile(join(dir, 'salt'))).length, 32);
  }));

test('the salt is kept: a second store on the folder reads what the first wrote; another folder names it differently', () =>
  withStore(async (store, dir) => {
    await store.write(alice, store.encode({ names: ['DS.1'] }), 1);
    const again = new CatalogStore(dir, codec, () => undefined);
    assert.deepEqual((await again.read(alice))?.catalog, { names: ['DS.1'] });
    await withStore(async (other, otherDir) => {
      await other.write(alice, other.encode({ names: ['DS.1'] }), 1);
      assert.notDeepEqual(await catalogFiles(otherDir), await catalogFiles(dir));
    });
  }));

test('a file cut short, damaged, of another target, or not a catalog is ignored with a log line, never thrown', () =>
  withStore(async (store, dir, logs) => {
    await store.write(alice, store.encode({ names: ['DS.1', 'DS.2'] }), 1);
    const [file] = await catalogFiles(dir);
    const path = join(dir, file!);
    const whole = await readFile(path, 'utf8');
    const header = JSON.parse(whole.slice(0, whole.indexOf('\n'))) as Record<string, unknown>;
    const body = whole.slice(whole.indexOf('\n') + 1);
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    const bad = [
      whole.slice(0, 20),
      whole.slice(0, whole.length - 5),
      whole.replace('DS.2', 'DS.3'),
      `${JSON.stringify({ ...header, id: 'f'.repeat(64) })}\n${body}`,
      `${JSON.stringify({ ...header, format: 0 })}\n${body}`,
      `${JSON.stringify({ ...header, sha256: sha('{"names":[1]}') })}\n{"names":[1]}`,
      `${JSON.stringify({ ...header, sha256: sha('not json') })}\nnot json`,
      '\u0000\u0001garbage',
    ];
    for (const text of bad) {
      await writeFile(path, text);
      logs.length = 0;
      assert.equal(await store.read(alice), undefined, text.slice(0, 60));
      assert.equal(logs.length, 1, `one log line for ${text.slice(0, 60)}`);
      assert.ok(!logs[0]!.includes(KEY));
    }
  }));

test('remove deletes the file; a write then a remove leaves nothing, in that order; no temporary file is left', () =>
  withStore(async (store, dir) => {
    await store.write(alice, store.encode({ names: ['DS.1'] }), 1);
    await store.remove(alice);
    assert.equal(await store.read(alice), undefined);
    const write = store.write(alice, store.encode({ names: ['DS.1'] }), 2);
    const removal = store.remove(alice);
    await Promise.all([write, removal]);
    assert.deepEqual(await readdir(dir), ['salt']);
    await store.remove(alice);
  }));

test('a folder that cannot be made is logged, never thrown', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'iql-catalog-store-'));
  try {
    await writeFile(join(dir, 'file'), 'x');
    const logs: string[] = [];
    const store = new CatalogStore(join(dir, 'file', 'catalogs'), codec, (line) => logs.push(line));
    await store.write(alice, store.encode({ names: [] }), 1);
    assert.equal(await store.read(alice), undefined);
    assert.ok(logs.length >= 1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
