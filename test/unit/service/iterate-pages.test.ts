import { test } from 'node:test';
import assert from 'node:assert/strict';
import { collectAllPages, iteratePages } from '../../../service/src';
import { FakeService, ok, v2Error } from './fake-service';
import type { RecordedRequest } from './fake-service';
import { createTestClient } from './test-client';

/** Serves three pages of collaborations: 2, 2 and 1 items. */
function threePages(request: RecordedRequest) {
  const page = Number(new URL(request.url, 'http://x').searchParams.get('pagination.page'));
  const items = page === 3 ? [{ id: 'CLB.5' }] : [{ id: `CLB.${page * 2 - 1}` }, { id: `CLB.${page * 2}` }];
  return ok({ collaborations: items, pagination: { next_page: page < 3 ? page + 1 : 0, results: items.length, total_results: 5 } });
}

test('iteratePages follows next_page through three pages, 500 per page', async () => {
  const fake = await FakeService.start(threePages);
  const t = createTestClient(fake.baseUrl);
  const pages: string[][] = [];
  for await (const page of iteratePages(t.client, 'listCollaborations', {}, { list: { orderBy: 'name ASC' } })) {
    assert.ok(page.ok);
    pages.push(page.value.items.map((item) => item.id));
  }
  await t.close();
  await fake.close();
  assert.deepEqual(pages, [['CLB.1', 'CLB.2'], ['CLB.3', 'CLB.4'], ['CLB.5']]);
  assert.equal(fake.requests.length, 3);
  const first = new URL(fake.requests[0]?.url ?? '', 'http://x').searchParams;
  assert.equal(first.get('pagination.per_page'), '500');
  assert.equal(first.get('pagination.page'), '1');
  assert.equal(first.get('order_by'), 'name ASC');
});

test('collectAllPages gathers every item of a collaboration-scoped list', async () => {
  const fake = await FakeService.start((request) => {
    const page = Number(new URL(request.url, 'http://x').searchParams.get('pagination.page'));
    return ok({ datasets: [{ id: `D${page}`, collaboration_dataset_name: `n${page}` }], pagination: page < 3 ? { next_page: page + 1 } : {} });
  });
  const t = createTestClient(fake.baseUrl);
  const all = await collectAllPages(t.client, 'listCollaborationDatasets', { params: { collaboration_id: 'CLB.1' } });
  await t.close();
  await fake.close();
  assert.ok(all.ok);
  assert.deepEqual(all.value.map((d) => d.collaboration_dataset_name), ['n1', 'n2', 'n3']);
  assert.ok(fake.requests.every((request) => request.url.startsWith('/api/v2/collaborations/CLB.1/datasets?')));
});

test('a failing page ends the iteration with the error', async () => {
  const fake = await FakeService.start((request) =>
    request.url.includes('pagination.page=2') ? v2Error(403, 'PERMISSION_DENIED', 'no') : ok({ collaborations: [{ id: 'a' }], pagination: { next_page: 2 } }),
  );
  const t = createTestClient(fake.baseUrl);
  const all = await collectAllPages(t.client, 'listCollaborations', {});
  await t.close();
  await fake.close();
  assert.ok(!all.ok && all.error.kind === 'forbidden');
  assert.equal(fake.requests.length, 2);
});

test('a next_page that does not move forward ends the walk', async () => {
  const fake = await FakeService.start(() => ok({ collaborations: [{ id: 'a' }], pagination: { next_page: 1 } }));
  const t = createTestClient(fake.baseUrl);
  const all = await collectAllPages(t.client, 'listCollaborations', {});
  await t.close();
  await fake.close();
  assert.ok(all.ok && all.value.length === 1);
  assert.equal(fake.requests.length, 1);
});
