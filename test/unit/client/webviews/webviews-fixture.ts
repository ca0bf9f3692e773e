/**
 * Test support for the webview models: the demo clean room served by a real emulator on
 * 127.0.0.1:0, asked through the project's ServiceClient, so that the plans and results the
 * models read are the ones the service layer really returns.
 */
import type { ExplainQueryResponse, QueryResult } from '../../../../common/api';
import { startEmulator } from '../../../../emulator/src/start-emulator';
import { runInsightQuery, ServiceClient, explainQuery } from '../../../../service/src';
import type { RunRecord } from '../../../../client/src/runs/run-record';

export interface WebviewsEmulator {
  explain(query: string): Promise<ExplainQueryResponse>;
  run(query: string): Promise<QueryResult>;
  close(): Promise<void>;
}

/** Starts the emulator with the demo data (Ana's key). Throws when it cannot. */
export async function startWebviewsEmulator(): Promise<WebviewsEmulator> {
  const started = await startEmulator({ port: 0, host: '127.0.0.1' });
  if (!started.ok) throw new Error(`the emulator did not start: ${started.message}`);
  const created = ServiceClient.create({ name: 'demo', baseUrl: started.emulator.url, apiKey: 'demo-key-ana' }, { version: 'test', retry: { maxAttempts: 1 } });
  if (!created.ok) throw new Error(created.error.message);
  const client = created.value;
  return {
    async explain(query) {
      const answer = await explainQuery(client, { query });
      if (!answer.ok) throw new Error(answer.error.message);
      return answer.value;
    },
    async run(query) {
      const answer = await runInsightQuery(client, { query }, { poll: { initialDelayMs: 1, maxDelayMs: 5 } });
      if (!answer.ok) throw new Error(answer.error.message);
      return answer.value.result;
    },
    async close() {
      await client.close();
      await started.emulator.close();
    },
  };
}

/** A finished insight run of `query` with `result`, as the run commands record it. */
export function succeededRun(query: string, result: QueryResult, extra: Partial<RunRecord> = {}): RunRecord {
  return {
    id: 'run-1',
    query,
    kind: 'insight',
    target: { profile: 'emulator' },
    documentUri: 'file:///work/q.iql',
    startedAt: Date.UTC(2025, 0, 1, 10, 0, 0),
    finishedAt: Date.UTC(2025, 0, 1, 10, 0, 2),
    status: 'succeeded',
    serviceId: 'Q-42',
    ...(result.audience !== undefined ? { audience: String(result.audience) } : {}),
    result,
    ...extra,
  };
}

/** The name of the editor suite's hostile dataset: HTML that must only ever show as text. */
export const HOSTILE_NAME = '<img src=x onerror=alert(1)>';
