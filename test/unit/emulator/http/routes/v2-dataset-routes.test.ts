import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { GetDatasetV2ResponseSchema, ListDatasetsV2ResponseSchema } from '../../../../../common/api';
import { expectShape, expectV2Error, startTestServer } from '../../test-server';
import type { TestServer } from '../../test-server';

describe('API 2.0 dataset routes', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it("lists the company's own datasets with their 2.0 IDs, not those a permission lets it query", async () => {
    const list = expectShape(ListDatasetsV2ResponseSchema, await server.call('GET', '/api/v2/datasets'));
    assert.deepEqual(list.datasets.map((d) => [d.private_id, d.dataset_type]), [['Shop', 'DATASET_TYPE_IDENTITY']]);
    assert.deepEqual(list.pagination, { results: 1, total_results: 1 });
    const filtered = expectShape(ListDatasetsV2ResponseSchema, await server.call('GET', '/api/v2/datasets?filter=owner_id%20eq%20CMP.b'));
    assert.deepEqual(filtered.datasets.map((d) => d.private_id), []);
  });

  it("gets one of the company's own by dataset ID, and answers 404 for any other, another company's too", async () => {
    const { dataset } = expectShape(GetDatasetV2ResponseSchema, await server.call('GET', '/api/v2/datasets/CLOUDA_EU_WEST_2.news', { key: 'key-b' }));
    assert.equal(dataset.public_name, 'News readers');
    const foreign = expectV2Error(await server.call('GET', '/api/v2/datasets/CLOUDA_EU_WEST_2.news'), 404, 'NOT_FOUND');
    const missing = expectV2Error(await server.call('GET', '/api/v2/datasets/nosuch'), 404, 'NOT_FOUND');
    assert.equal(foreign.replace('CLOUDA_EU_WEST_2.news', 'nosuch'), missing);
  });
});
