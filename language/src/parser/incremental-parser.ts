/**
 * Parses the versions of one open document, reparsing only the queries an edit touched.
 *
 * A document is cut into regions at the SELECT that starts each query (query-starts.ts), plus
 * the text before the first one. Queries do not see each other, so each region parses alone
 * (runFileRule already parses one query at a time), and the document's parse is the regions'
 * parses placed at their offsets, with the cascade filter run once over the whole. A region
 * whose text did not change is not parsed again: above the edit it is reused as it is, below
 * it its spans are shifted. At 50,000 lines a keystroke costs a scan for SELECT, one region's
 * parse and a shift, instead of lexing and parsing a megabyte.
 *
 * Two things outside a region's text show in its parse: the next query's SELECT, which a
 * message about a query cut short names, and the region's line and column, which the message
 * about an unclosed bracket names. Both are compared before a region is reused.
 *
 * The trees of the regions are shared from one version's parse to the next and their spans
 * are moved in place (relocate.ts), so a parse is valid until the same document's next version is parsed: code that
 * awaits must ask again for the parse afterwards. Only the regions of the latest version are
 * kept, so memory follows the document's size and never grows with the number of edits.
 */
import type { IToken } from 'chevrotain';
import type { Comment, Directive, Query } from './ast';
import { dropCascadingProblems } from './cascade-filter';
import { lexIql } from './lexer';
import type { ParsedFile } from './parsed';
import { internalFailure, parseByRegion, parseUnfiltered } from './parse-text';
import { findQueryStarts } from './query-starts';
import { gatherSpans, shiftSpans, type MovableSpan } from './relocate';
import { LineCursor, type TextOrigin } from './spans';
import type { SyntaxProblem } from './syntax-problem';

/** The SELECT keyword is six characters in any spelling (`select`, `Select`, …). */
const SELECT_LENGTH = 6;

/** Problems whose message names a line and column (describe-parse-error.ts). */
const POSITIONAL_CODES: ReadonlySet<string> = new Set(['iql.unclosed-paren', 'iql.unclosed-brace']);

interface Region {
  /** The region's length; its text is the previous version's, from its previous start. */
  readonly length: number;
  /** The next query's SELECT as written, when there is a next query. */
  readonly follower: string | undefined;
  /** Where the region was when parsed, when its messages depend on it. */
  readonly origin: TextOrigin | undefined;
  /** The region's parse, in the document's offsets as of the last version. */
  readonly parsed: ParsedFile;
  /** Every span of `parsed`, gathered the first time the text above it grows or shrinks. */
  spans: readonly MovableSpan[] | undefined;
  /** The parse (counted from 1) that last took this region, so that no two regions share a tree. */
  claimedBy: number;
}

export class IncrementalParser {
  /** The regions of the latest version, by start offset. */
  private regions = new Map<number, Region>();
  /** The latest version's text: regions are compared with it, and only it is kept. */
  private text = '';
  private generation = 0;

  /** The parse of `text`: equal to `parseIql(text)`, reusing what the last call parsed. */
  parse(text: string): ParsedFile {
    const source = typeof text === 'string' ? text : '';
    try {
      return this.parseRegions(source);
    } catch (error) {
      this.regions = new Map();
      return internalFailure(error, source.length);
    } finally {
      this.text = source;
    }
  }

  private parseRegions(text: string): ParsedFile {
    const generation = ++this.generation;
    const previousText = this.text;
    const delta = text.length - previousText.length;
    const starts = findQueryStarts(text);
    if (starts[0] !== 0) starts.unshift(0);
    const lines = new LineCursor(text);
    const regions = new Map<number, Region>();
    const queries: Query[] = [];
    const directives: Directive[] = [];
    const comments: Comment[] = [];
    const problems: SyntaxProblem[] = [];

    // Nothing to reuse (the first version): one lex of the whole text, handed out by region.
    const fresh = this.regions.size === 0 ? parseByRegion(text, starts) : undefined;

    for (let index = 0; index < starts.length; index++) {
      const start = starts[index];
      const end = index + 1 < starts.length ? starts[index + 1] : text.length;
      if (end === start) continue;
      const regionText = text.slice(start, end);
      const follower = index + 1 < starts.length ? text.slice(end, end + SELECT_LENGTH) : undefined;
      const fits = (region: Region | undefined, previousStart: number): region is Region =>
        region !== undefined &&
        region.claimedBy !== generation &&
        region.length === regionText.length &&
        region.follower === follower &&
        previousText.slice(previousStart, previousStart + region.length) === regionText &&
        (region.origin === undefined || sameOrigin(region.origin, lines.at(start)));

      let region: Region;
      const part = fresh?.[index];
      const unmoved = this.regions.get(start);
      const moved = delta === 0 ? undefined : this.regions.get(start - delta);
      if (part !== undefined) {
        region = placeRegion(part, regionText.length, follower, lines.at(start));
      } else if (fits(unmoved, start)) {
        region = unmoved;
      } else if (fits(moved, start - delta)) {
        moved.spans ??= gatherSpans(moved.parsed);
        shiftSpans(moved.spans, delta);
        region = moved;
      } else {
        region = parseRegion(detach(regionText), follower, start, lines);
      }
      region.claimedBy = generation;
      regions.set(start, region);
      const { ast } = region.parsed;
      for (const query of ast.queries) queries.push(query);
      for (const directive of ast.directives) directives.push(directive);
      for (const comment of ast.comments) comments.push(comment);
      for (const problem of region.parsed.problems) problems.push(problem);
    }

    this.regions = regions;
    return {
      ast: { kind: 'File', span: { start: 0, end: text.length }, queries, comments, directives },
      problems: dropCascadingProblems(problems, queries.map((query) => query.span.start)),
    };
  }
}

/** Parses one region alone and places it at `start`. */
function parseRegion(text: string, follower: string | undefined, start: number, lines: LineCursor): Region {
  const origin = lines.at(start);
  const parsed = parseUnfiltered(text, { origin, ...(follower === undefined ? {} : { followedBy: tokenAt(follower, text.length) }) });
  const region = placeRegion(parsed, text.length, follower, origin);
  // At the start of the text its spans are already the document's: gathered only if it moves later.
  if (start !== 0) {
    region.spans = gatherSpans(parsed);
    shiftSpans(region.spans, start);
  }
  return region;
}

function placeRegion(parsed: ParsedFile, length: number, follower: string | undefined, origin: TextOrigin): Region {
  const positional = parsed.problems.some((problem) => POSITIONAL_CODES.has(problem.code));
  return { length, follower, origin: positional ? origin : undefined, parsed, spans: undefined, claimedBy: 0 };
}

/**
 * A copy of `slice` that does not keep the document it was cut from alive. A slice shares its
 * document's characters, and so does every name and string the lexer cuts from it; a region
 * kept for a thousand edits would otherwise keep its first version of a 1.5 MB document. Text
 * joined to a prefix is copied when it is sliced again, which detaches it.
 */
function detach(slice: string): string {
  return (` ${slice}`).slice(1);
}

/** The token `word` would be at `offset`: stands for the next region's first token. */
function tokenAt(word: string, offset: number): IToken {
  const token = lexIql(word).tokens[0];
  return { ...token, startOffset: offset, endOffset: offset + word.length - 1 };
}

function sameOrigin(a: TextOrigin, b: TextOrigin): boolean {
  return a.line === b.line && a.column === b.column;
}
