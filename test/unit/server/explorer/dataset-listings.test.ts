import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { DatasetPageParams } from '../../../../common/protocol';
import { DatasetListings, toListing } from '../../../../server/src/explorer/dataset-listings';
import { expectError, expectOk } from '../../service/demo-emulator';
import { FakeService, ok, v1Error, type FakeAnswer, type RecordedRequest } from '../../service/fake-service';
import { createTestClient, type TestClient } from '../../service/test-client';
import { deferred } from '../server-fixture';

const OWNED = [
  { private_id: 'ds10', public_name: 'Ten' },
  { private_id: 'Retail', public_name: 'Retail customers', stats: { row_count: '3758', categories: [{ label: 'Age', representations: [] }] } },
  { private_id: 'ds2', public_name: 'Two', product: 'IDENTITY' },
  { private_id: 'alpha', public_name: 'Shop visits' },
];
const SHARED = [{ private_id: 'Bank', public_name: 'Bank customers' }, { private_id: 'Publisher', public_name: 'Readers of the shop blog' }];
/** The same owned datasets as List Datasets 2.0 has them. */
const OWNED_V2 = OWNED.map((d) => ({ dataset_id: `id-${d.private_id}`, private_id: d.private_id, public_name: d.public_name, dataset_type: d.product === 'IDENTITY' ? 'DATASET_TYPE_IDENTITY' : 'DATASET_TYPE_INSIGHT' }));
/** The service's private-ID order (code units): capitals first, digits as text. */
const IN_ORDER = ['Retail', 'alpha', 'ds10', 'ds2'];

/** A page of List Datasets 2.0 as the service answers it: `order_by=private_id` honoured, `pagination` filled. */
type Listed = { readonly private_id: string; readonly [field: string]: unknown };

function v2Page(items: readonly Listed[], url: URL): FakeAnswer {
  const ordered = url.searchParams.get('order_by') === 'private_id' ? [...items].sort((a, b) => (a.private_id < b.private_id ? -1 : a.private_id > b.private_id ? 1 : 0)) : items;
  const page = Number(url.searchParams.get('pagination.page') ?? '1');
  const perPage = Number(url.searchParams.get('pagination.per_page') ?? '100');
  const datasets = ordered.slice((page - 1) * perPage, page * perPage);
  const more = page * perPage < ordered.length;
  return ok({ datasets, pagination: { results: datasets.length, total_results: ordered.length, ...(more ? { next_page: page + 1 } : {}) } });
}

function servingOwned(owned: readonly Listed[], ownedV2: readonly Listed[]): (request: RecordedRequest) => FakeAnswer {
  return (request) => {
    const url = new URL(request.url, 'http://service');
    if (url.pathname === '/api/v2/datasets') return v2Page(ownedV2, url);
    const listed = url.searchParams.get('filter.ownership') === 'OWNED' ? owned : SHARED;
    // 1.0's dataset filters: contains, any case.
    const part = (name: string): string | undefined => url.searchParams.get(`filter.datasets.${name}`)?.toLowerCase();
    const [ids, names] = [part('private_ids'), part('public_names')];
    return ok({ datasets: listed.filter((d) => (ids === undefined || d.private_id.toLowerCase().includes(ids)) && (names === undefined || String(d['public_name'] ?? '').toLowerCase().includes(names))) });
  };
}
const listDatasets = servingOwned(OWNED, OWNED_V2);

function pageOf(params: Partial<DatasetPageParams>): DatasetPageParams {
  return { group: 'owned', filter: '', offset: 0, limit: 50, ...params };
}

/** The requests made since `before`: `v2 page n`, `OWNED` or `NOT_OWNED` (a whole 1.0 list), `OWNED ids~x` / `OWNED names~x` (filtered by the service). */
function asked(service: FakeService, before: number): string[] {
  return service.requests.slice(before).map((request) => {
    const url = new URL(request.url, 'http://service');
    if (url.pathname === '/api/v2/datasets') return `v2 page ${url.searchParams.get('pagination.page')}`;
    const ids = url.searchParams.get('filter.datasets.private_ids');
    const names = url.searchParams.get('filter.datasets.public_names');
    const filtered = ids !== null ? ` ids~${ids}` : names !== null ? ` names~${names}` : '';
    return `${url.searchParams.get('filter.ownership') ?? 'ANY'}${filtered}`;
  });
}

describe('DatasetListings', { timeout: 30_000 }, () => {
  let service: FakeService;
  let test: TestClient;
  before(async () => {
    service = await FakeService.start(listDatasets);
    test = createTestClient(service.baseUrl);
  });
  after(async () => {
    await test.close();
    await service.close();
  });
  beforeEach(() => service.setHandler(listDatasets));

  it('serves the owned group unfiltered from one List Datasets 2.0 page in private-ID order, without the whole 1.0 list', async () => {
    const before = service.requests.length;
    const page = expectOk(await new DatasetListings().page('p', test.client, pageOf({})));
    assert.deepEqual(page.items.map((d) => d.private_id), IN_ORDER);
    assert.deepEqual(page.counts.owned, { total: 4, matching: 4 });
    assert.deepEqual(page.items.find((d) => d.private_id === 'ds2'), { private_id: 'ds2', public_name: 'Two', product: 'IDENTITY' });
    assert.equal(page.items.find((d) => d.private_id === 'Retail')?.product, 'INSIGHT');
    assert.deepEqual(asked(service, before).sort(), ['NOT_OWNED', 'v2 page 1'], 'the 2.0 page and the shared list, never the owned 1.0 list');
    const v2 = new URL(service.requests.slice(before).find((r) => r.url.startsWith('/api/v2/'))!.url, 'http://service');
    assert.equal(v2.searchParams.get('pagination.per_page'), '500');
  });

  it('reads a further 2.0 page only when the view shows past the first, and keeps what it read', async () => {
    const many = Array.from({ length: 1_200 }, (_, i) => ({ dataset_id: `id${i}`, private_id: `d${String(i).padStart(4, '0')}` }));
    service.setHandler(servingOwned([], many));
    const listings = new DatasetListings();
    const before = service.requests.length;
    const first = expectOk(await listings.page('p', test.client, pageOf({ limit: 200 })));
    assert.equal(first.items.length, 200);
    assert.equal(first.counts.owned.total, 1_200);
    expectOk(await listings.page('p', test.client, pageOf({ limit: 400 })));
    assert.deepEqual(asked(service, before).filter((r) => r.startsWith('v2')), ['v2 page 1']);
    const more = expectOk(await listings.page('p', test.client, pageOf({ offset: 500, limit: 600 })));
    assert.deepEqual([more.items[0]?.private_id, more.items.at(-1)?.private_id, more.items.length], ['d0500', 'd1099', 600]);
    const end = expectOk(await listings.page('p', test.client, pageOf({ offset: 1_100, limit: 400 })));
    assert.equal(end.items.length, 100);
    assert.deepEqual(asked(service, before).filter((r) => r.startsWith('v2')), ['v2 page 1', 'v2 page 2', 'v2 page 3']);
  });

  it('serves the owned group filtered from 1.0 calls the service filters (by private ID, by name), in the same order, with row counts and first categories', async () => {
    const before = service.requests.length;
    const page = expectOk(await new DatasetListings().page('p', test.client, pageOf({ filter: 'e' })));
    assert.deepEqual(page.items.map((d) => d.private_id), ['Retail', 'ds10']);
    assert.deepEqual(page.counts.owned, { total: 4, matching: 2 });
    assert.deepEqual(asked(service, before).sort(), ['NOT_OWNED', 'OWNED ids~e', 'OWNED names~e', 'v2 page 1'], 'never the whole owned list');
    const retail = page.items[0]!;
    assert.ok(!('stats' in retail));
    assert.equal(retail.rowCount, '3758');
    assert.equal(retail.firstCategory, 'Age');
    assert.deepEqual(toListing({ private_id: 'x', public_name: 'X' }), { private_id: 'x', public_name: 'X' });
  });

  it('pages with offset and limit, and a page past the end is empty', async () => {
    const listings = new DatasetListings();
    assert.deepEqual(expectOk(await listings.page('p', test.client, pageOf({ offset: 1, limit: 2 }))).items.map((d) => d.private_id), ['alpha', 'ds10']);
    assert.deepEqual(expectOk(await listings.page('p', test.client, pageOf({ offset: 3, limit: 2 }))).items.map((d) => d.private_id), ['ds2']);
    const past = expectOk(await listings.page('p', test.client, pageOf({ offset: 10, limit: 2 })));
    assert.deepEqual(past.items, []);
    assert.equal(past.counts.owned.total, 4);
  });

  it('counts both groups, and a limit of 0 asks for the counts alone', async () => {
    const page = expectOk(await new DatasetListings().page('p', test.client, pageOf({ group: 'shared', limit: 0 })));
    assert.deepEqual(page, { counts: { owned: { total: 4, matching: 4 }, shared: { total: 2, matching: 2 } }, items: [] });
  });

  it('filters on private ID or public name, ignoring case and surrounding spaces, and counts the matches', async () => {
    const listings = new DatasetListings();
    const page = expectOk(await listings.page('p', test.client, pageOf({ filter: '  SHOP ' })));
    assert.deepEqual(page.items.map((d) => d.private_id), ['alpha']);
    assert.deepEqual(page.counts, { owned: { total: 4, matching: 1 }, shared: { total: 2, matching: 1 } });
    const shared = expectOk(await listings.page('p', test.client, pageOf({ group: 'shared', filter: 'shop' })));
    assert.deepEqual(shared.items.map((d) => d.private_id), ['Publisher']);
  });

  it('finds a dataset by exact private ID before ignoring case, with its index under the filter in the order the view shows', async () => {
    const listings = new DatasetListings();
    assert.deepEqual(expectOk(await listings.find('p', test.client, 'ds10', '')), { group: 'owned', privateId: 'ds10', index: 2 });
    assert.deepEqual(expectOk(await listings.find('p', test.client, 'bank', '')), { group: 'shared', privateId: 'Bank', index: 0 });
    assert.deepEqual(expectOk(await listings.find('p', test.client, 'retail', 'zzz')), { group: 'owned', privateId: 'Retail', index: -1 });
    assert.equal(expectOk(await listings.find('p', test.client, 'NoSuchDataset', '')), null);
    const unfiltered = expectOk(await listings.page('p', test.client, pageOf({})));
    assert.equal(unfiltered.items[2]?.private_id, 'ds10', 'the index find gave is where the page shows it');
  });

  it('reads each list once per profile, and again on reload or after clear()', async () => {
    const listings = new DatasetListings();
    const before = service.requests.length;
    await listings.page('p', test.client, pageOf({}));
    await listings.page('p', test.client, pageOf({ group: 'shared' }));
    await listings.page('p', test.client, pageOf({ filter: 'a' }));
    await listings.find('p', test.client, 'Bank', '');
    await listings.page('p', test.client, pageOf({ filter: 'a' }));
    assert.deepEqual(asked(service, before).sort(), ['NOT_OWNED', 'OWNED', 'OWNED ids~a', 'OWNED names~a', 'v2 page 1'], 'each once');
    const other = service.requests.length;
    await listings.page('q', test.client, pageOf({}));
    assert.equal(service.requests.length - other, 2, 'another profile has lists of its own');
    const reloadFrom = service.requests.length;
    await listings.page('p', test.client, pageOf({ reload: true }));
    assert.deepEqual(asked(service, reloadFrom).sort(), ['NOT_OWNED', 'v2 page 1']);
    listings.clear();
    const clearFrom = service.requests.length;
    await listings.page('p', test.client, pageOf({}));
    assert.deepEqual(asked(service, clearFrom).sort(), ['NOT_OWNED', 'v2 page 1']);
  });

  it('shows a reload: a dataset added since the last read appears only after reload', async () => {
    const listings = new DatasetListings();
    await listings.page('p', test.client, pageOf({}));
    await listings.page('p', test.client, pageOf({ filter: 'a' }));
    service.setHandler(servingOwned([...OWNED, { private_id: 'zeta' }], [...OWNED_V2, { dataset_id: 'id-zeta', private_id: 'zeta' }]));
    assert.equal(expectOk(await listings.page('p', test.client, pageOf({}))).counts.owned.total, 4);
    assert.equal(expectOk(await listings.page('p', test.client, pageOf({ filter: 'a' }))).counts.owned.total, 4);
    assert.equal(expectOk(await listings.page('p', test.client, pageOf({ reload: true }))).counts.owned.total, 5);
    assert.equal(expectOk(await listings.page('p', test.client, pageOf({ filter: 'a' }))).counts.owned.total, 5);
  });

  it('coalesces concurrent loads of one profile into one read of each list', async () => {
    const listings = new DatasetListings();
    const before = service.requests.length;
    const pages = await Promise.all([
      listings.page('p', test.client, pageOf({})),
      listings.page('p', test.client, pageOf({ group: 'shared' })),
      listings.page('p', test.client, pageOf({ filter: 'x' })),
      listings.find('p', test.client, 'alpha', ''),
    ]);
    assert.ok(pages.every((page) => page.ok));
    assert.deepEqual(asked(service, before).sort(), ['NOT_OWNED', 'OWNED', 'OWNED ids~x', 'OWNED names~x', 'v2 page 1']);
  });

  it("answers the service's failure, and does not keep it: the next ask reads again", async () => {
    const listings = new DatasetListings();
    service.setHandler(() => v1Error(401, 'API key not valid'));
    const failed = expectError(await listings.page('p', test.client, pageOf({})), 'unauthorized');
    assert.match(failed.serviceMessage ?? failed.message, /API key not valid/);
    expectError(await listings.page('p', test.client, pageOf({ filter: 'a' })), 'unauthorized');
    service.setHandler(listDatasets);
    assert.equal(expectOk(await listings.page('p', test.client, pageOf({}))).items.length, 4);
    assert.equal(expectOk(await listings.page('p', test.client, pageOf({ filter: 'a' }))).items.length, 2);
  });

  it('answers "cancelled" when the signal aborts a load', async () => {
    const stalled = deferred<void>();
    service.setHandler(() => {
      stalled.resolve();
      return { stallHeaders: true };
    });
    const listings = new DatasetListings();
    const abort = new AbortController();
    const pending = listings.page('cancel', test.client, pageOf({}), abort.signal);
    await stalled.promise;
    abort.abort();
    expectError(await pending, 'cancelled');
  });

  it('reads nothing for a signal that is already aborted', async () => {
    const listings = new DatasetListings();
    const before = service.requests.length;
    expectError(await listings.page('aborted', test.client, pageOf({}), AbortSignal.abort()), 'cancelled');
    assert.equal(service.requests.length, before);
  });
});
