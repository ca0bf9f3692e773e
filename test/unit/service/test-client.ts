/**
 * Builds a ServiceClient for the service tests: one connection only (so a leaked response
 * body would block the next request instead of silently opening another socket), tiny
 * backoff delays, short timeouts, and a log collector.
 */
import type { Agent } from 'node:http';
import { createAgent } from '../../../service/src/http-exchange';
import { ServiceClient } from '../../../service/src';
import type { ServiceClientOptions } from '../../../service/src';

export const TEST_KEY = 'sk_live_Zz9QmT4vXr82LkPw';

export interface TestClient {
  readonly client: ServiceClient;
  readonly agent: Agent;
  readonly logs: string[];
  close(): Promise<void>;
}

export function createTestClient(baseUrl: string, options: Partial<ServiceClientOptions> = {}, apiKey = TEST_KEY): TestClient {
  const agent = createAgent(new URL(baseUrl).protocol, { maxSockets: 1 });
  const logs: string[] = [];
  const created = ServiceClient.create(
    { name: 'test', baseUrl, apiKey },
    {
      version: '9.9.9',
      agent,
      retry: { baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 200, ...options.retry },
      timeouts: { connectMs: 1_000, headersMs: 2_000, bodyMs: 2_000, ...options.timeouts },
      log: (line) => logs.push(line),
      ...(options.random === undefined ? {} : { random: options.random }),
    },
  );
  if (!created.ok) throw new Error(`test client could not be created: ${created.error.message}`);
  const client = created.value;
  return {
    client,
    agent,
    logs,
    async close() {
      await client.close();
      agent.destroy();
    },
  };
}
