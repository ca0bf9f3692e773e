import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  AttributeColumnStatsResponseSchema, CollaborationDatasetDetailSchema, ExportColumnStatsResponseSchema, GetCollaborationConnectionResponseSchema,
  GetCollaborationDestinationResponseSchema, GetCollaborationResponseSchema, KeyColumnStatsResponseSchema, ListCollaborationConnectionsResponseSchema,
  ListCollaborationDatasetsResponseSchema, ListCollaborationDestinationsResponseSchema, ListCollaborationsResponseSchema, SummaryStatsResponseSchema,
} from '../../../../../common/api';
import { expectShape, expectV2Error, startTestServer } from '../../test-server';
import type { TestServer } from '../../test-server';

describe('API 2.0 collaboration routes', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('lists collaborations page by page', async () => {
    const first = expectShape(ListCollaborationsResponseSchema, await server.call('GET', '/api/v2/collaborations?pagination.per_page=1'));
    assert.deepEqual(first.collaborations.map((c) => c.id), ['CLB.t']);
    assert.deepEqual(first.pagination, { next_page: 2, results: 1, total_results: 2 });
    const second = expectShape(ListCollaborationsResponseSchema, await server.call('GET', '/api/v2/collaborations?pagination.per_page=1&pagination.page=2'));
    assert.deepEqual(second.collaborations.map((c) => c.id), ['CLB.u']);
    assert.deepEqual(second.pagination, { results: 1, total_results: 2 });
    expectV2Error(await server.call('GET', '/api/v2/collaborations?pagination.per_page=501'), 400, 'INVALID_ARGUMENT');
    const sorted = expectShape(ListCollaborationsResponseSchema, await server.call('GET', '/api/v2/collaborations?order_by=id%20DESC'));
    assert.deepEqual(sorted.collaborations.map((c) => c.id), ['CLB.u', 'CLB.t']);
  });

  it('shows a collaboration with members, rights and datasets', async () => {
    const { collaboration } = expectShape(GetCollaborationResponseSchema, await server.call('GET', '/api/v2/collaborations/CLB.t'));
    assert.equal(collaboration.owner?.id, 'CMP.a');
    assert.deepEqual(collaboration.members[0]?.rights, { contributor: true, detailed_logs: false, operator: false });
    assert.deepEqual(collaboration.activation_datasets?.map((d) => d.collaboration_dataset_name), ['mine']);
    assert.deepEqual(collaboration.insight_datasets?.map((d) => d.collaboration_dataset_name), ['yours']);
    assert.deepEqual(collaboration.destination_ids, ['DST.a', 'DST.b']);
  });

  it('lists the collaboration datasets by the names queries use', async () => {
    const list = expectShape(ListCollaborationDatasetsResponseSchema, await server.call('GET', '/api/v2/collaborations/CLB.t/datasets'));
    assert.deepEqual(list.datasets.map((d) => [d.collaboration_dataset_name, d.type, String(d.row_count)]), [
      ['mine', 'DATASET_TYPE_IDENTITY', '5'],
      ['yours', 'DATASET_TYPE_INSIGHT', '4'],
    ]);
    assert.deepEqual(list.datasets[0]?.attributes.map((a) => [a.label, a.value_type]), [['Age', 'INTEGER'], ['Gender', 'STRING']]);
    assert.deepEqual(list.datasets[0]?.output_columns, ['ID']);
    const detail = expectShape(CollaborationDatasetDetailSchema, await server.call('GET', '/api/v2/collaborations/CLB.t/datasets/CLOUDA_EU_WEST_2.news'));
    assert.equal(detail.collaboration_dataset_name, 'yours');
    assert.equal(detail.region, 'AWS_EU_WEST_2');
    assert.equal(detail.keys[0]?.fill_rate, 1);
    expectV2Error(await server.call('GET', '/api/v2/collaborations/CLB.t/datasets/nosuch'), 404, 'NOT_FOUND');
  });

  it('answers the four stats of a dataset', async () => {
    const base = '/api/v2/collaborations/CLB.t/datasets/mine/stats';
    const summary = expectShape(SummaryStatsResponseSchema, await server.call('GET', `${base}/summary`));
    assert.deepEqual(summary, { attribute_columns: '2', export_columns: '1', key_columns: '1', total_rows: '5' });
    const keys = expectShape(KeyColumnStatsResponseSchema, await server.call('GET', `${base}/key_columns`));
    assert.equal(keys.key_stats[0]?.key_label, 'email');
    assert.equal(String(keys.key_stats[0]?.valid_values), '4');
    const exports = expectShape(ExportColumnStatsResponseSchema, await server.call('GET', `${base}/export_columns`));
    assert.equal(String(exports.label_to_stats?.ID?.distinct_values), '5');
    const attributes = expectShape(AttributeColumnStatsResponseSchema, await server.call('GET', `${base}/attribute_columns`));
    assert.deepEqual(attributes.attribute_stats.map((stat) => stat.representation_label), ['Age', 'Decades', 'Gender']);
    assert.deepEqual(attributes.attribute_stats.map((stat) => stat.representation_id), ['1', '2', '3'], 'the global schema\'s representation IDs');
    const gender = attributes.attribute_stats[2];
    assert.deepEqual(gender?.most_common?.occurrences?.[0], { frequency: 0.4, string_value: 'Female' });
  });

  it('lists destinations and shows a configuration to its owner only', async () => {
    const list = expectShape(ListCollaborationDestinationsResponseSchema, await server.call('GET', '/api/v2/collaborations/CLB.t/destinations'));
    assert.deepEqual(list.destinations.map((d) => d.id), ['DST.a', 'DST.b']);
    const own = expectShape(GetCollaborationDestinationResponseSchema, await server.call('GET', '/api/v2/collaborations/CLB.t/destinations/DST.a'));
    assert.deepEqual(own.destination.config, { host: 'sftp.alpha.example' });
    const other = expectShape(GetCollaborationDestinationResponseSchema, await server.call('GET', '/api/v2/collaborations/CLB.t/destinations/DST.a', { key: 'key-b' }));
    assert.deepEqual(other.destination.config, {});
    expectV2Error(await server.call('GET', '/api/v2/collaborations/CLB.t/destinations/DST.x'), 404, 'NOT_FOUND');
  });

  it('lists connections between the collaboration datasets', async () => {
    const list = expectShape(ListCollaborationConnectionsResponseSchema, await server.call('GET', '/api/v2/collaborations/CLB.t/connections'));
    assert.equal(list.connections.length, 1);
    const connection = list.connections[0];
    assert.equal(connection?.id, 'CNX.mine.yours');
    assert.deepEqual(connection?.highest_overlap_key, { id: '1', intersection: '3', intersection_percentage: 75, name: 'email' });
    const single = expectShape(GetCollaborationConnectionResponseSchema, await server.call('GET', '/api/v2/collaborations/CLB.t/connections/CNX.mine.yours'));
    assert.equal(single.connection.keys?.length, 1);
  });
});
