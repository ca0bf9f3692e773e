import { ErrorCodes, ResponseError, type Location, type Range, type WorkspaceEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { datasetNameAt, findDatasetReferences, planDatasetRename, prepareDatasetRename } from '../../../language/src';
import type { ServerContext } from './server-context';

/**
 * Find all references and rename for dataset names within a file (the analysis is in
 * language/src/analysis/dataset-references.ts). A rename the language refuses answers an error
 * whose message the editor shows where the user typed the name.
 */
export function registerDatasetRenames(context: ServerContext): void {
  const { connection, documents, targets } = context;
  const rangeOf = (document: TextDocument, span: { start: number; end: number }): Range => ({ start: document.positionAt(span.start), end: document.positionAt(span.end) });

  connection.onReferences((params): Location[] | null => {
    const open = documents.find(params.textDocument.uri);
    if (!open) return null;
    const name = datasetNameAt(open.parsed.ast, open.document.offsetAt(params.position));
    if (!name) return null;
    return findDatasetReferences(open.parsed.ast, name.text).map((span) => ({ uri: open.document.uri, range: rangeOf(open.document, span) }));
  });

  connection.onPrepareRename((params) => {
    const open = documents.find(params.textDocument.uri);
    if (!open) return null;
    const prepared = prepareDatasetRename(open.parsed.ast, open.document.offsetAt(params.position));
    if (!prepared.ok) return new ResponseError(ErrorCodes.InvalidRequest, prepared.message);
    return { range: rangeOf(open.document, prepared.span), placeholder: prepared.placeholder };
  });

  connection.onRenameRequest(async (params, token): Promise<WorkspaceEdit | ResponseError | null> => {
    const before = documents.text(params.textDocument.uri);
    if (!before) return null;
    // The catalog says which names are datasets; without one (offline) only the name's shape is checked.
    const catalog = await targets.catalogFor(before, token, true);
    const open = documents.find(params.textDocument.uri);
    if (!open || token.isCancellationRequested) return null;
    const plan = planDatasetRename(open.document, open.parsed.ast, open.document.offsetAt(params.position), params.newName, catalog);
    if (!plan.ok) return new ResponseError(ErrorCodes.InvalidRequest, plan.message);
    const edits = plan.replacements.map((r) => ({ range: rangeOf(open.document, r.span), newText: r.newText }));
    return { documentChanges: [{ textDocument: { uri: open.document.uri, version: open.document.version }, edits }] };
  });
}
