import type { IqlFile, Name, Query, Ref, Span } from '../parser/ast';
import { namedDatasetUses, refUses } from './query-walk';

/** The name under the cursor and the part it plays in its query. */
export type NameAt =
  | { readonly role: 'dataset'; readonly name: Name; readonly query: Query }
  | { readonly role: 'category' | 'representation'; readonly name: Name; readonly ref: Ref; readonly query: Query }
  | { readonly role: 'column'; readonly name: Name; readonly dataset: Name; readonly query: Query };

const contains = (span: Span, offset: number): boolean => span.start <= offset && offset <= span.end;

/** The query whose text contains `offset` (its end included, where the cursor often rests). */
export function findQueryAt(file: IqlFile, offset: number): Query | undefined {
  return file.queries.find((query) => contains(query.span, offset));
}

/**
 * The query a command at `offset` acts on: the one under the cursor; else the next one, since a
 * cursor on a leading comment or a blank line belongs to what follows (a file opens with its
 * cursor on the first line, often a comment); else the last one before it. Undefined only for
 * a file without any query.
 */
export function findQueryToRun(file: IqlFile, offset: number): Query | undefined {
  return findQueryAt(file, offset) ?? file.queries.find((query) => query.span.start > offset) ?? file.queries.at(-1);
}

/** The dataset, category, representation or output column name at `offset`, if any. */
export function findNameAt(file: IqlFile, offset: number): NameAt | undefined {
  const query = findQueryAt(file, offset);
  if (!query) return undefined;
  for (const { name } of namedDatasetUses(query)) if (contains(name.span, offset)) return { role: 'dataset', name, query };
  for (const { ref } of refUses(query)) {
    if (!contains(ref.span, offset)) continue;
    if (ref.dataset && contains(ref.dataset.span, offset)) return { role: 'dataset', name: ref.dataset, query };
    if (ref.category && contains(ref.category.span, offset)) return { role: 'category', name: ref.category, ref, query };
    if (ref.representation && contains(ref.representation.span, offset)) return { role: 'representation', name: ref.representation, ref, query };
  }
  for (const item of query.select.items) {
    if (item.kind !== 'Column') continue;
    if (contains(item.dataset.span, offset)) return { role: 'dataset', name: item.dataset, query };
    if (item.column && contains(item.column.span, offset)) return { role: 'column', name: item.column, dataset: item.dataset, query };
  }
  return undefined;
}
