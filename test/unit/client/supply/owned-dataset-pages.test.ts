import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { datasetPickRows, ownedDatasetPages } from '../../../../client/src/supply/owned-dataset-pages';
import { startTestServer, type TestServer } from '../../emulator/test-server';
import { createTestClient } from '../../service/test-client';
import { directProfileService } from '../direct-profile-service';

describe('the company datasets a page at a time', () => {
  it('reads List Datasets 2.0 pages from the emulator, only the company’s own', async (t) => {
    const server: TestServer = await startTestServer();
    t.after(() => server.close());
    const made = createTestClient(server.base, {}, 'key-a');
    t.after(() => made.close());
    const read = await ownedDatasetPages(directProfileService(made.client), 1).prefix(1);
    assert.ok(read.ok, JSON.stringify(read));
    assert.deepEqual(read.value.items.map((dataset) => dataset.private_id), ['Shop']);
    assert.equal(read.value.total, 1);
  });

  it('makes picker rows of what is shown, and a "Show more…" row only when there is more', () => {
    const shown = [{ dataset_id: 'a', private_id: 'A' }, { dataset_id: 'b', private_id: 'B' }];
    const describe = (dataset: { private_id?: string }): { label: string } => ({ label: dataset.private_id ?? '' });
    const rows = datasetPickRows(shown, 1_500, describe);
    assert.deepEqual(rows.map((row) => [row.label, row.description, row.dataset?.dataset_id]), [
      ['A', undefined, 'a'],
      ['B', undefined, 'b'],
      ['Show more…', '2 of 1,500 shown', undefined],
    ]);
    assert.equal(datasetPickRows(shown, 2, describe).length, 2);
  });
});
