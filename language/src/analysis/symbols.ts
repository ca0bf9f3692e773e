import { SymbolKind, type DocumentSymbol } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Audience, IqlFile, Query, SelectItem, Span } from '../parser/ast';
import { spanToRange } from './ranges';

/**
 * Past this many queries the outline lists the queries without their clauses: with them, the
 * answer for a 10,000-query file is 10 MB of JSON, which the editor takes a second to read.
 */
export const OUTLINE_CLAUSES_QUERY_LIMIT = 2_000;

/**
 * One symbol per query, named after what it selects and from where, with one child per
 * clause written (see OUTLINE_CLAUSES_QUERY_LIMIT). The outline and breadcrumbs read these,
 * so names are short and readable.
 */
export function getDocumentSymbols(document: TextDocument, file: IqlFile): DocumentSymbol[] {
  const withClauses = file.queries.length <= OUTLINE_CLAUSES_QUERY_LIMIT;
  return file.queries.map((query, index) => querySymbol(document, query, index, withClauses));
}

function querySymbol(document: TextDocument, query: Query, index: number, withClauses: boolean): DocumentSymbol {
  const text = document.getText();
  const clauses: DocumentSymbol[] = [];
  const addClause = (name: string, kind: SymbolKind, span: Span, keywordSpan: Span, detail: string): void => {
    if (!withClauses) return;
    clauses.push({
      name,
      detail,
      kind,
      range: spanToRange(document, span),
      selectionRange: spanToRange(document, keywordSpan),
    });
  };
  const select = query.select;
  addClause('SELECT', SymbolKind.Function, select.span, select.keywordSpan, describeSelection(select.items));
  if (query.from) {
    addClause('FROM', SymbolKind.Namespace, query.from.span, query.from.keywordSpan, describeAudience(query.from.audience));
  }
  if (query.where) {
    const condition = query.where.condition;
    addClause('WHERE', SymbolKind.Boolean, query.where.span, query.where.keywordSpan, condition ? oneLine(text, condition.span) : '');
  }
  for (const clause of [query.enrich, query.link]) {
    if (!clause) continue;
    const name = clause.kind === 'Enrich' ? 'ENRICH WITH' : 'LINK WITH';
    addClause(name, SymbolKind.Module, clause.span, clause.keywordSpan, clause.names.map((n) => n.text).join(', '));
  }
  return {
    name: `Query ${index + 1}: ${describeSelection(select.items)}`,
    detail: query.from ? `FROM ${describeAudience(query.from.audience)}` : 'no FROM yet',
    kind: SymbolKind.Object,
    range: spanToRange(document, query.span),
    selectionRange: spanToRange(document, select.keywordSpan),
    ...(withClauses ? { children: clauses } : {}),
  };
}

/** `COUNT()`, `AGGREGATE(Age, Gender)`, `Retail.ID, Retail.Email`… kept to one short line. */
function describeSelection(items: readonly SelectItem[]): string {
  const parts = items.map((item) => {
    switch (item.kind) {
      case 'Count':
        return 'COUNT()';
      case 'Aggregate':
        return `AGGREGATE(${item.dimensions.map((d) => d.ref.category?.text ?? '…').join(', ')})`;
      case 'TopN':
        return `TOPN(${item.ref?.category?.text ?? '…'}, ${item.count?.raw ?? '…'})`;
      case 'Measure':
        return `${item.fn}(${item.ref?.category?.text ?? '…'})`;
      case 'Column':
        return `${item.dataset.text}.${item.column?.text ?? '…'}`;
    }
  });
  return truncate(parts.length > 0 ? parts.join(', ') : '…', 60);
}

function describeAudience(audience: Audience | undefined): string {
  if (!audience) return '…';
  switch (audience.kind) {
    case 'Dataset':
      return audience.name.text;
    case 'AudienceGroup':
      return `(${describeAudience(audience.inner)})`;
    case 'SetOperation':
      return `${describeAudience(audience.left)} ${audience.operator} ${describeAudience(audience.right)}`;
  }
}

function oneLine(text: string, span: Span): string {
  return truncate(text.slice(span.start, span.end).replace(/\s+/g, ' ').trim(), 60);
}

function truncate(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}
