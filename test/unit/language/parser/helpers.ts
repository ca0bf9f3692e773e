/**
 * Helpers shared by the parser tests: walking every span of a tree without recursion (trees
 * built from long operator chains are deep), finding nodes by kind, and parsing text that
 * must be clean.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Query, Span } from '../../../../language/src/parser/ast';
import { parseIql } from '../../../../language/src/parser/index';

const spanKeys = new Set(['span', 'keywordSpan', 'operatorSpan', 'nameSpan', 'valueSpan', 'terminatorSpan']);

function isSpan(value: unknown): value is Span {
  return typeof value === 'object' && value !== null && 'start' in value && 'end' in value;
}

/** Every span in `root` (nodes and problems alike), with the path that leads to it. */
export function collectSpans(root: unknown): { path: string; span: Span }[] {
  const found: { path: string; span: Span }[] = [];
  const pending: { path: string; value: unknown }[] = [{ path: '$', value: root }];
  while (pending.length > 0) {
    const { path, value } = pending.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, child] of Object.entries(value)) {
      const childPath = `${path}.${key}`;
      if (spanKeys.has(key) && isSpan(child)) found.push({ path: childPath, span: child });
      else pending.push({ path: childPath, value: child });
    }
  }
  return found;
}

/** Every object in `root` whose `kind` is `kind`, in no particular order. */
export function findNodes<T = Record<string, unknown>>(root: unknown, kind: string): T[] {
  const found: T[] = [];
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value !== 'object' || value === null) continue;
    if ((value as { kind?: unknown }).kind === kind) found.push(value as T);
    pending.push(...Object.values(value));
  }
  return found;
}

/** The source text of a span. */
export function textOf(text: string, span: Span | undefined): string {
  assert.ok(span, 'expected a span');
  return text.slice(span.start, span.end);
}

/** Parses text that must have no problem at all and holds exactly one query. */
export function parseCleanQuery(text: string): Query {
  const { ast, problems } = parseIql(text);
  assert.deepEqual(problems, [], `unexpected problems in ${JSON.stringify(text)}`);
  assert.equal(ast.queries.length, 1);
  return ast.queries[0];
}

/** A copy of `value` with every span moved by `delta` (to compare trees parsed at other offsets). */
export function shiftSpans<T>(value: T, delta: number): T {
  return JSON.parse(JSON.stringify(value), (key, child: unknown) =>
    spanKeys.has(key) && isSpan(child) ? { start: child.start + delta, end: child.end + delta } : child,
  ) as T;
}

/** 1-based line and column of an offset. */
export function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split(/\r\n|\r|\n/);
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/** The offset of a 1-based line and column. */
export function offsetOf(text: string, line: number, column: number): number {
  const lines = text.split('\n');
  let offset = 0;
  for (let index = 0; index < line - 1; index++) offset += lines[index].length + 1;
  return offset + column - 1;
}

/** The shared examples, /work/shared/iql/examples, found from this file's place in the repository. */
export const examplesDirectory = path.resolve(__dirname, '../../../../../shared/iql/examples');

/** The `.iql` files of one example group, by name without extension, sorted. */
export function readExamples(group: 'valid' | 'invalid'): { name: string; text: string }[] {
  const directory = path.join(examplesDirectory, group);
  return readdirSync(directory)
    .filter((file) => file.endsWith('.iql'))
    .sort()
    .map((file) => ({ name: file.replace(/\.iql$/, ''), text: readFileSync(path.join(directory, file), 'utf8') }));
}
