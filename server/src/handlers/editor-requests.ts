import {
  ExplainRequest,
  ProfilesChangedNotification,
  QueriesRequest,
  RefreshCatalogRequest,
  type ExplainParams,
  type ExplainResult,
  type QueriesParams,
  type QueriesResult,
  type RefreshCatalogParams,
} from '../../../common/protocol';
import { findQueryToRun, queryText } from '../../../language/src';
import { describeQueries } from '../workspace/query-infos';
import type { ServerContext } from './server-context';

/** The editor's own requests about its documents: their queries, plans, catalogs and profiles. */
export function registerEditorRequests(context: ServerContext): void {
  const { connection, documents, targets, hub } = context;

  connection.onNotification(ProfilesChangedNotification, () => {
    void context.profiles.reload().then(() => {
      hub.refresh();
      context.collaborationChoices.clear();
      context.scheduler()?.refreshAll();
    });
  });

  connection.onRequest(RefreshCatalogRequest, (params: RefreshCatalogParams) => {
    const document = params.uri ? documents.text(params.uri) : undefined;
    const resolution = document ? targets.targetOf(document) : undefined;
    hub.refresh(resolution?.kind === 'target' ? resolution.target.key : undefined);
    context.scheduler()?.refreshAll();
    return null;
  });

  connection.onRequest(ExplainRequest, async (params: ExplainParams, token): Promise<ExplainResult> => {
    const open = documents.find(params.uri);
    if (!open) return { ok: false, message: 'The document is not open.' };
    const query = findQueryToRun(open.parsed.ast, open.document.offsetAt(params.position));
    if (!query) return { ok: false, message: 'This file has no query to explain. Write a SELECT … FROM … query first.' };
    const resolution = targets.targetOf(open.document);
    if (resolution.kind !== 'target') return { ok: false, message: resolution.reason };
    const sent = queryText(open.document.getText(), query);
    const plan = await targets.withSignal(token, (signal) => hub.explain(resolution.target, sent, signal));
    return plan.ok
      ? { ok: true, query: sent, target: resolution.target.described, plan: plan.value }
      : { ok: false, message: plan.error.serviceMessage ?? plan.error.message };
  });

  connection.onRequest(QueriesRequest, async (params: QueriesParams): Promise<QueriesResult> => {
    const open = documents.find(params.uri);
    if (!open) return { ok: false, message: 'The document is not open in the editor.' };
    const resolution = targets.targetOf(open.document);
    const queries = describeQueries(open.document, open.parsed, params.offset);
    if (resolution.kind === 'target') return { ok: true, queries, target: resolution.target.described };
    return { ok: true, queries, target: resolution.described, offline: resolution.reason };
  });
}
