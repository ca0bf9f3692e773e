import { ClientCommands } from '../../../common/protocol';
import {
  findHoverSubject,
  formatIql,
  formatIqlRange,
  formatPlanMarkdown,
  getCodeActions,
  getCodeLenses,
  getCompletions,
  getDocumentSymbols,
  getFoldingRanges,
  getSemanticTokens,
  getSignatureHelp,
  queryText,
  resolveCompletionItem,
  toHover,
} from '../../../language/src';
import type { ServerContext } from './server-context';

/** The standard LSP features: each finds the open document and asks one pure language function. */
export function registerLanguageFeatures(context: ServerContext): void {
  const { connection, documents, targets } = context;

  connection.onDocumentSymbol((params) => {
    const open = documents.find(params.textDocument.uri);
    return open ? getDocumentSymbols(open.document, open.parsed.ast) : null;
  });
  connection.onFoldingRanges((params) => {
    const open = documents.find(params.textDocument.uri);
    return open ? getFoldingRanges(open.document, open.parsed.ast) : null;
  });

  connection.onCompletion(async (params, token) => {
    const document = documents.text(params.textDocument.uri);
    if (!document) return null;
    const catalog = await targets.catalogFor(document, token, true);
    const list = getCompletions(document, document.offsetAt(params.position), catalog);
    // Resolve needs to know whose catalog an item came from.
    for (const item of list.items) if (item.data) item.data = { ...(item.data as object), uri: document.uri };
    return list;
  });
  connection.onCompletionResolve(async (item) => {
    const uri = (item.data as { uri?: unknown } | undefined)?.uri;
    const document = typeof uri === 'string' ? documents.text(uri) : undefined;
    return document ? resolveCompletionItem(item, await targets.catalogFor(document, undefined, false)) : item;
  });

  connection.onHover(async (params, token) => {
    const open = documents.find(params.textDocument.uri);
    if (!open) return null;
    const { document, parsed } = open;
    const catalog = await targets.catalogFor(document, token, false);
    const subject = findHoverSubject(document.getText(), parsed.ast, document.offsetAt(params.position), catalog);
    if (!subject) return null;
    if (subject.kind === 'markdown') return toHover(document, subject.markdown, subject.span);
    const resolution = targets.targetOf(document);
    if (resolution.kind !== 'target') return subject.keywordDocs ? toHover(document, subject.keywordDocs, subject.span) : null;
    const sent = queryText(document.getText(), subject.query);
    const plan = await targets.withSignal(token, (signal) => context.hub.explain(resolution.target, sent, signal));
    if (token.isCancellationRequested) return null;
    const parts: string[] = [];
    if (plan.ok) {
      parts.push(formatPlanMarkdown(plan.value, { title: 'Open full plan', command: ClientCommands.openPlan, args: [{ uri: document.uri, offset: subject.query.span.start }] }));
    } else if (plan.error.kind !== 'cancelled') {
      parts.push(`**Query plan** — not available: ${plan.error.serviceMessage ?? plan.error.message}`);
    }
    if (subject.keywordDocs) parts.push(subject.keywordDocs);
    return parts.length > 0 ? toHover(document, parts.join('\n\n---\n\n'), subject.span) : null;
  });

  connection.onSignatureHelp((params) => {
    const open = documents.find(params.textDocument.uri);
    return open ? getSignatureHelp(open.document, open.parsed.ast, open.document.offsetAt(params.position)) : null;
  });

  connection.onDocumentFormatting((params) => {
    const document = documents.text(params.textDocument.uri);
    return document ? formatIql(document.getText(), params.options) : null;
  });
  connection.onDocumentRangeFormatting((params) => {
    const document = documents.text(params.textDocument.uri);
    return document ? formatIqlRange(document.getText(), params.range, params.options) : null;
  });

  connection.languages.semanticTokens.on(async (params, token) => {
    const open = documents.find(params.textDocument.uri);
    if (!open) return { data: [] };
    return getSemanticTokens(open.document, open.parsed.ast, await targets.catalogFor(open.document, token, false));
  });

  connection.onCodeLens((params) => {
    const open = documents.find(params.textDocument.uri);
    return open ? getCodeLenses(open.document, open.parsed.ast) : null;
  });

  connection.onCodeAction(async (params, token) => {
    const open = documents.find(params.textDocument.uri);
    if (!open) return null;
    const hasCollaborationDirective = open.parsed.ast.directives.some((d) => d.name === 'collaboration');
    const { diagnostics } = params.context;
    const wantsCollaborations = !hasCollaborationDirective && diagnostics.some((d) => d.code === 'iql.unknown-dataset');
    const collaborations = wantsCollaborations ? await targets.collaborationsFor(open.document, token) : undefined;
    return getCodeActions({ document: open.document, diagnostics, hasCollaborationDirective, ...(collaborations ? { collaborations } : {}) });
  });
}
