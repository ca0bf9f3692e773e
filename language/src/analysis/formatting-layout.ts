/**
 * The formatter's printer: re-prints the items of a file (tokens and comments, see
 * formatting-items.ts) with canonical whitespace between them. It never adds, drops or
 * reorders an item, and only changes the letter case of keywords.
 *
 * A file is cut into a header (comments before the first query), one chunk per query (from
 * its SELECT to the next query's SELECT) and the comments after the last query. A query with
 * an error, or with a lexical problem of any severity, is copied exactly as written: a broken
 * query's structure is a guess, and a formatter must never mangle text it does not understand.
 *
 * Comments stay between the same two tokens. A comment written on the line of the token
 * before it stays on that line; a comment on a line of its own stays on a line of its own,
 * indented like the token that follows it when that token starts a line. Blank lines are kept
 * (one at most) outside queries and dropped inside them; queries are separated by a blank line.
 */
import type { Query } from '../parser/ast';
import type { SyntaxProblem } from '../parser';
import { parseIql } from '../parser';
import { collectLineBreaks, hasSpaceBefore, hasSpaceBetween, type LineBreaks } from './formatting-breaks';
import { isComment, lexItems, printedImage, type LayoutItem } from './formatting-items';

export interface LayoutOptions {
  /** One level of indentation: spaces or a tab. */
  readonly indentUnit: string;
  /** The line break the document already uses. */
  readonly eol: string;
}

type Separator = { readonly kind: 'none' | 'space' } | { readonly kind: 'line'; readonly indent: number; readonly blank: boolean };

const none: Separator = { kind: 'none' };
const space: Separator = { kind: 'space' };
const line = (indent: number, blank = false): Separator => ({ kind: 'line', indent, blank });

interface Chunk {
  readonly query: Query;
  /** Index of the query's SELECT in the item list. */
  readonly first: number;
  /** Index after the chunk's last item (the next chunk's first, or the item count). */
  readonly end: number;
  readonly broken: boolean;
}

/**
 * Formats `text`, or returns undefined when the text cannot be formatted safely (an error
 * before the first query, or items that do not line up with the tree). Queries with errors
 * are kept as written while the rest is formatted.
 */
export function layoutText(text: string, options: LayoutOptions): string | undefined {
  const { ast, problems } = parseIql(text);
  const { items, problems: lexProblems } = lexItems(text);
  const blocking: SyntaxProblem[] = [...problems.filter((problem) => problem.severity === 'error'), ...lexProblems];
  if (items.length === 0) return blocking.length > 0 ? undefined : '';

  const chunks = cutIntoChunks(text, ast.queries, items, blocking);
  if (!chunks) return undefined;
  const headerEnd = chunks[0]?.first ?? items.length;
  if (items.slice(0, headerEnd).some((item) => !isComment(item))) return undefined;
  const firstQueryStart = chunks.length > 0 ? items[chunks[0]!.first]!.start : Number.POSITIVE_INFINITY;
  if (blocking.some((problem) => problem.span.start < firstQueryStart)) return undefined;

  const printer = new Printer(text, options);
  for (let index = 0; index < headerEnd; index++) printer.printOutside(items[index]!);

  let tail: LayoutItem[] = [];
  chunks.forEach((chunk, index) => {
    const select = items[chunk.first]!;
    printer.printGap(tail, select, index === 0 ? 'after-header' : 'between-queries');
    tail = [];
    const chunkItems = items.slice(chunk.first, chunk.end);
    let lastCode = chunkItems.length - 1;
    while (lastCode > 0 && isComment(chunkItems[lastCode]!)) lastCode--;
    const body = chunkItems.slice(0, lastCode + 1);
    const breaks = chunk.broken ? undefined : collectLineBreaks(chunk.query, body);
    if (breaks) {
      printer.printQueryBody(body, breaks);
      tail = chunkItems.slice(lastCode + 1);
    } else {
      const nextStart = chunk.end < items.length ? items[chunk.end]!.start : text.length;
      printer.printVerbatim(chunkItems, nextStart);
    }
  });
  printer.printGap(tail, undefined, 'end');
  return printer.finish();
}

/** One chunk per query; undefined if a query does not start at an item (never expected). */
function cutIntoChunks(text: string, queries: readonly Query[], items: readonly LayoutItem[], blocking: readonly SyntaxProblem[]): Chunk[] | undefined {
  const indexByStart = new Map(items.map((item, index) => [item.start, index]));
  const firsts: number[] = [];
  for (const query of queries) {
    const index = indexByStart.get(query.span.start) ?? -1;
    if (index < 0 || (firsts.length > 0 && index <= firsts[firsts.length - 1]!)) return undefined;
    firsts.push(index);
  }
  return queries.map((query, index) => {
    const first = firsts[index]!;
    const end = firsts[index + 1] ?? items.length;
    const regionStart = items[first]!.start;
    const regionEnd = end < items.length ? items[end]!.start : text.length;
    // Closed at both ends: a problem reported at the next SELECT may be about this query.
    const broken = blocking.some((problem) => problem.span.start <= regionEnd && problem.span.end >= regionStart);
    return { query, first, end, broken };
  });
}

function countLineBreaks(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}

/** Accumulates the output; remembers the last item printed to measure original gaps. */
class Printer {
  private readonly parts: string[] = [];
  private previous: LayoutItem | undefined;

  constructor(
    private readonly text: string,
    private readonly options: LayoutOptions,
  ) {}

  /** Line breaks in the original text between the last item printed and `item`. */
  private breaksBefore(item: LayoutItem, previous = this.previous): number {
    return previous ? countLineBreaks(this.text.slice(previous.end, item.start)) : 0;
  }

  private write(separator: Separator, image: string): void {
    if (this.parts.length > 0) {
      if (separator.kind === 'space') this.parts.push(' ');
      else if (separator.kind === 'line') {
        this.parts.push(this.options.eol.repeat(separator.blank ? 2 : 1), this.options.indentUnit.repeat(separator.indent));
      }
    }
    this.parts.push(image);
  }

  /** The separator before the next query's SELECT, written by whoever prints that query. */
  private pending: Separator = none;

  /** A comment outside any query: kept on its line, or on a line of its own at the margin. */
  printOutside(item: LayoutItem): void {
    const breaks = this.breaksBefore(item);
    this.write(this.previous === undefined ? none : breaks === 0 ? space : line(0, breaks >= 2), item.image);
    this.previous = item;
  }

  /**
   * The comments after a query (or the header) and the SELECT of the next query. Between two
   * queries there is always a blank line: where the author left one, else at the first line
   * break, so that comments written just above a query stay attached to it.
   */
  printGap(comments: readonly LayoutItem[], select: LayoutItem | undefined, mode: 'after-header' | 'between-queries' | 'end'): void {
    const sequence = select ? [...comments, select] : [...comments];
    let previous = this.previous;
    const separators = sequence.map((item): Separator => {
      const breaks = this.breaksBefore(item, previous);
      previous = item;
      if (this.parts.length === 0 && item === sequence[0]) return none;
      if (item === select || breaks > 0) return line(0, breaks >= 2);
      return space;
    });
    if (mode === 'between-queries' && !separators.some((separator) => separator.kind === 'line' && separator.blank)) {
      const first = separators.findIndex((separator) => separator.kind === 'line');
      if (first >= 0) separators[first] = line(0, true);
    }
    comments.forEach((item, index) => {
      this.write(separators[index]!, item.image);
      this.previous = item;
    });
    this.pending = separators[comments.length] ?? none;
  }

  /** A well-formed query from its SELECT to its last token. */
  printQueryBody(body: readonly LayoutItem[], breaks: LineBreaks): void {
    let level = 0;
    let lastCode = body[0]!;
    this.write(this.pending, printedImage(lastCode));
    this.previous = lastCode;
    for (let index = 1; index < body.length; index++) {
      const item = body[index]!;
      const before = body[index - 1]!;
      let separator: Separator;
      if (isComment(item)) {
        if (this.breaksBefore(item, before) === 0) {
          separator = space;
        } else {
          const next = body.slice(index + 1).find((candidate) => !isComment(candidate));
          separator = line((next && breaks.get(next.start)) ?? level + 1);
        }
      } else {
        const structural = breaks.get(item.start);
        if (structural !== undefined) {
          separator = line(structural);
          level = structural;
        } else if (before.kind === 'line-comment') {
          separator = line(level + 1);
        } else if (before.kind === 'block-comment') {
          separator = hasSpaceBefore(item) ? space : none;
        } else {
          separator = hasSpaceBetween(lastCode, item) ? space : none;
        }
        lastCode = item;
      }
      this.write(separator, printedImage(item));
      this.previous = item;
    }
  }

  /**
   * A query copied exactly as written, up to the next query (comments and any unreadable
   * characters included), less the trailing whitespace that the next separator replaces.
   */
  printVerbatim(chunkItems: readonly LayoutItem[], nextStart: number): void {
    const first = chunkItems[0]!;
    const last = chunkItems[chunkItems.length - 1]!;
    const region = this.text.slice(first.start, nextStart);
    // Never trim into the last item: an unterminated string may end in spaces.
    const end = Math.max(last.end, first.start + region.trimEnd().length);
    this.write(this.pending, this.text.slice(first.start, end));
    this.previous = last;
  }

  finish(): string {
    return this.parts.length === 0 ? '' : this.parts.join('') + this.options.eol;
  }
}
