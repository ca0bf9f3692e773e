/**
 * loadCatalog: the catalog model built from List Datasets (read as a stream), completed with
 * Get Dataset metadata, or from a collaboration's pages; equal parts shared between datasets.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Category, CollaborationDataset, Dataset } from '../../../common/api';
import { loadCatalog } from '../../../service/src/catalog-loader';
import { catalogAssembly, fromDataset } from '../../../language/src/catalog/catalog-from-wire';
import { collectAllPages, listDatasets } from '../../../service/src';
import { FakeService, ok, v1Error } from './fake-service';
import type { FakeHandler } from './fake-service';
import { createTestClient } from './test-client';
import type { TestClient } from './test-client';
import { expectOk, startDemoEmulator } from './demo-emulator';

async function withClient(handler: FakeHandler, body: (client: TestClient) => Promise<void>): Promise<void> {
  const fake = await FakeService.start(handler);
  const client = createTestClient(fake.baseUrl);
  try {
    await body(client);
  } finally {
    await client.close();
    await fake.close();
  }
}

const categories: Category[] = [
  { label: 'Age', representations: [{ label: 'Age', data_type: 'INTEGERS' }, { label: 'Age bands', data_type: 'INTEGER_RANGES', possible_values: ['[0, 18)', '[18, 99)'] }] },
  { label: 'Gender', representations: [{ data_type: 'STRINGS', possible_values: ['F', 'M'] }], unit: 'none', version: '3' },
];

function listedDataset(id: string, withCategories: boolean): Dataset {
  return {
    private_id: id,
    public_name: `Public ${id}`,
    owner: { id: 'CMP.1', display_name: 'Owner Ltd' },
    product: id === 'ids' ? 'IDENTITY' : 'INSIGHT',
    stats: {
      row_count: '1200',
      keys: [{ label: 'email' }],
      identities: id === 'ids' ? [{ name: 'hashed_email' }] : [],
      ...(withCategories ? { categories: JSON.parse(JSON.stringify(categories)) as Category[] } : {}),
    },
  };
}

test('1.0: listed datasets are converted; those without categories are completed by their metadata', async () => {
  const handler: FakeHandler = (request) => {
    if (request.url === '/api/v1/datasets') {
      return ok({ datasets: [listedDataset('a', true), listedDataset('b', false), listedDataset('ids', true), listedDataset('gone', false)] });
    }
    if (request.url === '/api/v1/datasets/b') {
      return ok({ dataset: listedDataset('b', false), schema: { categories: [{ label: 'Region', representations: [{ label: 'Region', data_type: 'STRINGS' }] }], num_rows: '5', keys: [{ label: 'phone' }] } });
    }
    return v1Error(404, 'no such dataset');
  };
  await withClient(handler, async ({ client }) => {
    const catalog = expectOk(await loadCatalog(client, undefined, catalogAssembly(), new AbortController().signal));
    assert.deepEqual(
      catalog.datasets.map((d) => d.name),
      ['a', 'b', 'ids', 'gone'],
    );
    const a = catalog.findDataset('a');
    assert.deepEqual(a, {
      name: 'a',
      privateId: 'a',
      publicName: 'Public a',
      ownerName: 'Owner Ltd',
      rowCount: 1200,
      keys: ['email'],
      categories: [
        { label: 'Age', representations: [{ label: 'Age', dataType: 'INTEGERS' }, { label: 'Age bands', dataType: 'INTEGER_RANGES', possibleValues: ['[0, 18)', '[18, 99)'] }] },
        { label: 'Gender', unit: 'none', representations: [{ label: 'Gender', dataType: 'STRINGS', possibleValues: ['F', 'M'] }] },
      ],
      outputColumns: [],
      activation: false,
      categoriesKnown: true,
    });
    const b = catalog.findDataset('b');
    assert.deepEqual(b?.categories.map((c) => c.label), ['Region']);
    assert.deepEqual(b?.keys, ['phone']);
    assert.equal(b?.rowCount, 5);
    assert.equal(catalog.findDataset('ids')?.activation, true);
    assert.deepEqual(catalog.findDataset('ids')?.outputColumns, ['hashed_email']);
    assert.equal(catalog.findDataset('gone')?.categoriesKnown, false);
  });
});

test('1.0: datasets with equal categories and keys share one copy of them', async () => {
  const datasets = Array.from({ length: 50 }, (_, i) => listedDataset(`d${i}`, true));
  await withClient(
    () => ok({ datasets }),
    async ({ client }) => {
      const catalog = expectOk(await loadCatalog(client, undefined, catalogAssembly(), new AbortController().signal));
      const [first, ...others] = catalog.datasets;
      assert.ok(first);
      for (const other of others) {
        assert.equal(other.categories, first.categories);
        assert.equal(other.keys, first.keys);
      }
    },
  );
});

test('1.0: a failing list fails the load', async () => {
  await withClient(
    () => v1Error(401, 'expired key'),
    async ({ client }) => {
      const loaded = await loadCatalog(client, undefined, catalogAssembly(), new AbortController().signal);
      assert.equal(!loaded.ok && loaded.error.kind, 'unauthorized');
    },
  );
});

test('2.0: every page of the collaboration is read and converted, attributes shared', async () => {
  const page = (n: number): CollaborationDataset[] =>
    Array.from({ length: 2 }, (_, i) => ({
      id: `DS.${n}.${i}`,
      collaboration_dataset_name: `name${n}${i}`,
      attributes: [{ label: 'Age', type: 'INTEGERS' }, { label: 'Region' }],
      keys: [{ label: 'email' }],
      output_columns: n === 2 && i === 1 ? ['email'] : [],
    }));
  const handler: FakeHandler = (request) => {
    const pageNumber = Number(new URL(request.url, 'http://x').searchParams.get('pagination.page'));
    return ok({ datasets: page(pageNumber), pagination: pageNumber < 2 ? { next_page: pageNumber + 1 } : {} });
  };
  await withClient(handler, async ({ client }) => {
    const catalog = expectOk(await loadCatalog(client, 'CLB.1', catalogAssembly(), new AbortController().signal));
    assert.deepEqual(catalog.datasets.map((d) => d.name), ['name10', 'name11', 'name20', 'name21']);
    assert.deepEqual(catalog.findDataset('name10')?.categories, [
      { label: 'Age', representations: [{ label: 'Age', dataType: 'INTEGERS' }] },
      { label: 'Region', representations: [{ label: 'Region' }] },
    ]);
    assert.equal(catalog.findDataset('name21')?.activation, true);
    assert.equal(catalog.findDataset('name10')?.activation, false);
    assert.equal(catalog.findDataset('name21')?.categories, catalog.findDataset('name10')?.categories);
  });
});

test('against the emulator, the streamed load builds the same catalog as converting the held answer', async () => {
  const demo = await startDemoEmulator();
  try {
    const client = demo.createClient('demo-key-ana');
    const streamed = expectOk(await loadCatalog(client, undefined, catalogAssembly(), new AbortController().signal));
    const held = expectOk(await listDatasets(client)).datasets.map((dataset) => fromDataset(dataset, undefined));
    assert.ok(held.length > 0);
    assert.deepEqual(streamed.datasets, held);
    const collaboration = expectOk(await loadCatalog(client, 'CLB.demo', catalogAssembly(), new AbortController().signal));
    const pages = expectOk(await collectAllPages(client, 'listCollaborationDatasets', { params: { collaboration_id: 'CLB.demo' } }));
    assert.deepEqual(collaboration.datasets.map((d) => d.name), pages.map((d) => d.collaboration_dataset_name));
  } finally {
    await demo.close();
  }
});
