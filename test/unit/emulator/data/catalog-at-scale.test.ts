/**
 * What keeps a large catalog cheap to load, checked by counting structures rather than by
 * timing (bench/emulator-catalog.bench.ts has the times): catalog.json is streamed and never
 * read whole when it is sound, a category written alike in many datasets is one object,
 * datasets without rows share their columns, files are read a few at a time, and List
 * Datasets is written dataset by dataset with the bytes a whole answer would have.
 */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import type { CatalogInput } from '../../../../emulator/src/data/catalog-schema';
import { createMemorySource } from '../../../../emulator/src/data/folder-source';
import type { FolderSource } from '../../../../emulator/src/data/folder-source';
import { loadFolderSource } from '../../../../emulator/src/data/load-data-folder';
import { readCatalog } from '../../../../emulator/src/data/read-catalog';
import { readCatalogStreamed } from '../../../../emulator/src/data/read-catalog-streamed';
import { v1DatasetListingText, toV1Dataset } from '../../../../emulator/src/views/v1-dataset-view';
import { startTestServer } from '../test-server';
import { tinyFiles } from '../tiny-folder';

const DATASETS = 300;
const CATEGORIES = 20;

function wideCatalog(): CatalogInput {
  const categories = Array.from({ length: CATEGORIES }, (_, c) => ({
    label: `Category${c}`,
    data_type: c % 2 === 0 ? ('STRINGS' as const) : ('INTEGERS' as const),
    representations: [{ label: `Category${c}`, ...(c % 2 === 0 ? { possible_values: ['A', 'B'] } : {}) }],
  }));
  return {
    companies: [{ id: 'CMP.w', name: 'Wide' }],
    users: [{ id: 'USR.w', display_name: 'W', company_id: 'CMP.w', api_key: 'key-w' }],
    datasets: Array.from({ length: DATASETS }, (_, d) => ({
      private_id: `Set${d}`,
      public_name: `Set ${d}`,
      owner_company_id: 'CMP.w',
      keys: ['email'],
      categories,
      // Every tenth dataset has rows: those keep columns of their own.
      file: d % 10 === 0 ? 'rows.csv' : `empty${d}.csv`,
    })),
  };
}

function wideFiles(): Map<string, string> {
  const header = ['email', ...Array.from({ length: CATEGORIES }, (_, c) => `Category${c}`)].join(',');
  const files = new Map<string, string>([['catalog.json', JSON.stringify(wideCatalog(), null, 1)]]);
  files.set('rows.csv', `${header}\na@x,${Array.from({ length: CATEGORIES }, (_, c) => (c % 2 === 0 ? 'A' : String(c))).join(',')}\n`);
  for (let d = 0; d < DATASETS; d++) if (d % 10 !== 0) files.set(`empty${d}.csv`, `${header}\n`);
  return files;
}

/** A memory source that counts whole-text reads and the streams open at once. */
function countingSource(files: Map<string, string>): { source: FolderSource; counts: { wholeReads: number; opened: number; mostOpen: number } } {
  const inner = createMemorySource(files);
  const counts = { wholeReads: 0, opened: 0, mostOpen: 0 };
  const open = new Set<Readable>();
  const source: FolderSource = {
    describe: inner.describe,
    readText: (name) => {
      counts.wholeReads++;
      return inner.readText(name);
    },
    openStream: (name) => {
      counts.opened++;
      // The loader destroys a stream once it has read it (its 'close' comes a tick later).
      for (const stream of open) if (stream.destroyed) open.delete(stream);
      const stream = inner.openStream(name);
      open.add(stream);
      counts.mostOpen = Math.max(counts.mostOpen, open.size);
      return stream;
    },
  };
  return { source, counts };
}

describe('a large catalog', () => {
  it('is streamed once, never read whole, and its files are read a few at a time', async () => {
    const { source, counts } = countingSource(wideFiles());
    const result = await loadFolderSource(source);
    assert.ok(result.ok, result.ok ? '' : JSON.stringify(result.problems));
    assert.equal(result.data.datasets.size, DATASETS);
    assert.equal(counts.wholeReads, 0, 'a sound catalog.json is not read a second time, whole');
    assert.equal(counts.opened, DATASETS + 1, 'catalog.json and each dataset file once');
    assert.ok(counts.mostOpen <= 9, `at most 8 dataset files and the catalog open at once, saw ${counts.mostOpen}`);
  });

  it('shares one object per category text, and one set of columns among datasets without rows', async () => {
    const result = await loadFolderSource(createMemorySource(wideFiles()));
    assert.ok(result.ok);
    const datasets = [...result.data.datasets.values()];
    const categoryObjects = new Set(datasets.flatMap((dataset) => dataset.meta.categories));
    assert.equal(categoryObjects.size, CATEGORIES);

    const empty = datasets.filter((dataset) => dataset.rowCount === 0);
    assert.equal(empty.length, DATASETS - DATASETS / 10);
    assert.equal(new Set(empty.map((dataset) => dataset.columns)).size, 1, 'every empty dataset holds the same column map');
    const shared = empty[0]?.columns;
    assert.deepEqual([...(shared?.keys() ?? [])], ['email', ...Array.from({ length: CATEGORIES }, (_, c) => `Category${c}`)]);
    for (const column of shared?.values() ?? []) assert.equal(column.codes.length, 0);

    const withRows = datasets.filter((dataset) => dataset.rowCount > 0);
    assert.equal(withRows.length, DATASETS / 10);
    assert.equal(new Set(withRows.map((dataset) => dataset.columns)).size, withRows.length, 'a dataset with rows has columns of its own');
    assert.equal(withRows[0]?.columns.get('Category1')?.text(0), '1');
  });

  it('reads the same catalog as the whole-text reader', async () => {
    for (const text of [JSON.stringify(wideCatalog()), tinyFiles().get('catalog.json') ?? '']) {
      const whole = readCatalog(text, 'catalog.json');
      assert.ok(whole.ok);
      assert.deepEqual(await readCatalogStreamed(Readable.from([Buffer.from(text)])), whole.catalog);
    }
  });

  it('leaves a dataset that names its categories twice to the whole-text reader, which keeps the last', async () => {
    // The first dataset's categories, then none: JSON.parse keeps none.
    const text = JSON.stringify(wideCatalog()).replace('"file":', '"categories":[],"file":');
    assert.equal(await readCatalogStreamed(Readable.from([Buffer.from(text)])), undefined);
    const result = await loadFolderSource(createMemorySource(new Map([...wideFiles(), ['catalog.json', text]])));
    assert.ok(result.ok);
    assert.equal(result.data.catalog.datasets[0]?.categories.length, 0);
    assert.equal(result.data.catalog.datasets[1]?.categories.length, CATEGORIES);
  });

  it('leaves a catalog that is not sound to the whole-text reader, which names the line', async () => {
    const text = JSON.stringify(wideCatalog(), null, 1).replace('"Set 7"', '"Set 7",,');
    assert.equal(await readCatalogStreamed(Readable.from([Buffer.from(text)])), undefined);
    const { source, counts } = countingSource(new Map([...wideFiles(), ['catalog.json', text]]));
    const result = await loadFolderSource(source);
    assert.equal(result.ok, false);
    assert.equal(counts.wholeReads, 1);
    const line = text.split('\n').findIndex((candidate) => candidate.includes(',,')) + 1;
    assert.equal(result.ok ? undefined : result.problems[0]?.line, line);
  });

  it('is listed with the JSON of its wire objects, categories without values written once', async () => {
    for (const files of [wideFiles(), tinyFiles()]) {
      const result = await loadFolderSource(createMemorySource(files));
      assert.ok(result.ok);
      for (const dataset of result.data.datasets.values()) {
        assert.equal(v1DatasetListingText(result.data, dataset), JSON.stringify(toV1Dataset(result.data, dataset, false)));
      }
    }
  });

  it('answers List Datasets over HTTP with the bytes of the whole answer', async () => {
    const server = await startTestServer({ files: wideFiles() });
    try {
      const reply = await server.call('GET', '/api/v1/datasets?sort.by=public_name', { key: 'key-w' });
      assert.equal(reply.status, 200);
      assert.equal(reply.headers.get('content-type'), 'application/json; charset=utf-8');
      const listed = (reply.json as { datasets: { public_name: string; stats: { categories: unknown[] } }[] }).datasets;
      assert.equal(listed.length, DATASETS);
      assert.equal(listed[0]?.public_name, 'Set 0');
      assert.equal(listed[0]?.stats.categories.length, CATEGORIES);
      assert.equal(reply.text, JSON.stringify(reply.json));

      // A 2.0 page made from its own datasets only equals the page cut from every wire object.
      const page = await server.call('GET', '/api/v2/datasets?pagination.page=2&pagination.per_page=100', { key: 'key-w' });
      const filtered = await server.call('GET', '/api/v2/datasets?pagination.page=2&pagination.per_page=100&filter=owner_id%20eq%20CMP.w', { key: 'key-w' });
      assert.equal(page.status, 200);
      assert.deepEqual(page.json, filtered.json);
      assert.deepEqual((page.json as { pagination: unknown }).pagination, { next_page: 3, results: 100, total_results: DATASETS });

      // So does a page in private-ID order (what the Datasets view reads), either direction.
      for (const direction of ['', '%20DESC']) {
        const ordered = await server.call('GET', `/api/v2/datasets?pagination.page=2&pagination.per_page=100&order_by=private_id${direction}`, { key: 'key-w' });
        const orderedFromAll = await server.call('GET', `/api/v2/datasets?pagination.page=2&pagination.per_page=100&order_by=private_id${direction}&filter=owner_id%20eq%20CMP.w`, { key: 'key-w' });
        assert.equal(ordered.status, 200);
        assert.deepEqual(ordered.json, orderedFromAll.json);
        assert.notDeepEqual(ordered.json, page.json, 'the order is not the catalog order');
      }
    } finally {
      await server.close();
    }
  });
});
