import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  ActivationSegmentResponseSchema, CalculateActivationSegmentResponseSchema, DeleteActivationSegmentResponseSchema,
  ExportActivationSegmentResponseSchema, GetActivationSegmentExportResponseSchema, ListActivationSegmentExportsResponseSchema,
  ListActivationSegmentsResponseSchema, QueryResultSchema,
} from '../../../../../common/api';
import { expectShape, expectV2Error, pollQuery, startTestServer } from '../../test-server';
import type { TestServer } from '../../test-server';

const SEGMENTS = '/api/v2/collaborations/CLB.t/activation-segments';

describe('API 2.0 activation segment routes', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it("lists the catalog's segments with their target dataset", async () => {
    const list = expectShape(ListActivationSegmentsResponseSchema, await server.call('GET', SEGMENTS, { key: 'key-b' }));
    assert.deepEqual(list.activation_segments.map((s) => [s.id, s.status]), [['ATS.t1', 'ACTIVATION_SEGMENT_STATUS_READY']]);
    assert.match(list.activation_segments[0]?.target_dataset_id ?? '', /^CLOUDA_EU_WEST_2\.shop/);
  });

  it('creates, updates, calculates, exports and deletes a segment', async () => {
    const created = expectShape(
      ActivationSegmentResponseSchema,
      await server.call('POST', SEGMENTS, { body: { name: 'Cyclists', query: "SELECT mine.ID FROM mine INTERSECT yours WHERE yours.Interest = 'Cycling'" } }),
    ).activation_segment;
    assert.equal(created.id, 'ATS.new1');
    assert.deepEqual(created.exported_columns, ['ID']);
    assert.equal(created.column_separator, ',');

    const updated = expectShape(ActivationSegmentResponseSchema, await server.call('PATCH', `${SEGMENTS}/${created.id}`, { body: { column_separator: ';' } }));
    assert.equal(updated.activation_segment.column_separator, ';');
    assert.equal(updated.activation_segment.name, 'Cyclists');

    const calculation = expectShape(CalculateActivationSegmentResponseSchema, await server.call('POST', `${SEGMENTS}/${created.id}/calculate`));
    await pollQuery(server, calculation.query_id);
    const result = expectShape(QueryResultSchema, await server.call('GET', `/api/v1/queries/${calculation.query_id}/result`));
    assert.equal(String(result.audience), '1');
    const calculated = expectShape(ActivationSegmentResponseSchema, await server.call('GET', `${SEGMENTS}/${created.id}`)).activation_segment;
    assert.equal(calculated.status, 'ACTIVATION_SEGMENT_STATUS_READY');
    assert.equal(String(calculated.row_count), '1');
    assert.equal(calculated.segment_history?.length, 1);

    const exported = expectShape(ExportActivationSegmentResponseSchema, await server.call('POST', `${SEGMENTS}/${created.id}/export`, { body: { destination_id: 'DST.a' } }));
    let details = expectShape(GetActivationSegmentExportResponseSchema, await server.call('GET', `${SEGMENTS}/${created.id}/exports/${exported.export_id}`)).export_details;
    for (let poll = 0; poll < 20 && details.status !== 'EXPORT_STATUS_SUCCESSFUL'; poll++) {
      await new Promise((resolve) => setImmediate(resolve));
      details = expectShape(GetActivationSegmentExportResponseSchema, await server.call('GET', `${SEGMENTS}/${created.id}/exports/${exported.export_id}`)).export_details;
    }
    assert.equal(details.status, 'EXPORT_STATUS_SUCCESSFUL');
    assert.equal(String(details.row_count), '1');
    assert.deepEqual(details.push_config, { host: 'sftp.alpha.example' });
    const exports = expectShape(ListActivationSegmentExportsResponseSchema, await server.call('GET', `${SEGMENTS}/${created.id}/exports`));
    assert.deepEqual(exports.activation_exports.map((e) => e.export_id), [exported.export_id]);

    assert.deepEqual(expectShape(DeleteActivationSegmentResponseSchema, await server.call('DELETE', `${SEGMENTS}/${created.id}`)), {});
    expectV2Error(await server.call('GET', `${SEGMENTS}/${created.id}`), 404, 'NOT_FOUND');
  });

  it('refuses an invalid query with its position in the 2.0 message', async () => {
    const reply = await server.call('POST', SEGMENTS, { body: { name: 'Bad', query: 'SELECT mine.Nope FROM mine' } });
    assert.match(expectV2Error(reply, 400, 'INVALID_ARGUMENT'), /^line 1, column \d+: /);
    expectV2Error(await server.call('POST', SEGMENTS, { body: { name: '  ', query: 'SELECT mine.ID FROM mine' } }), 400, 'INVALID_ARGUMENT');
    expectV2Error(await server.call('POST', SEGMENTS, { body: { query: 'SELECT mine.ID FROM mine' } }), 400, 'INVALID_ARGUMENT');
  });

  it('needs the operator right to change segments, and exports only where the dataset allows', async () => {
    const body = { name: 'X', query: 'SELECT mine.ID FROM mine' };
    expectV2Error(await server.call('POST', SEGMENTS, { body, key: 'key-b' }), 403, 'PERMISSION_DENIED');
    expectV2Error(await server.call('POST', `${SEGMENTS}/ATS.t1/calculate`, { key: 'key-b' }), 403, 'PERMISSION_DENIED');
    expectV2Error(await server.call('DELETE', `${SEGMENTS}/ATS.t1`, { key: 'key-b' }), 403, 'PERMISSION_DENIED');
    const toBeta = await server.call('POST', `${SEGMENTS}/ATS.t1/export`, { body: { destination_id: 'DST.b' } });
    assert.match(expectV2Error(toBeta, 403, 'PERMISSION_DENIED'), /may not be exported/);
    expectV2Error(await server.call('POST', `${SEGMENTS}/ATS.t1/export`, { body: { destination_id: 'DST.none' } }), 404, 'NOT_FOUND');
  });
});
