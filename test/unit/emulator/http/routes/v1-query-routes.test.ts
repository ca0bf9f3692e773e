import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  CreateQueryResponseSchema, ExplainQueryResponseSchema, GetQueryResponseSchema, QueryResultSchema, ValidationResponseSchema,
} from '../../../../../common/api';
import { expectShape, expectV1Error, pollQuery, startTestServer } from '../../test-server';
import type { TestServer } from '../../test-server';

describe('API 1.0 query routes', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('ValidateQuery answers {success: true} for a valid query', async () => {
    const reply = await server.call('POST', '/api/v1/validate', { body: { query: 'SELECT COUNT() FROM Shop INTERSECT News' } });
    assert.deepEqual(expectShape(ValidationResponseSchema, reply), { success: true });
    assert.equal(reply.text, '{"success":true}');
  });

  it('ValidateQuery answers 400 with the 1-based line and column as strings', async () => {
    const reply = await server.call('POST', '/api/v1/validate', { body: { query: 'SELECT COUNT()\nFROM Shop\nWHERE Nope = 1' } });
    const error = expectV1Error(reply, 400);
    assert.match(error.message, /Nope/);
    assert.deepEqual(error.metadata, { line: '3', column: '7' });
  });

  it('ValidateQuery refuses an activation query, naming the right endpoint', async () => {
    const reply = await server.call('POST', '/api/v1/validate', { body: { query: 'SELECT Shop.ID FROM Shop' } });
    assert.match(expectV1Error(reply, 400).message, /activation/);
  });

  it('ExplainQuery answers a plan in the swagger shape', async () => {
    const reply = await server.call('POST', '/api/v1/explain', { body: { query: 'SELECT AGGREGATE(Gender) FROM Shop INTERSECT News' } });
    const plan = expectShape(ExplainQueryResponseSchema, reply);
    assert.equal(plan.query_plan?.query, 'SELECT AGGREGATE(Gender) FROM Shop INTERSECT News');
    assert.ok(plan.hop_table.length > 0);
  });

  it('Create a Query is asynchronous: not done when created, result 404 until polled done, done as soon as the engine finished', async () => {
    const query = 'SELECT COUNT() FROM Shop INTERSECT News';
    const created = expectShape(CreateQueryResponseSchema, await server.call('POST', '/api/v1/queries', { body: { query } }));
    assert.equal(created.done, false);
    assert.match(created.query_id, /^Q[0-9a-f]{20}$/);
    expectV1Error(await server.call('GET', `/api/v1/queries/${created.query_id}/result`), 404);
    // The engine ran on the turn after Create was answered: the first poll finds it done.
    const polls = await pollQuery(server, created.query_id);
    assert.equal(polls, 1, 'a finished query is reported done at the first poll');
    const status = expectShape(GetQueryResponseSchema, await server.call('GET', `/api/v1/queries/${created.query_id}`));
    assert.equal(status.done, true);
    const result = expectShape(QueryResultSchema, await server.call('GET', `/api/v1/queries/${created.query_id}/result`));
    assert.equal(String(result.audience), '3');
  });

  it('Create a Query answers 400 for an invalid query and creates nothing', async () => {
    const reply = await server.call('POST', '/api/v1/queries', { body: { query: 'SELECT COUNT( FROM Shop' } });
    const error = expectV1Error(reply, 400);
    assert.equal(error.metadata.line, '1');
  });

  it('a query of another company is unknown', async () => {
    const created = expectShape(CreateQueryResponseSchema, await server.call('POST', '/api/v1/queries', { body: { query: 'SELECT COUNT() FROM Shop' } }));
    expectV1Error(await server.call('GET', `/api/v1/queries/${created.query_id}`, { key: 'key-b' }), 404);
    expectV1Error(await server.call('GET', '/api/v1/queries/Qnosuch'), 404);
  });

  it('queries in a collaboration use collaboration dataset names', async () => {
    const ok = await server.call('POST', '/api/v1/validate', { body: { query: 'SELECT COUNT() FROM mine INTERSECT yours', collaboration_id: 'CLB.t' } });
    assert.equal(ok.status, 200);
    const privateName = await server.call('POST', '/api/v1/validate', { body: { query: 'SELECT COUNT() FROM Shop', collaboration_id: 'CLB.t' } });
    assert.match(expectV1Error(privateName, 400).message, /unknown dataset 'Shop'/);
  });
});
