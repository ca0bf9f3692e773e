/**
 * Document and range formatting: one canonical layout for IQL (see formatting-breaks.ts for
 * the rules and formatting-layout.ts for comments and broken queries).
 *
 * Guarantees, each enforced rather than hoped for:
 * - meaning is kept: the result is re-lexed and re-parsed and must have the same tokens,
 *   comments, tree and problems as the input (formatting-verify.ts), else nothing changes;
 * - queries with errors are left exactly as written;
 * - formatting twice gives the same text as formatting once;
 * - edits are small: one per changed gap between tokens or per keyword whose case changed, so
 *   the editor keeps the cursor and the selection where they were.
 */
import type { Range, TextEdit } from 'vscode-languageserver-types';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { lexItems } from './formatting-items';
import { layoutText } from './formatting-layout';
import { isSameMeaning } from './formatting-verify';
import { parseIql } from '../parser';
import { findQueryRegions } from '../parser/query-regions';

/** The part of LSP's FormattingOptions the formatter reads. */
export interface IqlFormattingOptions {
  readonly tabSize: number;
  readonly insertSpaces: boolean;
}

function layoutOptions(text: string, options: IqlFormattingOptions): { indentUnit: string; eol: string } {
  const tabSize = Number.isInteger(options.tabSize) && options.tabSize > 0 && options.tabSize <= 16 ? options.tabSize : 2;
  const firstBreak = /\r\n|\r|\n/.exec(text);
  return { indentUnit: options.insertSpaces === false ? '\t' : ' '.repeat(tabSize), eol: firstBreak?.[0] ?? '\n' };
}

/**
 * The formatted text, or `text` itself when it cannot be formatted safely (for example an
 * error before the first query). Never throws.
 */
export function formatText(text: string, options: IqlFormattingOptions): string {
  return formatWithLayout(text, layoutOptions(text, options));
}

function formatWithLayout(text: string, layout: { indentUnit: string; eol: string }): string {
  try {
    const formatted = layoutText(text, layout);
    if (formatted === undefined || formatted === text) return text;
    return isSameMeaning(text, formatted) ? formatted : text;
  } catch {
    // A formatter bug must cost the user a formatting, not the request: leave the text alone.
    return text;
  }
}

/** Edits that turn `text` into its formatted form; empty when there is nothing to change. */
export function formatIql(text: string, options: IqlFormattingOptions): TextEdit[] {
  return diffByItems(text, formatText(text, options));
}

/**
 * Edits that format the queries overlapping `range` (whole queries: half a query has no
 * canonical layout). Comments outside queries are formatted only when inside `range`.
 * Only the queries concerned are formatted, so a selection in a large document formats as
 * fast as a small file (each query region formats alone, see query-regions.ts).
 */
export function formatIqlRange(text: string, range: Range, options: IqlFormattingOptions): TextEdit[] {
  const document = TextDocument.create('untitled:range', 'iql', 0, text);
  const rangeStart = document.offsetAt(range.start);
  const rangeEnd = document.offsetAt(range.end);
  // Half-open, as ranges are: a selection that starts where a query starts leaves the query
  // before it alone; an empty one (a cursor) takes the query it is in.
  const touches = (start: number, end: number): boolean => end > rangeStart && start < Math.max(rangeEnd, rangeStart + 1);
  const regions = findQueryRegions(text).filter((region) => touches(region.start, region.end));
  if (regions.length === 0) return [];
  const base = regions[0].start;
  const slice = text.slice(base, regions[regions.length - 1].end);
  let start = rangeStart - base;
  let end = rangeEnd - base;
  const queries = parseIql(slice).ast.queries;
  queries.forEach((query, index) => {
    const regionEnd = queries[index + 1]?.span.start ?? slice.length;
    if (touches(base + query.span.start, base + regionEnd)) {
      start = Math.min(start, query.span.start);
      end = Math.max(end, query.terminatorSpan?.end ?? query.span.end);
    }
  });
  const sliceDocument = TextDocument.create('untitled:slice', 'iql', 0, slice);
  const edits: TextEdit[] = [];
  for (const edit of diffByItems(slice, formatWithLayout(slice, layoutOptions(text, options)))) {
    const editStart = sliceDocument.offsetAt(edit.range.start);
    const editEnd = sliceDocument.offsetAt(edit.range.end);
    if (editStart < start || editEnd > end) continue;
    edits.push({ range: { start: document.positionAt(base + editStart), end: document.positionAt(base + editEnd) }, newText: edit.newText });
  }
  return edits;
}

/**
 * Small edits from `text` to `formatted`, which have the same items in the same order (the
 * formatter guarantees it): the whitespace between items, and items whose case changed.
 */
function diffByItems(text: string, formatted: string): TextEdit[] {
  if (formatted === text) return [];
  const document = TextDocument.create('untitled:format', 'iql', 0, text);
  const before = lexItems(text).items;
  const after = lexItems(formatted).items;
  if (before.length !== after.length) {
    return [{ range: { start: document.positionAt(0), end: document.positionAt(text.length) }, newText: formatted }];
  }
  const edits: TextEdit[] = [];
  const replace = (start: number, end: number, newText: string): void => {
    if (text.slice(start, end) !== newText) {
      edits.push({ range: { start: document.positionAt(start), end: document.positionAt(end) }, newText });
    }
  };
  let previousEnd = 0;
  let previousFormattedEnd = 0;
  before.forEach((item, index) => {
    const counterpart = after[index]!;
    replace(previousEnd, item.start, formatted.slice(previousFormattedEnd, counterpart.start));
    replace(item.start, item.end, counterpart.image);
    previousEnd = item.end;
    previousFormattedEnd = counterpart.end;
  });
  replace(previousEnd, text.length, formatted.slice(previousFormattedEnd));
  return edits;
}
