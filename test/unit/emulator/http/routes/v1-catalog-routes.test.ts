import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  GetConnectionResponseSchema, GetDatasetMetadataResponseSchema, HealthResponseSchema, ListConnectionsResponseSchema,
  ListDatasetsResponseSchema, ListPermissionsResponseSchema,
} from '../../../../../common/api';
import { expectShape, expectV1Error, startTestServer } from '../../test-server';
import type { TestServer } from '../../test-server';

describe('API 1.0 catalog routes', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('answers the health check', async () => {
    assert.deepEqual(expectShape(HealthResponseSchema, await server.call('GET', '/api/v1/health')), { status: 'AVAILABLE' });
  });

  it('describes a dataset: categories, representations, data types, possible values, keys, activation', async () => {
    const reply = await server.call('GET', '/api/v1/datasets/Shop');
    const { dataset, schema } = expectShape(GetDatasetMetadataResponseSchema, reply);
    assert.equal(dataset.product, 'IDENTITY');
    assert.equal(String(dataset.stats?.row_count), '5');
    assert.deepEqual(dataset.stats?.identities, [{ name: 'ID' }]);
    const age = schema?.categories.find((category) => category.label === 'Age');
    assert.deepEqual(
      age?.representations.map((representation) => [representation.label, representation.data_type, representation.possible_values]),
      [
        ['Age', 'INTEGERS', undefined],
        ['Decades', 'INTEGER_RANGES', ['[0, 20)', '[20, 40)', '[40, 60)']],
      ],
    );
    assert.equal(age?.representations[0]?.statistics?.null_fraction, 0.2);
    assert.equal(age?.representations[0]?.statistics?.num_distinct, 4);
    const gender = schema?.categories.find((category) => category.label === 'Gender');
    assert.deepEqual(gender?.representations[0]?.possible_values, ['Female', 'Male', 'Other']);
    assert.deepEqual(schema?.keys, [{ label: 'email', null_fraction: 0.2, num_distinct: 4 }]);
  });

  it('lists possible values of a small text column the owner did not list', async () => {
    const { schema } = expectShape(GetDatasetMetadataResponseSchema, await server.call('GET', '/api/v1/datasets/News'));
    assert.deepEqual(schema?.categories[0]?.representations[0]?.possible_values, ['Cycling', 'Football', 'Running']);
  });

  it('filters datasets by ownership and private ID', async () => {
    const owned = expectShape(ListDatasetsResponseSchema, await server.call('GET', '/api/v1/datasets?filter.ownership=OWNED'));
    assert.deepEqual(owned.datasets.map((dataset) => dataset.private_id), ['Shop']);
    const byName = expectShape(ListDatasetsResponseSchema, await server.call('GET', '/api/v1/datasets?filter.datasets.private_ids=NEW'));
    assert.deepEqual(byName.datasets.map((dataset) => dataset.private_id), ['News']);
    expectV1Error(await server.call('GET', '/api/v1/datasets?filter.ownership=MINE'), 400);
  });

  it('lists connections from owned to granted datasets with their key overlaps', async () => {
    const list = expectShape(ListConnectionsResponseSchema, await server.call('GET', '/api/v1/connections'));
    assert.equal(list.connections.length, 1);
    const connection = list.connections[0];
    assert.equal(connection?.from_dataset_private_id, 'Shop');
    assert.equal(connection?.to_dataset_private_id, 'News');
    assert.equal(connection?.selected_key_name, 'email');
    assert.deepEqual([connection?.keys[0]?.intersection, connection?.keys[0]?.union, connection?.keys[0]?.exclude], ['3', '5', '1']);
    assert.deepEqual(list.datasets.map((dataset) => dataset.private_id), ['Shop', 'News']);
    const single = expectShape(GetConnectionResponseSchema, await server.call('GET', '/api/v1/connections/Shop/News'));
    assert.deepEqual(single.connection, connection);
    expectV1Error(await server.call('GET', '/api/v1/connections/Shop/Secret'), 404);
  });

  it('lists permissions offered to and by the company', async () => {
    const all = expectShape(ListPermissionsResponseSchema, await server.call('GET', '/api/v1/permissions'));
    assert.deepEqual(all.permissions.map((permission) => [permission.private_id, permission.accepted]), [['News', true], ['Secret', false]]);
    const active = expectShape(ListPermissionsResponseSchema, await server.call('GET', '/api/v1/permissions?filter.accepted=ACTIVE'));
    assert.deepEqual(active.permissions.map((permission) => permission.private_id), ['News']);
    const outgoing = expectShape(ListPermissionsResponseSchema, await server.call('GET', '/api/v1/permissions?filter.direction=OUTGOING'));
    assert.deepEqual(outgoing.permissions, []);
  });
});
