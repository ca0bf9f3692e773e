import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ServiceClient, runActivation, runInsightQuery } from '../../../service/src';
import { startTestServer } from '../emulator/test-server';
import type { TestServer } from '../emulator/test-server';
import { recordingClock } from './recording-clock';

const QUERY = 'SELECT COUNT() FROM Shop INTERSECT News';

async function withEmulator(pollsBeforeDone: number | undefined, body: (server: TestServer, client: ServiceClient) => Promise<void>): Promise<void> {
  const server = await startTestServer(pollsBeforeDone === undefined ? {} : { pollsBeforeDone });
  const created = ServiceClient.create({ name: 'tiny', baseUrl: server.base, apiKey: 'key-a' }, { version: '0.0.0' });
  if (!created.ok) throw new Error(created.error.message);
  try {
    await body(server, created.value);
  } finally {
    await created.value.close();
    await server.close();
  }
}

describe('the runners poll the emulator as the polling policy says', () => {
  it('reads a query done by the engine after one poll, 50 ms after it was created', async () => {
    await withEmulator(undefined, async (server, client) => {
      const clock = recordingClock();
      const run = await runInsightQuery(client, { query: QUERY }, { clock });
      assert.ok(run.ok, JSON.stringify(run));
      assert.equal(String(run.value.result.audience), '3');
      assert.deepEqual(clock.waits, [50]);
      assert.equal(server.state.queries.get(run.value.queryId)?.job.polls, 1);
    });
  });

  it('polls a slow query (done after 6 more polls, iql emulator --polls 6) with doubling waits', async () => {
    await withEmulator(6, async (server, client) => {
      const clock = recordingClock();
      const run = await runInsightQuery(client, { query: QUERY }, { clock });
      assert.ok(run.ok, JSON.stringify(run));
      assert.deepEqual(clock.waits, [50, 100, 200, 400, 800, 1_600, 3_000]);
      assert.equal(server.state.queries.get(run.value.queryId)?.job.polls, 7);
    });
  });

  it('follows an activation with the same waits', async () => {
    await withEmulator(3, async (_server, client) => {
      const clock = recordingClock();
      const run = await runActivation(client, { query: 'SELECT Shop.ID FROM Shop INTERSECT News', campaign_name: 'Polled' }, { clock });
      assert.ok(run.ok, JSON.stringify(run));
      assert.deepEqual(clock.waits, [50, 100, 200, 400]);
    });
  });
});
