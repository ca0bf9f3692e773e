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

  it('lists the visible datasets with their 2.0 IDs', async () => {
    const list = expectShape(ListDatasetsV2ResponseSchema, await server.call('GET', '/api/v2/datasets'));
    assert.deepEqual(list.datasets.map((d) => [d.private_id, d.dataset_type]), [['Shop', 'DATASET_TYPE_IDENTITY'], ['News', 'DATASET_TYPE_INSIGHT']]);
    assert.deepEqual(list.pagination, { results: 2, total_results: 2 });
    const filtered = expectShape(ListDatasetsV2ResponseSchema, await server.call('GET', '/api/v2/datasets?filter=owner_id%20eq%20CMP.b'));
    assert.deepEqual(filtered.datasets.map((d) => d.private_id), ['News']);
  });

  it('gets one by dataset ID and answers 404 otherwise', async () => {
    const { dataset } = expectShape(GetDatasetV2ResponseSchema, await server.call('GET', '/api/v2/datasets/CLOUDA_EU_WEST_2.news'));
    assert.equal(dataset.public_name, 'News readers');
    expectV2Error(await server.call('GET', '/api/v2/datasets/nosuch'), 404, 'NOT_FOUND');
  });
});
