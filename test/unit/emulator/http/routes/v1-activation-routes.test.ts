import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  GetActivationResponseSchema, ListActivationsResponseSchema, QueueActivationResponseSchema, ValidationResponseSchema,
} from '../../../../../common/api';
import { expectShape, expectV1Error, startTestServer } from '../../test-server';
import type { TestServer } from '../../test-server';

describe('API 1.0 activation routes', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('validates activation queries and refuses insight queries', async () => {
    const valid = await server.call('POST', '/api/v1/activations/validate', { body: { query: 'SELECT Shop.ID FROM Shop INTERSECT News' } });
    assert.deepEqual(expectShape(ValidationResponseSchema, valid), { success: true });
    const insight = await server.call('POST', '/api/v1/activations/validate', { body: { query: 'SELECT COUNT() FROM Shop' } });
    assert.match(expectV1Error(insight, 400).message, /insight/);
  });

  it('refuses output columns of a dataset that is not an activation dataset', async () => {
    const reply = await server.call('POST', '/api/v1/activations/validate', { body: { query: 'SELECT News.Interest FROM News' } });
    expectV1Error(reply, 400);
  });

  it('queues an activation that a poll finds completed once the engine finished, with its row count', async () => {
    const body = { query: 'SELECT Shop.ID FROM Shop INTERSECT News', campaign_name: 'Spring' };
    const queued = expectShape(QueueActivationResponseSchema, await server.call('POST', '/api/v1/activations', { body }));
    assert.equal(queued.query_completed, false);
    const statuses: string[] = [];
    for (let poll = 0; poll < 20 && statuses[statuses.length - 1] !== 'QUERY_COMPLETED'; poll++) {
      const reply = await server.call('GET', `/api/v1/activations/${queued.activation_id}`);
      statuses.push(expectShape(GetActivationResponseSchema, reply).activation.summary?.status ?? '');
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Done as soon as the engine finished, which it did on the turn after the queue was answered.
    assert.deepEqual(statuses, ['QUERY_COMPLETED']);
    const activation = expectShape(GetActivationResponseSchema, await server.call('GET', `/api/v1/activations/${queued.activation_id}`)).activation;
    assert.equal(String(activation.summary?.total_rows), '3');
    assert.deepEqual(activation.output_columns, ['ID']);
    assert.equal(activation.summary?.query_successful, true);
    const list = expectShape(ListActivationsResponseSchema, await server.call('GET', '/api/v1/activations?filter.campaign_name=spr'));
    assert.deepEqual(list.activations.map((summary) => summary.activation_id), [queued.activation_id]);
    const none = expectShape(ListActivationsResponseSchema, await server.call('GET', '/api/v1/activations', { key: 'key-b' }));
    assert.deepEqual(none.activations, []);
  });

  it('lists collaboration activations only when asked for that collaboration', async () => {
    const body = { query: 'SELECT mine.ID FROM mine INTERSECT yours', collaboration_id: 'CLB.t' };
    const queued = expectShape(QueueActivationResponseSchema, await server.call('POST', '/api/v1/activations', { body }));
    const plain = expectShape(ListActivationsResponseSchema, await server.call('GET', '/api/v1/activations'));
    assert.ok(!plain.activations.some((summary) => summary.activation_id === queued.activation_id));
    const scoped = expectShape(ListActivationsResponseSchema, await server.call('GET', '/api/v1/activations?filter.collaboration_id=CLB.t'));
    assert.deepEqual(scoped.activations.map((summary) => summary.activation_id), [queued.activation_id]);
  });

  it('answers 404 for an unknown activation', async () => {
    expectV1Error(await server.call('GET', '/api/v1/activations/ACT.nosuch'), 404);
  });
});
