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
  { private_id: 'ds2', public_name: 'Two' },
  { private_id: 'alpha', public_name: 'Shop visits' },
];
const SHARED = [{ private_id: 'Bank', public_name: 'Bank customers' }, { private_id: 'Publisher', public_name: 'Readers of the shop blog' }];

function listDatasets(request: RecordedRequest): FakeAnswer {
  return ok({ datasets: request.url.includes('filter.ownership=OWNED') ? OWNED : SHARED });
}

function pageOf(params: Partial<DatasetPageParams>): DatasetPageParams {
  return { group: 'owned', filter: '', offset: 0, limit: 50, ...params };
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

  it('serves a group sorted by private ID (numbers as numbers, case ignored), without statistics', async () => {
    const page = expectOk(await new DatasetListings().page('p', test.client, pageOf({})));
    assert.deepEqual(page.items.map((d) => d.private_id), ['alpha', 'ds2', 'ds10', 'Retail']);
    const retail = page.items[3]!;
    assert.ok(!('stats' in retail));
    assert.equal(retail.rowCount, '3758');
    assert.equal(retail.firstCategory, 'Age');
    assert.deepEqual(toListing({ private_id: 'x', public_name: 'X' }), { private_id: 'x', public_name: 'X' });
  });

  it('pages with offset and limit, and a page past the end is empty', async () => {
    const listings = new DatasetListings();
    assert.deepEqual(expectOk(await listings.page('p', test.client, pageOf({ offset: 1, limit: 2 }))).items.map((d) => d.private_id), ['ds2', 'ds10']);
    assert.deepEqual(expectOk(await listings.page('p', test.client, pageOf({ offset: 3, limit: 2 }))).items.map((d) => d.private_id), ['Retail']);
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

  it('finds a dataset by exact private ID before ignoring case, with its index under the filter', async () => {
    const listings = new DatasetListings();
    assert.deepEqual(expectOk(await listings.find('p', test.client, 'ds10', '')), { group: 'owned', privateId: 'ds10', index: 2 });
    assert.deepEqual(expectOk(await listings.find('p', test.client, 'bank', '')), { group: 'shared', privateId: 'Bank', index: 0 });
    assert.deepEqual(expectOk(await listings.find('p', test.client, 'retail', 'zzz')), { group: 'owned', privateId: 'Retail', index: -1 });
    assert.equal(expectOk(await listings.find('p', test.client, 'NoSuchDataset', '')), null);
  });

  it('reads the lists once per profile, and again on reload or after clear()', async () => {
    const listings = new DatasetListings();
    const before = service.requests.length;
    await listings.page('p', test.client, pageOf({}));
    await listings.page('p', test.client, pageOf({ group: 'shared' }));
    await listings.find('p', test.client, 'Bank', '');
    assert.equal(service.requests.length - before, 2, 'owned and shared, once');
    await listings.page('q', test.client, pageOf({}));
    assert.equal(service.requests.length - before, 4, 'another profile has lists of its own');
    await listings.page('p', test.client, pageOf({ reload: true }));
    assert.equal(service.requests.length - before, 6);
    listings.clear();
    await listings.page('p', test.client, pageOf({}));
    assert.equal(service.requests.length - before, 8);
  });

  it('shows a reload: a dataset added since the last read appears only after reload', async () => {
    const listings = new DatasetListings();
    await listings.page('p', test.client, pageOf({}));
    service.setHandler((request) => (request.url.includes('filter.ownership=OWNED') ? ok({ datasets: [...OWNED, { private_id: 'zeta' }] }) : ok({ datasets: SHARED })));
    assert.equal(expectOk(await listings.page('p', test.client, pageOf({}))).counts.owned.total, 4);
    assert.equal(expectOk(await listings.page('p', test.client, pageOf({ reload: true }))).counts.owned.total, 5);
  });

  it('coalesces concurrent loads of one profile into one read', async () => {
    const listings = new DatasetListings();
    const before = service.requests.length;
    const pages = await Promise.all([
      listings.page('p', test.client, pageOf({})),
      listings.page('p', test.client, pageOf({ group: 'shared' })),
      listings.find('p', test.client, 'alpha', ''),
    ]);
    assert.ok(pages.every((page) => page.ok));
    assert.equal(service.requests.length - before, 2);
  });

  it("answers the service's failure, and does not keep it: the next ask reads again", async () => {
    const listings = new DatasetListings();
    service.setHandler(() => v1Error(401, 'API key not valid'));
    const failed = expectError(await listings.page('p', test.client, pageOf({})), 'unauthorized');
    assert.match(failed.serviceMessage ?? failed.message, /API key not valid/);
    service.setHandler(listDatasets);
    assert.equal(expectOk(await listings.page('p', test.client, pageOf({}))).items.length, 4);
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
