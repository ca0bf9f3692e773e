/**
 * ServiceHub's catalogs kept on disk (catalog-store.ts), against a scriptable service over real
 * HTTP and a temporary storage folder: a warm start serves the stored catalog and revalidates
 * it 200 ms later (cancelled by an abort or refresh meanwhile); a changed catalog is announced,
 * an unchanged one is not; a cold load is answered before it is encoded and written, and not
 * written when the key is refused meanwhile; a refused key's stored catalog is deleted.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Dataset } from '../../../common/api';
import { CatalogStore, type EncodedCatalog, type StoredCatalogIdentity } from '../../../service/src/catalog-store';
import { ServiceHub } from '../../../service/src/service-hub';
import type { ServiceTarget } from '../../../service/src/service-target';
import type { Catalog } from '../../../language/src/catalog/catalog';
import { catalogAssembly } from '../../../language/src/catalog/catalog-from-wire';
import { fromCatalogSnapshot, toCatalogSnapshot } from '../../../language/src/catalog/catalog-snapshot';
import { FakeService, ok, v1Error } from './fake-service';
import { expectError, expectOk } from './demo-emulator';

const KEY = 'hub-key-1';
const OTHER_KEY = 'hub-key-2';

/** A store that records what the hub asks of it: how many encodings, which writes. */
class RecordingStore extends CatalogStore<Catalog> {
  encodings = 0;
  readonly writes: Promise<void>[] = [];

  constructor(dir: string) {
    super(dir, { encode: toCatalogSnapshot, decode: fromCatalogSnapshot }, () => undefined);
  }

  override encode(catalog: Catalog): EncodedCatalog {
    this.encodings += 1;
    return super.encode(catalog);
  }

  override write(identity: StoredCatalogIdentity, encoded: EncodedCatalog, savedAt: number): Promise<void> {
    const written = super.write(identity, encoded, savedAt);
    this.writes.push(written);
    return written;
  }
}

function listed(name: string): Dataset {
  return {
    private_id: name,
    public_name: `Public ${name}`,
    owner: { id: 'CMP.1', display_name: 'Owner Ltd' },
    product: 'INSIGHT',
    stats: { row_count: '10', keys: [{ label: 'email' }], identities: [], categories: [{ label: 'Age', representations: [{ label: 'Age', data_type: 'INTEGERS' }] }] },
  };
}

/** The service: each key's datasets, or 'refused' (401 on every call); List Datasets calls are timed. */
interface Service {
  readonly fake: FakeService;
  readonly listings: Map<string, readonly string[] | 'refused'>;
  /** performance.now() of each List Datasets call, per key. */
  readonly listCalls: Map<string, number[]>;
}

async function startService(): Promise<Service> {
  const listings = new Map<string, readonly string[] | 'refused'>([[KEY, ['a', 'b']]]);
  const listCalls = new Map<string, number[]>();
  const fake = await FakeService.start((request) => {
    const key = String(request.headers.authorization);
    const listing = listings.get(key);
    if (request.url.startsWith('/api/v1/datasets')) listCalls.set(key, [...(listCalls.get(key) ?? []), performance.now()]);
    if (listing === undefined || listing === 'refused') return v1Error(401, 'The API key is not valid.');
    if (request.url.startsWith('/api/v1/datasets')) return ok({ datasets: listing.map(listed) });
    return v1Error(404, 'not here');
  });
  return { fake, listings, listCalls };
}

function targetOf(service: Service, apiKey: string): ServiceTarget {
  const profile = { name: 'hub-test', baseUrl: service.fake.baseUrl, apiKey };
  return { key: `target:${apiKey}`, profileKey: `profile:${apiKey}`, profile, described: { profile: profile.name } };
}

function identityOf(target: ServiceTarget): StoredCatalogIdentity {
  return { baseUrl: target.profile.baseUrl, apiKey: target.profile.apiKey };
}

interface Started {
  readonly hub: ServiceHub<Catalog>;
  readonly store: RecordingStore;
  /** Target keys announced by onCatalogChanged, in order. */
  readonly announced: string[];
}

function startHub(dir: string): Started {
  const hub = new ServiceHub<Catalog>({ version: 'test', catalogAssembly, listedMetadata: 'none' });
  const store = new RecordingStore(dir);
  hub.persistCatalogs(store);
  const announced: string[] = [];
  hub.onCatalogChanged((key) => announced.push(key));
  return { hub, store, announced };
}

function names(catalog: Catalog): string[] {
  return catalog.datasets.map((dataset) => dataset.name);
}

function listCount(service: Service, apiKey = KEY): number {
  return service.listCalls.get(apiKey)?.length ?? 0;
}

/** Waits (bounded) until `isDone`, checking every 10 ms. */
async function waitUntil(isDone: () => boolean, what: string, limitMs = 5000): Promise<void> {
  const started = performance.now();
  while (!isDone()) {
    if (performance.now() - started > limitMs) assert.fail(`${what} did not happen within ${limitMs} ms`);
    await sleep(10);
  }
}

/** A service, a storage folder, and the hubs made on it, all closed after `run`. */
async function withService(run: (service: Service, dir: string, hubs: Started[]) => Promise<void>): Promise<void> {
  const service = await startService();
  const dir = await mkdtemp(join(tmpdir(), 'iql-service-hub-'));
  const hubs: Started[] = [];
  try {
    await run(service, join(dir, 'catalogs'), hubs);
  } finally {
    await Promise.all(hubs.map(({ hub }) => hub.dispose()));
    await service.fake.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** Records the timers the hub starts, and which of them are cleared, until `restore`. */
function hubTimers(): { started: unknown[]; cleared: unknown[]; restore(): void } {
  const started: unknown[] = [];
  const cleared: unknown[] = [];
  const { setTimeout: originalSet, clearTimeout: originalClear } = globalThis;
  globalThis.setTimeout = ((callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const timer = originalSet(callback, ms, ...args);
    if ((new Error().stack?.split('\n')[2] ?? '').includes('service-hub.ts')) started.push(timer);
    return timer;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((timer?: NodeJS.Timeout | string | number) => {
    if (started.includes(timer)) cleared.push(timer);
    originalClear(timer);
  }) as typeof clearTimeout;
  return {
    started,
    cleared,
    restore() {
      globalThis.setTimeout = originalSet;
      globalThis.clearTimeout = originalClear;
    },
  };
}

/** A first run that loads `target`'s catalog from the service and waits until it is stored. */
async function storeByColdLoad(dir: string, hubs: Started[], target: ServiceTarget): Promise<void> {
  const first = startHub(dir);
  hubs.push(first);
  expectOk(await first.hub.catalog(target));
  await waitUntil(() => first.store.writes.length === 1, 'the cold load being written');
  await first.store.writes[0];
}

test('a warm start serves the stored catalog without a List Datasets call; the revalidation calls only after 200 ms', () =>
  withService(async (service, dir, hubs) => {
    const target = targetOf(service, KEY);
    await storeByColdLoad(dir, hubs, target);
    assert.equal(listCount(service), 1);

    const warm = startHub(dir);
    hubs.push(warm);
    const loaded = expectOk(await warm.hub.catalog(target));
    const servedAt = performance.now();
    assert.deepEqual(names(loaded.catalog), ['a', 'b']);
    assert.equal(listCount(service), 1, 'the stored catalog is served without asking the service');

    await sleep(100);
    assert.equal(listCount(service), 1, 'no revalidation call within the delay');
    await waitUntil(() => listCount(service) === 2, 'the revalidation call');
    const calledAfter = (service.listCalls.get(KEY)?.[1] ?? 0) - servedAt;
    assert.ok(calledAfter >= 180, `the revalidation called ${calledAfter.toFixed(0)} ms after the catalog was served`);
  }));

for (const [how, cancel] of [
  ['a refresh of the target', (hub: ServiceHub<Catalog>, target: ServiceTarget) => hub.refresh(target.key)],
  ['a refresh of every target', (hub: ServiceHub<Catalog>) => hub.refresh()],
  ['disposing the hub', (hub: ServiceHub<Catalog>) => void hub.dispose()],
] as const) {
  test(`${how} during the revalidation delay cancels the revalidation: no call at all`, () =>
    withService(async (service, dir, hubs) => {
      const target = targetOf(service, KEY);
      await storeByColdLoad(dir, hubs, target);
      const warm = startHub(dir);
      hubs.push(warm);
      const timers = hubTimers();
      try {
        assert.deepEqual(names(expectOk(await warm.hub.catalog(target)).catalog), ['a', 'b']);
        assert.equal(timers.started.length, 1, 'one revalidation timer');
        cancel(warm.hub, target);
        assert.deepEqual(timers.cleared, timers.started, 'the revalidation timer is cleared, not left to fire');
      } finally {
        timers.restore();
      }
      await sleep(400);
      assert.equal(listCount(service), 1, 'only the first run called List Datasets');
      assert.equal(warm.store.writes.length, 0);
    }));
}

test('a revalidation finding a changed catalog replaces it and announces it once', () =>
  withService(async (service, dir, hubs) => {
    const target = targetOf(service, KEY);
    await storeByColdLoad(dir, hubs, target);
    service.listings.set(KEY, ['a', 'b', 'c']);

    const warm = startHub(dir);
    hubs.push(warm);
    assert.deepEqual(names(expectOk(await warm.hub.catalog(target)).catalog), ['a', 'b']);
    assert.deepEqual(warm.announced, []);
    await waitUntil(() => warm.announced.length > 0, 'the change being announced');
    assert.deepEqual(warm.announced, [target.key]);
    assert.deepEqual(names(warm.hub.peekCatalog(target)?.catalog ?? assert.fail('no catalog in memory')), ['a', 'b', 'c']);
    await sleep(300);
    assert.deepEqual(warm.announced, [target.key], 'announced once');

    await warm.store.writes[0];
    const next = startHub(dir);
    hubs.push(next);
    assert.deepEqual(names(expectOk(await next.hub.catalog(target)).catalog), ['a', 'b', 'c'], 'the changed catalog was stored');
  }));

test('a revalidation finding the same catalog announces nothing', () =>
  withService(async (service, dir, hubs) => {
    const target = targetOf(service, KEY);
    await storeByColdLoad(dir, hubs, target);
    const warm = startHub(dir);
    hubs.push(warm);
    const served = expectOk(await warm.hub.catalog(target));
    await waitUntil(() => warm.store.writes.length === 1, 'the revalidation answering');
    await sleep(50);
    assert.equal(listCount(service), 2);
    assert.deepEqual(warm.announced, []);
    const kept = warm.hub.peekCatalog(target) ?? assert.fail('no catalog in memory');
    assert.deepEqual(names(kept.catalog), ['a', 'b']);
    assert.ok(kept.loadedAt >= served.loadedAt);
  }));

test('a cold load is answered before it is encoded; the store file is written a turn later', () =>
  withService(async (service, dir, hubs) => {
    const target = targetOf(service, KEY);
    const cold = startHub(dir);
    hubs.push(cold);
    const loaded = expectOk(await cold.hub.catalog(target));
    assert.deepEqual(names(loaded.catalog), ['a', 'b']);
    assert.equal(cold.store.encodings, 0, 'not encoded before the answer');
    assert.equal(cold.store.writes.length, 0, 'not written before the answer');
    await waitUntil(() => cold.store.writes.length === 1, 'the store file being written');
    await cold.store.writes[0];
    assert.equal(cold.store.encodings, 1);
    const stored = (await cold.store.read(identityOf(target))) ?? assert.fail('nothing stored');
    assert.deepEqual(names(stored.catalog), ['a', 'b']);
    assert.equal(stored.savedAt, loaded.loadedAt);
  }));

test('a key refused between the cold answer and its write is not written: the file stays absent', () =>
  withService(async (service, dir, hubs) => {
    const target = targetOf(service, KEY);
    const cold = startHub(dir);
    hubs.push(cold);
    // Holds the hub's next-turn callbacks (the write) so that the refusal lands before them;
    // everything else (the HTTP client's own) runs as usual.
    const held: (() => void)[] = [];
    const original = globalThis.setImmediate;
    globalThis.setImmediate = ((callback: (...args: unknown[]) => void, ...args: unknown[]) => {
      const caller = new Error().stack?.split('\n')[2] ?? '';
      if (caller.includes('service-hub.ts')) {
        held.push(() => callback(...args));
        return original(() => undefined);
      }
      return original(callback, ...args);
    }) as typeof setImmediate;
    try {
      expectOk(await cold.hub.catalog(target));
    } finally {
      globalThis.setImmediate = original;
    }
    assert.equal(held.length, 1, 'the write waits for a later turn');

    service.listings.set(KEY, 'refused');
    expectError(await cold.hub.validate(target, 'SELECT 1', 'insight', new AbortController().signal), 'unauthorized');
    for (const run of held) run();
    await sleep(50);
    assert.equal(cold.store.writes.length, 0, 'nothing written for a refused key');
    assert.equal(cold.store.encodings, 0);
    assert.equal(await cold.store.read(identityOf(target)), undefined);
  }));

test('a 401 on revalidation deletes the stored catalog, announced once; the next start with that key does not serve it', () =>
  withService(async (service, dir, hubs) => {
    const target = targetOf(service, KEY);
    await storeByColdLoad(dir, hubs, target);
    service.listings.set(KEY, 'refused');

    const warm = startHub(dir);
    hubs.push(warm);
    assert.deepEqual(names(expectOk(await warm.hub.catalog(target)).catalog), ['a', 'b']);
    await waitUntil(() => warm.announced.length > 0, 'the refusal being announced');
    assert.deepEqual(warm.announced, [target.key]);
    assert.equal(warm.hub.peekCatalog(target), undefined, 'no longer served from memory');
    const reader = new RecordingStore(dir);
    for (let reads = 0; (await reader.read(identityOf(target))) !== undefined; reads++) {
      if (reads > 100) assert.fail('the stored catalog was not deleted');
      await sleep(10);
    }

    const next = startHub(dir);
    hubs.push(next);
    const calls = listCount(service);
    expectError(await next.hub.catalog(target), 'unauthorized');
    assert.equal(listCount(service), calls + 1, 'the next start asked the service, not the disk');
    await sleep(300);
    assert.deepEqual(next.announced, []);
  }));

test("another key never reads this target's stored catalog", () =>
  withService(async (service, dir, hubs) => {
    const target = targetOf(service, KEY);
    await storeByColdLoad(dir, hubs, target);
    service.listings.set(OTHER_KEY, ['z']);

    const other = startHub(dir);
    hubs.push(other);
    const otherTarget = targetOf(service, OTHER_KEY);
    assert.deepEqual(names(expectOk(await other.hub.catalog(otherTarget)).catalog), ['z']);
    assert.equal(listCount(service, OTHER_KEY), 1, 'loaded from the service with its own key');
    // The store names files by the API key, not by the hub's target key: the first key's file
    // is still there, and a target keyed like it but with another API key does not get it.
    assert.deepEqual(names((await other.store.read(identityOf(target)))?.catalog ?? assert.fail('the first key lost its file')), ['a', 'b']);
    const sameKeyOtherApiKey = { ...target, profile: { ...target.profile, apiKey: OTHER_KEY } };
    const fresh = startHub(dir);
    hubs.push(fresh);
    assert.deepEqual(names(expectOk(await fresh.hub.catalog(sameKeyOtherApiKey)).catalog), ['z']);
  }));
