import type { CancellationToken, Range, SemanticTokens } from 'vscode-languageserver';
import { ClientCommands } from '../../../common/protocol';
import {
  findHoverSubject,
  formatIql,
  formatIqlRange,
  describeSlowPlan,
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
import { withinDeadline } from '../workspace/within-deadline';
import type { ServerContext } from './server-context';
import { RecentCompletionLists } from './recent-completion-lists';

/**
 * Whole-document formatting stops here: it takes about a second per 15,000 lines, and the
 * editor waits for it (on save too). Format Selection works at any size.
 */
export const FORMAT_DOCUMENT_LINE_LIMIT = 10_000;

function describeFormatLimit(lineCount: number): string {
  return `IQL: this file has ${lineCount.toLocaleString('en')} lines, more than the ${FORMAT_DOCUMENT_LINE_LIMIT.toLocaleString('en')} that Format Document takes. Select the queries to format and use Format Selection.`;
}

/** How long a hover waits for the service's plan before offering the plan panel instead. */
export const HOVER_PLAN_WAIT_MS = 1500;

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

  const recentLists = new RecentCompletionLists();
  connection.onCompletion(async (params, token) => {
    const configFile = documents.configFile(params.textDocument.uri);
    if (configFile) return context.configFiles.completion(configFile, configFile.offsetAt(params.position), token);
    const document = documents.text(params.textDocument.uri);
    if (!document) return null;
    const catalog = await targets.catalogFor(document, token, true);
    const options = context.options();
    const list = getCompletions(document, document.offsetAt(params.position), catalog, { sharedEditRange: options.completionEditRangeDefault === true, sharedData: options.completionDataDefault === true });
    return recentLists.stamp(list, params.textDocument.uri);
  });
  connection.onCompletionResolve(async (item) => {
    const uri = recentLists.uriOf(item);
    const document = uri === undefined ? undefined : documents.text(uri);
    return document ? resolveCompletionItem(item, await targets.catalogFor(document, undefined, false)) : item;
  });

  connection.onHover(async (params, token) => {
    const configFile = documents.configFile(params.textDocument.uri);
    if (configFile) return context.configFiles.hover(configFile, configFile.offsetAt(params.position), token);
    const before = documents.text(params.textDocument.uri);
    if (!before) return null;
    const catalog = await targets.catalogFor(before, token, false);
    // Asked after the wait: a parse is only valid for the document's current version.
    const open = documents.find(params.textDocument.uri);
    if (!open) return null;
    const { document, parsed } = open;
    const subject = findHoverSubject(document.getText(), parsed.ast, document.offsetAt(params.position), catalog);
    if (!subject) return null;
    if (subject.kind === 'markdown') return toHover(document, subject.markdown, subject.span);
    const resolution = targets.targetOf(document);
    if (resolution.kind !== 'target') return subject.keywordDocs ? toHover(document, subject.keywordDocs, subject.span) : null;
    const sent = queryText(document.getText(), subject.query);
    const openPlan = { title: 'Open full plan', command: ClientCommands.openPlan, args: [{ uri: document.uri, offset: subject.query.span.start }] };
    // A hover is a glance: it waits for the plan only so long, then offers the plan panel,
    // which waits as long as the service needs.
    const { value: plan, timedOut } = await targets.withSignal(token, (signal) =>
      withinDeadline(signal, HOVER_PLAN_WAIT_MS, (limited) => context.hub.explain(resolution.target, sent, limited)),
    );
    if (token.isCancellationRequested) return null;
    const parts: string[] = [];
    if (plan.ok) {
      parts.push(formatPlanMarkdown(plan.value, openPlan));
    } else if (timedOut) {
      parts.push(describeSlowPlan(HOVER_PLAN_WAIT_MS, openPlan));
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

  const toldTooLarge = new Set<string>();
  connection.onDocumentFormatting((params) => {
    const document = documents.text(params.textDocument.uri);
    if (!document) return null;
    if (document.lineCount > FORMAT_DOCUMENT_LINE_LIMIT) {
      // Said once per document: format-on-save would otherwise repeat it at every save.
      if (!toldTooLarge.has(document.uri)) {
        toldTooLarge.add(document.uri);
        void connection.window.showInformationMessage(describeFormatLimit(document.lineCount));
      }
      return null;
    }
    return formatIql(document.getText(), params.options);
  });
  connection.onDocumentRangeFormatting((params) => {
    const document = documents.text(params.textDocument.uri);
    return document ? formatIqlRange(document.getText(), params.range, params.options) : null;
  });

  const semanticTokens = async (uri: string, token: CancellationToken, range?: Range): Promise<SemanticTokens> => {
    const before = documents.text(uri);
    if (!before) return { data: [] };
    const catalog = await targets.catalogFor(before, token, false);
    // Asked after the wait: a parse is only valid for the document's current version.
    const open = documents.find(uri);
    if (!open) return { data: [] };
    const offsets = range ? { start: open.document.offsetAt(range.start), end: open.document.offsetAt(range.end) } : undefined;
    return getSemanticTokens(open.document, open.parsed.ast, catalog, offsets);
  };
  connection.languages.semanticTokens.on((params, token) => semanticTokens(params.textDocument.uri, token));
  // The editor asks for the visible lines first, which matters in a large document.
  connection.languages.semanticTokens.onRange((params, token) => semanticTokens(params.textDocument.uri, token, params.range));

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
    const wantsCatalog = diagnostics.some((d) => d.code === 'iql.missing-from');
    const catalog = wantsCatalog ? await targets.catalogFor(open.document, token, false) : undefined;
    // Asked after the waits: a parse is only valid for the document's current version.
    const current = documents.find(params.textDocument.uri);
    if (!current) return null;
    return getCodeActions({
      document: current.document,
      diagnostics,
      hasCollaborationDirective,
      file: current.parsed.ast,
      snippetEdits: context.options().snippetEdits === true,
      ...(collaborations ? { collaborations } : {}),
      ...(catalog ? { catalog } : {}),
    });
  });
}
