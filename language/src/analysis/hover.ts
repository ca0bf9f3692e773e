import type { Hover } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { IqlFile, Query, Span } from '../parser/ast';
import { lexAround } from '../parser/query-regions';
import { findCategory, type Catalog } from '../catalog/catalog';
import { createQueryScope, resolveReference } from '../catalog/resolve-reference';
import { describeCategory, describeDataset, escapeMarkdown, inlineCode } from './catalog-docs';
import { describeKeyword } from './language-docs';
import { findNameAt, findQueryAt } from './node-at';
import { namedDatasetUses } from './query-walk';
import { spanToRange } from './ranges';

/** What the cursor is on, for hover: a catalog name, a keyword, or a place where the plan applies. */
export type HoverSubject =
  | { readonly kind: 'markdown'; readonly markdown: string; readonly span: Span }
  /** On a query's SELECT or FROM (not on a name): the service's plan belongs here. */
  | { readonly kind: 'plan'; readonly query: Query; readonly span: Span; readonly keywordDocs?: string };

/**
 * Decides what a hover at `offset` shows, without any service call: catalog descriptions of
 * dataset, category, representation and column names (when a catalog is known); the plan
 * for anywhere else on SELECT or FROM; keyword and function explanations elsewhere.
 */
export function findHoverSubject(text: string, file: IqlFile, offset: number, catalog: Catalog | undefined): HoverSubject | undefined {
  const name = findNameAt(file, offset);
  if (name) {
    if (!catalog) return undefined;
    if (name.role === 'dataset') {
      const dataset = catalog.findDataset(name.name.text);
      return dataset ? { kind: 'markdown', markdown: describeDataset(dataset), span: name.name.span } : undefined;
    }
    if (name.role === 'column') {
      const dataset = catalog.findDataset(name.dataset.text);
      if (!dataset) return undefined;
      const known = dataset.outputColumns.includes(name.name.text);
      const markdown = `${inlineCode(name.name.text)} — ${known ? 'output column' : 'not an output column'} of ${inlineCode(dataset.name)}${dataset.publicName ? ` (${escapeMarkdown(dataset.publicName)})` : ''}`;
      return { kind: 'markdown', markdown, span: name.name.span };
    }
    const scope = createQueryScope(catalog, namedDatasetUses(name.query).map((u) => u.name));
    const resolution = resolveReference(name.ref, scope);
    if (resolution.kind !== 'resolved') return undefined;
    const category = findCategory(resolution.dataset, resolution.category.label)!;
    return { kind: 'markdown', markdown: describeCategory(resolution.dataset, category, resolution.representation), span: name.name.span };
  }

  const keyword = keywordAt(text, offset);
  const query = findQueryAt(file, offset);
  const onSelectOrFrom =
    query !== undefined &&
    (within(query.select.span, offset) || (query.from !== undefined && within(query.from.span, offset)));
  if (query && onSelectOrFrom && query.from?.audience) {
    const span = keyword?.span ?? { start: offset, end: offset };
    return { kind: 'plan', query, span, ...(keyword ? { keywordDocs: keyword.docs } : {}) };
  }
  return keyword ? { kind: 'markdown', markdown: keyword.docs, span: keyword.span } : undefined;
}

/** Turns a subject that needs no service into an LSP hover. */
export function toHover(document: TextDocument, markdown: string, span: Span): Hover {
  return { contents: { kind: 'markdown', value: markdown }, range: spanToRange(document, span) };
}

function within(span: Span, offset: number): boolean {
  return span.start <= offset && offset <= span.end;
}

function keywordAt(text: string, offset: number): { docs: string; span: Span } | undefined {
  for (const token of lexAround(text, offset).tokens) {
    const end = token.startOffset + token.image.length;
    if (token.startOffset > offset) break;
    if (offset <= end && /^[A-Za-z]+$/.test(token.image)) {
      const docs = describeKeyword(token.image);
      if (docs) return { docs, span: { start: token.startOffset, end } };
    }
  }
  return undefined;
}
