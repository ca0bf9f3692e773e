import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ExplainRequest, QueriesRequest } from '../../../../common/protocol';
import type { ExplainResult, QueriesResult } from '../../../../common/protocol';
import { fetchPlanForRun } from '../../../../client/src/webviews/plan-for-run';
import type { PlanRequester } from '../../../../client/src/webviews/plan-for-run';
import { succeededRun } from './webviews-fixture';

const QUERY = 'SELECT COUNT() FROM Retail';
const PLAN = { query_plan: { results: { redaction_threshold: { threshold: 10 } } }, hop_table: [] };
const RANGE = { start: { line: 3, character: 0 }, end: { line: 3, character: QUERY.length } };

/** A language client answering from `answers`, recording what it was asked. */
function fakeServer(queries: QueriesResult, explain: ExplainResult | Error): PlanRequester & { asked: [string, unknown][] } {
  const asked: [string, unknown][] = [];
  return {
    asked,
    sendRequest<R>(method: string, params: unknown): Promise<R> {
      asked.push([method, params]);
      if (method === QueriesRequest) return Promise.resolve(queries as R);
      if (explain instanceof Error) return Promise.reject(explain);
      return Promise.resolve(explain as R);
    },
  };
}

const QUERIES: QueriesResult = { ok: true, target: { profile: 'emulator' }, queries: [{ text: QUERY, kind: 'insight', offset: 40, range: RANGE, hasLocalErrors: false }] };

describe('fetchPlanForRun', () => {
  it("explains the run's query where the document holds it, and reads the plan", async () => {
    const server = fakeServer(QUERIES, { ok: true, query: QUERY, target: { profile: 'emulator' }, plan: PLAN });
    const plan = await fetchPlanForRun(server, succeededRun(QUERY, { dimensions: [] }));
    assert.equal(plan?.query_plan?.results?.redaction_threshold?.threshold, 10);
    assert.deepEqual(server.asked, [
      [QueriesRequest, { uri: 'file:///work/q.iql' }],
      [ExplainRequest, { uri: 'file:///work/q.iql', position: RANGE.start }],
    ]);
  });

  it('gives up when the query was edited, the target changed or the run has no document', async () => {
    const explained: ExplainResult = { ok: true, query: QUERY, target: { profile: 'emulator' }, plan: PLAN };
    assert.equal(await fetchPlanForRun(fakeServer({ ...QUERIES, queries: [{ ...QUERIES.queries[0], text: `${QUERY} ` }] }, explained), succeededRun(QUERY, { dimensions: [] })), undefined);
    assert.equal(await fetchPlanForRun(fakeServer({ ...QUERIES, target: { profile: 'other' } }, explained), succeededRun(QUERY, { dimensions: [] })), undefined);
    const noDocument = fakeServer(QUERIES, explained);
    assert.equal(await fetchPlanForRun(noDocument, succeededRun(QUERY, { dimensions: [] }, { documentUri: undefined })), undefined);
    assert.deepEqual(noDocument.asked, []);
  });

  it('never rejects: a refusal, a bad plan or a dead server all give undefined', async () => {
    const run = succeededRun(QUERY, { dimensions: [] });
    assert.equal(await fetchPlanForRun(fakeServer(QUERIES, { ok: false, message: 'offline' }), run), undefined);
    assert.equal(await fetchPlanForRun(fakeServer(QUERIES, { ok: true, query: QUERY, target: { profile: 'emulator' }, plan: { hop_table: 'no' } }), run), undefined);
    const reasons: string[] = [];
    assert.equal(await fetchPlanForRun(fakeServer(QUERIES, new Error('connection closed')), run, (reason) => reasons.push(reason)), undefined);
    assert.deepEqual(reasons, ['connection closed']);
  });
});
