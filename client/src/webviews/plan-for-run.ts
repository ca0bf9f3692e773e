/**
 * The service's plan for a run's query, so that the results panel can state the thresholds
 * that applied. The result does not carry them; the plan does. The language server has the
 * document and the target, and caches plans per (target, text) — the hover has often fetched
 * this one already — so asking it costs at most one ExplainQuery.
 */
import { loadApiSchemas } from '../service/lazy-schemas';
import type { ExplainQueryResponse } from '../../../common/api';
import { ExplainRequest, QueriesRequest } from '../../../common/protocol';
import type { DocumentTarget, ExplainParams, ExplainResult, QueriesParams, QueriesResult } from '../../../common/protocol';
import type { RunRecord } from '../runs/run-record';

/** The part of the language client used here (LanguageClient satisfies it). */
export interface PlanRequester {
  sendRequest<R>(method: string, params: unknown): Promise<R>;
}

/**
 * The plan of `record`'s query when its document still holds that exact query with the same
 * target; undefined otherwise (no document, query edited, offline, the service said no, the
 * server did not answer). `onError` hears why a request failed. Never rejects.
 */
export async function fetchPlanForRun(requester: PlanRequester, record: RunRecord, onError?: (reason: string) => void): Promise<ExplainQueryResponse | undefined> {
  if (record.kind !== 'insight' || !record.documentUri) return undefined;
  try {
    const queries = await requester.sendRequest<QueriesResult>(QueriesRequest, { uri: record.documentUri } satisfies QueriesParams);
    if (!queries.ok || queries.offline !== undefined || !sameTarget(queries.target, record.target)) return undefined;
    const query = queries.queries.find((candidate) => candidate.text === record.query);
    if (!query) return undefined;
    const explained = await requester.sendRequest<ExplainResult>(ExplainRequest, { uri: record.documentUri, position: query.range.start } satisfies ExplainParams);
    if (!explained.ok || explained.query !== record.query || !sameTarget(explained.target, record.target)) return undefined;
    const plan = loadApiSchemas().ExplainQueryResponseSchema.safeParse(explained.plan);
    return plan.success ? plan.data : undefined;
  } catch (error) {
    // The thresholds are a courtesy: without the server's answer the panel says what the result implies.
    onError?.(error instanceof Error ? error.message : String(error));
    return undefined;
  }
}

function sameTarget(a: DocumentTarget, b: DocumentTarget): boolean {
  return (a.profile ?? '') === (b.profile ?? '') && (a.collaboration ?? '') === (b.collaboration ?? '');
}
