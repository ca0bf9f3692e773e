/**
 * Random IQL-ish texts for property tests: token soup, and the shared examples under random
 * edits (the edits themselves are exported for tests that replay them one by one).
 */
import fc from 'fast-check';
import { readExamples } from './helpers';

/** Pieces of IQL, right and wrong, for the soup. */
export const pieces = [
  'SELECT', 'select', 'FROM', 'WHERE', 'AND', 'OR', 'NOT', 'IN', 'ENRICH', 'LINK', 'WITH', 'UNION', 'INTERSECT',
  'EXCLUDE', 'COUNT', 'AGGREGATE', 'TOPN', 'SUM', 'AVG', 'EXPLAIN', 'Retail', 'Age', 'self', 'Counter', '_x1',
  '"Personal Income"', '"a""b"', '"open', "'Female'", "'it''s'", "'open", '30', '0.5', '-3', '2.5', '0',
  '=', '!=', '<>', '<', '<=', '>', '>=', '(', ')', '{', '}', ',', '.', ';', '/', '-- @profile x\n', '-- c\n',
  '/* b */', '/* open', '#', '!', '-', '`', 'é', '😀', '\u0000', '\n', '\r\n', '\t',
];

export const soup = fc
  .array(fc.tuple(fc.constantFrom(...pieces), fc.constantFrom(' ', '', '\n', '  ')), { maxLength: 80 })
  .map((parts) => parts.map(([piece, gap]) => piece + gap).join(''));

export const examples = [...readExamples('valid'), ...readExamples('invalid')].map((example) => example.text);

export type Edit = { kind: 'insert' | 'delete' | 'replace'; at: number; length: number; chunk: string };

export const edit: fc.Arbitrary<Edit> = fc.record({
  kind: fc.constantFrom('insert', 'delete', 'replace'),
  at: fc.nat(),
  length: fc.nat({ max: 40 }),
  chunk: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom(...pieces), soup.map((text) => text.slice(0, 40))),
});

export function applyEdit(text: string, { kind, at, length, chunk }: Edit): string {
  const start = text.length === 0 ? 0 : at % (text.length + 1);
  const end = Math.min(text.length, start + length);
  if (kind === 'insert') return text.slice(0, start) + chunk + text.slice(start);
  if (kind === 'delete') return text.slice(0, start) + text.slice(end);
  return text.slice(0, start) + chunk + text.slice(end);
}

export const editedExample = fc
  .tuple(fc.constantFrom(...examples), fc.array(edit, { minLength: 1, maxLength: 6 }))
  .map(([text, edits]) => edits.reduce(applyEdit, text));

