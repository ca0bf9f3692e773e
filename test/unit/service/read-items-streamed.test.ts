import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { DatasetSchema, operations } from '../../../common/api';
import type { Dataset } from '../../../common/api';
import { ITEMS_PER_TURN, readItemsStreamed } from '../../../service/src/read-items-streamed';
import { FakeService, ok, v1Error } from './fake-service';
import type { FakeAnswer } from './fake-service';
import { createTestClient } from './test-client';
import type { TestClient } from './test-client';

async function withClient(handler: (n: number) => FakeAnswer, body: (client: TestClient, fake: FakeService) => Promise<void>): Promise<void> {
  let count = 0;
  const fake = await FakeService.start(() => handler(++count));
  const client = createTestClient(fake.baseUrl, { timeouts: { bodyMs: 300 } });
  try {
    await body(client, fake);
  } finally {
    await client.close();
    await fake.close();
  }
}

const listed = (count: number): { datasets: Dataset[] } => ({
  datasets: Array.from({ length: count }, (_, i) => ({ private_id: `ds${i}`, public_name: `Dataset ${i}`, stats: { categories: [{ label: 'Age', representations: [] }] } })),
});

test('List Datasets read as a stream: every dataset converted, in order, defaults applied', async () => {
  await withClient(
    () => ok(listed(2000)),
    async ({ client }) => {
      const seen: number[] = [];
      const answer = await client.listDatasetsConverted((dataset) => {
        seen.push(seen.length);
        return `${dataset.private_id}:${dataset.stats?.categories?.[0]?.representations.length}`;
      });
      assert.ok(answer.ok, answer.ok ? '' : answer.error.message);
      assert.equal(answer.value.length, 2000);
      assert.equal(answer.value[1999], 'ds1999:0');
      assert.equal(seen.length, 2000);
    },
  );
});

test('a dataset of the wrong shape fails with the field that is wrong, and the connection is not reused', async () => {
  await withClient(
    (n) => (n === 1 ? ok({ datasets: [{ private_id: 'a' }, { private_id: 7 }, { private_id: 'c' }] }) : ok(listed(1))),
    async ({ client }, fake) => {
      const converted: string[] = [];
      const answer = await client.listDatasetsConverted((dataset) => converted.push(dataset.private_id));
      assert.equal(answer.ok, false);
      assert.equal(!answer.ok && answer.error.kind, 'invalid-response');
      assert.equal(!answer.ok && answer.error.kind === 'invalid-response' && answer.error.field, 'datasets[1].private_id');
      assert.deepEqual(converted, ['a']);
      // The next call still works (the half-read body was discarded, not left on the socket).
      const again = await client.listDatasetsConverted((dataset) => dataset.private_id);
      assert.deepEqual(again, { ok: true, value: ['ds0'] });
      assert.equal(fake.requests.length, 2);
    },
  );
});

test('bad JSON, a cut-short body and a wrong envelope are invalid responses', async () => {
  const bodies = ['{"datasets": [{"private_id": "a"}, {oops}]}', '{"datasets": [{"private_id": "a"}', '{"datasets": 5}', 'not json'];
  for (const raw of bodies) {
    await withClient(
      () => ({ status: 200, raw }),
      async ({ client }) => {
        const answer = await client.listDatasetsConverted((dataset) => dataset.private_id);
        assert.equal(!answer.ok && answer.error.kind, 'invalid-response', raw);
      },
    );
  }
});

test('an empty body is an empty list, as for the held reading', async () => {
  await withClient(
    () => ({ status: 200, raw: '' }),
    async ({ client }) => {
      assert.deepEqual(await client.listDatasetsConverted((dataset) => dataset.private_id), { ok: true, value: [] });
    },
  );
});

test('a transient failure is retried and the datasets are read afresh', async () => {
  await withClient(
    (n) => (n === 1 ? v1Error(503, 'busy') : n === 2 ? { reset: true } : ok(listed(3))),
    async ({ client }, fake) => {
      const answer = await client.listDatasetsConverted((dataset) => dataset.private_id);
      assert.deepEqual(answer, { ok: true, value: ['ds0', 'ds1', 'ds2'] });
      assert.equal(fake.requests.length, 3);
    },
  );
});

test('an error status is mapped as for any call', async () => {
  await withClient(
    () => v1Error(401, 'bad key'),
    async ({ client }) => {
      const answer = await client.listDatasetsConverted((dataset) => dataset.private_id);
      assert.equal(!answer.ok && answer.error.kind, 'unauthorized');
    },
  );
});

test('a body that stalls half-way times out instead of hanging', async () => {
  await withClient(
    () => ({ stallBody: true }),
    async ({ client }) => {
      const answer = await client.listDatasetsConverted((dataset) => dataset.private_id);
      assert.equal(!answer.ok && answer.error.kind, 'timeout');
    },
  );
});

test('cancelling mid-way resolves as cancelled', async () => {
  await withClient(
    () => ({ stallBody: true }),
    async ({ client }, fake) => {
      const controller = new AbortController();
      const pending = client.listDatasetsConverted((dataset) => dataset.private_id, undefined, { signal: controller.signal });
      await fake.waitForRequests(1);
      controller.abort();
      const answer = await pending;
      assert.equal(!answer.ok && answer.error.kind, 'cancelled');
    },
  );
});

test('a long answer that has already arrived is read with turns of the event loop between, so the process can answer meanwhile', async () => {
  const total = ITEMS_PER_TURN * 8;
  const text = JSON.stringify(listed(total));
  // Chunks that are all there at once: without turns, the read is one chain of microtasks.
  async function* body(): AsyncGenerator<Uint8Array> {
    for (let at = 0; at < text.length; at += 4096) yield Buffer.from(text.slice(at, at + 4096));
  }
  let converted = 0;
  let convertedWhenATurnCame: number | undefined;
  setImmediate(() => {
    convertedWhenATurnCame = converted;
  });
  const read = await readItemsStreamed('datasets', DatasetSchema, () => ++converted)(Readable.from(body()), operations.listDatasets);
  assert.ok(read.ok);
  assert.equal(read.value.length, total);
  assert.ok(convertedWhenATurnCame !== undefined && convertedWhenATurnCame < total, `a turn came during the read (after ${String(convertedWhenATurnCame)} of ${total})`);
});

test('categories repeated from dataset to dataset are checked once and shared; each dataset still gets its own', async () => {
  const age = { label: 'Age', representations: [{ label: 'Age', data_type: 'INTEGERS' }] };
  const gender = { label: 'Gender', representations: [{ label: 'Gender', possible_values: ['F', 'M'] }] };
  const datasets: Dataset[] = [
    { private_id: 'a', stats: { row_count: '5', categories: [age, gender] } },
    { private_id: 'b', stats: { categories: [age, gender] } },
    { private_id: 'c', stats: { categories: [gender] } },
    { private_id: 'd' },
    { private_id: 'e', stats: { categories: [] } },
  ];
  await withClient(
    () => ok({ datasets }),
    async ({ client }) => {
      const answer = await client.listDatasetsConverted((dataset) => dataset);
      assert.ok(answer.ok, answer.ok ? '' : answer.error.message);
      const [a, b, c, d, e] = answer.value;
      assert.deepEqual(a, { ...datasets[0], stats: { ...datasets[0]!.stats, categories: [age, gender] } });
      assert.equal(a?.stats?.row_count, '5');
      assert.equal(b?.stats?.categories, a?.stats?.categories, 'the same list, read once');
      assert.equal(c?.stats?.categories?.[0], a?.stats?.categories?.[1], 'the same category in another list');
      assert.deepEqual(d, { private_id: 'd' });
      assert.deepEqual(e?.stats?.categories, []);
    },
  );
});

test('a category of the wrong shape fails with its field, in a repeated list as in a new one', async () => {
  const good = { label: 'Age', representations: [] };
  const cases: Array<{ datasets: unknown[]; field: string }> = [
    { datasets: [{ private_id: 'a', stats: { categories: [good, { label: 7 }] } }], field: 'datasets[0].stats.categories[1].label' },
    { datasets: [{ private_id: 'a', stats: { categories: [good] } }, { private_id: 'b', stats: { categories: [good, { representations: 'x', label: 'B' }] } }], field: 'datasets[1].stats.categories[1].representations' },
    { datasets: [{ private_id: 'a', stats: { categories: [good] } }, { private_id: 9, stats: { categories: [good] } }], field: 'datasets[1].private_id' },
  ];
  for (const { datasets, field } of cases) {
    await withClient(
      () => ok({ datasets }),
      async ({ client }) => {
        const answer = await client.listDatasetsConverted((dataset) => dataset.private_id);
        assert.equal(!answer.ok && answer.error.kind === 'invalid-response' && answer.error.field, field);
        assert.match(!answer.ok ? answer.error.message : '', /List Datasets/);
      },
    );
  }
  await withClient(
    () => ({ status: 200, raw: '{"datasets": [{"private_id": "a", "stats": {"categories": [{"label": "A"}, {oops}]}}]}' }),
    async ({ client }) => {
      const answer = await client.listDatasetsConverted((dataset) => dataset.private_id);
      assert.equal(!answer.ok && answer.error.kind === 'invalid-response' && answer.error.field, 'datasets[0].stats.categories[1]');
    },
  );
});

test('a dataset naming stats twice is read as JSON.parse reads it: the last one counts', async () => {
  await withClient(
    () => ({ status: 200, raw: '{"datasets": [{"private_id": "a", "stats": {"categories": [{"label": "A"}]}, "stats": {"row_count": "3"}}]}' }),
    async ({ client }) => {
      const answer = await client.listDatasetsConverted((dataset) => dataset);
      assert.deepEqual(answer, { ok: true, value: [{ private_id: 'a', stats: { row_count: '3' } }] });
    },
  );
});
