/**
 * Builds a ServiceClient for the service tests: one connection only (so a leaked response
 * body would block the next request instead of silently opening another socket), tiny
 * backoff delays, short timeouts, and a log collector.
 */
import { Agent } from 'undici';
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
  const agent = new Agent({ connections: 1, connect: { timeout: 1_000 } });
  const logs: string[] = [];
  const created = ServiceClient.create(
    { name: 'test', baseUrl, apiKey },
    {
      version: '9.9.9',
      dispatcher: agent,
      retry: { baseDelayMs: 1, maxDelayMs: 5, maxRetryAfterMs: 200, ...options.retry },
      timeouts: { headersMs: 2_000, bodyMs: 2_000, ...options.timeouts },
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
      await agent.close();
    },
  };
}
