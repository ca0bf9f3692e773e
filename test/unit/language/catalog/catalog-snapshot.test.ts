import { test } from 'node:test';
import assert from 'node:assert/strict';
import { catalogAssembly } from '../../../../language/src/catalog/catalog-from-wire';
import type { CatalogDataset } from '../../../../language/src/catalog/catalog';
import { createCatalog } from '../../../../language/src/catalog/catalog';
import { fromCatalogSnapshot, toCatalogSnapshot } from '../../../../language/src/catalog/catalog-snapshot';
import type { Dataset } from '../../../../common/api';

function wireDataset(id: string): Dataset {
  return {
    private_id: id,
    public_name: `Public ${id}`,
    owner: { id: 'CMP.a', display_name: 'Acme' },
    product: 'INSIGHT',
    stats: {
      row_count: '1200',
      keys: [{ label: 'email' }],
      identities: [{ name: 'hashed_email' }],
      categories: [
        { label: 'Age', unit: 'years', representations: [{ label: 'Age', data_type: 'INTEGERS', statistics: { average: 41.5, num_distinct: 80 } }] },
        { label: 'Gender', representations: [{ label: 'Gender', data_type: 'STRINGS', possible_values: ['F', 'M'] }] },
      ],
    },
  } as Dataset;
}

const collaborationDataset: CatalogDataset = {
  name: 'shared_members',
  privateId: 'DS.9',
  keys: ['email'],
  categories: [{ label: 'Tier', representations: [{ label: 'Tier', dataType: 'STRINGS', bins: [1, 2] }] }],
  outputColumns: [],
  activation: false,
  categoriesKnown: true,
  restrictions: { intersectionOnly: true, activationAllowed: false, allowedAttributes: ['Tier'], exportableToMembers: [] },
};

/** Every field of `dataset`, as a plain object: a dataset read back is a view with getters. */
function fields(dataset: CatalogDataset): Record<string, unknown> {
  const keys: (keyof CatalogDataset)[] = ['name', 'privateId', 'publicName', 'description', 'ownerName', 'rowCount', 'keys', 'outputColumns', 'categories', 'activation', 'categoriesKnown', 'restrictions'];
  return Object.fromEntries(keys.map((key) => [key, dataset[key]]));
}

function assembled() {
  const assembly = catalogAssembly();
  return assembly.finish([assembly.fromDataset(wireDataset('DS.1'), undefined), assembly.fromDataset(wireDataset('DS.2'), undefined), collaborationDataset]);
}

test('a catalog read back from its snapshot (through JSON) equals it, names resolve, and shared parts stay shared', () => {
  const catalog = assembled();
  const read = fromCatalogSnapshot(JSON.parse(JSON.stringify(toCatalogSnapshot(catalog))));
  assert.ok(read);
  assert.deepEqual(read.datasets.map(fields), catalog.datasets.map(fields));
  assert.equal(read.findDataset('DS.1')?.publicName, 'Public DS.1');
  assert.equal(read.findDataset('DS.1')?.description, undefined, 'an absent field reads as undefined');
  assert.equal(read.findDataset('shared_members')?.restrictions?.intersectionOnly, true);
  assert.equal(read.findDataset('DS.2')?.categories, read.findDataset('DS.1')?.categories, 'one category list for equal datasets');
  assert.equal(read.findDataset('nope'), undefined);
});

test('the snapshot writes a shared category list once, and an owner\'s name once', () => {
  const snapshot = toCatalogSnapshot(assembled());
  assert.equal(snapshot.categoryLists.length, 2);
  assert.equal(snapshot.categories.length, 3);
  assert.deepEqual(snapshot.ownerNames, ['Acme']);
  assert.deepEqual(snapshot.datasets.ownerName, [0, 0, null]);
  assert.deepEqual(snapshot.datasets.privateId, [null, null, 'DS.9'], 'written only where it is not the name');
});

test('a snapshot read back is read again the same: its views encode as the datasets they show', () => {
  const once = JSON.stringify(toCatalogSnapshot(assembled()));
  const read = fromCatalogSnapshot(JSON.parse(once));
  assert.ok(read);
  assert.equal(JSON.stringify(toCatalogSnapshot(read)), once);
});

test('anything that is not a snapshot of this format reads as undefined, never throws', () => {
  const good = JSON.parse(JSON.stringify(toCatalogSnapshot(assembled()))) as Record<string, unknown>;
  const columns = good['datasets'] as Record<string, unknown[]>;
  const withColumn = (name: string, values: unknown[]) => ({ ...good, datasets: { ...columns, [name]: values } });
  const broken: unknown[] = [
    undefined,
    null,
    42,
    [],
    { ...good, format: 999 },
    { ...good, categories: 'no' },
    { ...good, categoryLists: [[0, 7]] },
    { ...good, count: 4 },
    { ...good, count: -1 },
    { ...good, datasets: [] },
    withColumn('keys', [99, 0, 0]),
    withColumn('name', [5, 'DS.2', 'shared_members']),
    withColumn('name', ['DS.1', 'DS.2']),
    withColumn('ownerName', [0, 1, null]),
    withColumn('activation', [0, false, false]),
    withColumn('restrictions', [null, null, { intersectionOnly: 'yes' }]),
    { ...good, datasets: { ...columns, rowCount: undefined } },
    { ...good, categories: [{ label: 'Age', representations: [{ label: 1 }] }] },
    { ...good, textLists: [[1]] },
  ];
  for (const value of broken) assert.equal(fromCatalogSnapshot(value), undefined, JSON.stringify(value)?.slice(0, 80));
});

test('an empty catalog round-trips', () => {
  const read = fromCatalogSnapshot(JSON.parse(JSON.stringify(toCatalogSnapshot(createCatalog([])))));
  assert.deepEqual(read?.datasets, []);
});
