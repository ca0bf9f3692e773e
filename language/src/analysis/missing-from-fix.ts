import { CodeActionKind, type CodeAction, type Diagnostic, type TextEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Catalog } from '../catalog/catalog';
import type { IqlFile, Query } from '../parser/ast';
import { writeName } from '../../../common/iql/names';
import { datasetNamesOf } from './dataset-references';
import { DATASET_CHOICES, escapeChoice } from './query-snippets';
import { namedDatasetUses } from './query-walk';

export interface MissingFromInput {
  readonly document: TextDocument;
  readonly file: IqlFile;
  readonly diagnostic: Diagnostic;
  readonly catalog?: Catalog;
  /** Whether the editor applies snippet edits (LSP 3.18 `snippetEditSupport`): then one fix offers a choice. */
  readonly snippetEdits: boolean;
}

/** Datasets offered one fix each when the editor takes no snippet edits. */
const PLAIN_FIXES = 5;

/**
 * The fixes of an `iql.missing-from` problem: insert the FROM clause after the selection with
 * its dataset filled in. The obvious dataset (the one the query's qualifiers name, or the
 * catalog's only one) is inserted at once; otherwise the editor is given a choice of the
 * catalog's datasets as a snippet, or, without snippet edits, one fix per dataset.
 */
export function missingFromFixes(input: MissingFromInput): CodeAction[] {
  const { document, diagnostic } = input;
  const offset = document.offsetAt(diagnostic.range.start);
  const query = input.file.queries.find((q) => q.span.start <= offset && offset <= q.span.end);
  if (!query || query.from) return [];
  const at = query.select.span.end;
  // FROM on its own line when what follows is on another line or there is nothing more, else in line.
  const text = document.getText();
  const gap = /^\s*/.exec(text.slice(at))![0];
  const separator = gap.includes('\n') || at + gap.length === text.length ? '\n' : ' ';
  const range = { start: document.positionAt(at), end: document.positionAt(at) };
  const plain = (name: string, preferred: boolean): CodeAction => ({
    title: `Add FROM ${writeName(name)}`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    ...(preferred ? { isPreferred: true } : {}),
    edit: { changes: { [document.uri]: [{ range, newText: `${separator}FROM ${writeName(name)}` } satisfies TextEdit] } },
  });

  const obvious = obviousDatasets(query, input.catalog);
  if (obvious.length > 0) return obvious.map((name, index) => plain(name, index === 0));
  const candidates = candidateDatasets(query, input.catalog);
  if (candidates.length === 1) return [plain(candidates[0]!, true)];
  if (input.snippetEdits) {
    const stop = candidates.length > 0 ? `\${1|${candidates.slice(0, DATASET_CHOICES).map((n) => escapeChoice(writeName(n))).join(',')}|}` : '${1:dataset}';
    return [
      {
        title: candidates.length > 0 ? 'Add FROM with a dataset of the catalog…' : 'Add FROM and a dataset…',
        kind: CodeActionKind.QuickFix,
        diagnostics: [diagnostic],
        isPreferred: true,
        edit: { documentChanges: [{ textDocument: { uri: document.uri, version: document.version }, edits: [{ range, snippet: { kind: 'snippet', value: `${separator}FROM ${stop}$0` } }] }] },
      },
    ];
  }
  return candidates.slice(0, PLAIN_FIXES).map((name) => plain(name, false));
}

/** Datasets the query already qualifies names with, outside ENRICH/LINK WITH: the audience it means. */
function obviousDatasets(query: Query, catalog: Catalog | undefined): string[] {
  const elsewhere = new Set(namedDatasetUses(query).map((use) => use.name.text));
  const named = datasetNamesOf(query).map((name) => name.text).filter((name) => !elsewhere.has(name) && (catalog === undefined || catalog.findDataset(name) !== undefined));
  return [...new Set(named)];
}

/** The catalog's datasets, those the query enriches or links with left out (they are not the audience). */
function candidateDatasets(query: Query, catalog: Catalog | undefined): string[] {
  if (!catalog) return [];
  const elsewhere = new Set(namedDatasetUses(query).map((use) => use.name.text));
  const names = catalog.datasets.map((d) => d.name);
  const outside = names.filter((name) => !elsewhere.has(name));
  return outside.length > 0 ? outside : names;
}
