/**
 * Parsing a text: the whole-document entry points and the unfiltered parse that the
 * incremental parser runs query by query.
 */
import type { IToken } from 'chevrotain';
import { buildFilter, FileAstBuilder } from './ast-builder';
import type { BuildContext } from './build-context';
import { dropCascadingProblems, regionOf } from './cascade-filter';
import type { FileCstNode, FilterExpressionCstNode } from './cst-types';
import { describeParseError } from './describe-parse-error';
import { extractDirectives } from './directives';
import { lexIql } from './lexer';
import { describeInternalFailure } from './messages';
import { limitNesting } from './nesting-guard';
import { runFileRule, runFilterRule } from './parser';
import type { Comment, Directive, Query } from './ast';
import type { ParsedFile, ParsedFilter } from './parsed';
import type { SyntaxProblem } from './syntax-problem';
import { recordTokenClasses } from './token-classes';
import type { TextOrigin } from './spans';

/** One region of a larger document, parsed alone. */
export interface RegionContext {
  /** Line and column of the region's first character in the document. */
  readonly origin: TextOrigin;
  /** The token after the region (the next query's SELECT), which messages may name. */
  readonly followedBy?: IToken;
}

/**
 * Lexes, guards against runaway nesting, and prepares the context shared by the builder.
 * `region` says where `text` sits when it is one region of a larger document
 * (incremental-parser.ts), so that messages read as in a parse of the whole document.
 */
function prepare(text: string, region?: RegionContext): { context: BuildContext; tokens: IToken[]; comments: IToken[] } {
  const lexed = lexIql(text);
  const limited = limitNesting(lexed.tokens);
  const problems = [...lexed.problems, ...limited.problems];
  const contextTokens = region?.followedBy ? [...limited.tokens, region.followedBy] : limited.tokens;
  const context: BuildContext = { text, tokens: contextTokens, problems, ...(region ? { origin: region.origin } : {}) };
  return { context, tokens: limited.tokens, comments: lexed.comments };
}

/**
 * The tree and every problem found, before the cascade filter: the incremental parser parses
 * a document query by query with this and filters the whole document's problems once.
 * Throws only on a bug; callers turn that into a problem.
 */
export function parseUnfiltered(text: string, region?: RegionContext): ParsedFile {
  const { context, tokens, comments } = prepare(text, region);
  const builder = new FileAstBuilder(context);
  runFileRule(tokens, (run, slice) => {
    for (const error of run.errors) context.problems.push(describeParseError(error, context));
    addSlice(builder, run.cst, slice);
  });
  return { ast: { ...builder.build(comments), directives: extractDirectives(comments) }, problems: context.problems };
}

/**
 * The whole text parsed with one lex, handed out by region (`starts`: the region starts,
 * ascending, the first 0): what the incremental parser starts from, since lexing a large text
 * once is twice as fast as lexing its queries one by one. Each region's part is what parsing
 * the region alone gives (incremental-parser.ts), in the document's offsets: the parser runs
 * one query at a time either way, and each query's problems are taken from its own run.
 */
export function parseByRegion(text: string, starts: readonly number[]): ParsedFile[] {
  const { context, tokens, comments } = prepare(text);
  // starts[0] is 0, so every offset has a region.
  const regionAt = (offset: number): number => Math.max(0, regionOf(starts, offset));
  const problems = starts.map((): SyntaxProblem[] => []);
  for (const problem of context.problems) problems[regionAt(problem.span.start)].push(problem);
  const builder = new FileAstBuilder(context);
  runFileRule(tokens, (run, slice) => {
    const from = context.problems.length;
    for (const error of run.errors) context.problems.push(describeParseError(error, context));
    addSlice(builder, run.cst, slice);
    problems[regionAt(slice[0].startOffset)].push(...context.problems.slice(from));
  });
  const file = builder.build(comments);
  const directives = extractDirectives(comments);
  const parts = starts.map((start, index) => ({
    span: { start, end: index + 1 < starts.length ? starts[index + 1] : text.length },
    queries: [] as Query[],
    comments: [] as Comment[],
    directives: [] as Directive[],
  }));
  for (const query of file.queries) parts[regionAt(query.span.start)].queries.push(query);
  for (const comment of file.comments) parts[regionAt(comment.span.start)].comments.push(comment);
  for (const directive of directives) parts[regionAt(directive.span.start)].directives.push(directive);
  return parts.map((part, index) => ({ ast: { kind: 'File', ...part }, problems: problems[index] }));
}

/** Builds one slice's queries and records the token classes of the query it holds. */
function addSlice(builder: FileAstBuilder, cst: FileCstNode, slice: readonly IToken[]): void {
  const query = builder.add(cst);
  if (query !== undefined) recordTokenClasses(query, slice);
}

/** The problem reported, and the empty tree returned, when parsing fails on a bug. */
export function internalFailure(error: unknown, length: number): ParsedFile {
  return {
    ast: { kind: 'File', span: { start: 0, end: length }, queries: [], directives: [], comments: [] },
    problems: [describeInternalFailure(error, length)],
  };
}

/**
 * Parses a whole IQL file: any number of queries, each optionally ended by `;`, with comments
 * and `-- @name value` directives. Problems come sorted by position; after a syntax error in a
 * query, only that first one is reported for the query (see cascade-filter.ts).
 */
export function parseIql(text: string): ParsedFile {
  const source = typeof text === 'string' ? text : '';
  try {
    const { ast, problems } = parseUnfiltered(source);
    return { ast, problems: dropCascadingProblems(problems, ast.queries.map((query) => query.span.start)) };
  } catch (error) {
    // A bug, not bad input: report it on the whole text rather than take the caller down.
    return internalFailure(error, source.length);
  }
}

/**
 * Parses a filter expression alone — the condition after WHERE, as the 2.0 insight reports
 * take it (`baseline_filter`, `seed_filter`). Text with no tokens (empty, or only comments)
 * is no filter at all: no condition and no problem.
 */
export function parseFilter(text: string): ParsedFilter {
  const source = typeof text === 'string' ? text : '';
  try {
    const { context, tokens, comments } = prepare(source);
    let cst: FilterExpressionCstNode = { name: 'filterExpression', children: {} };
    if (tokens.length > 0) {
      const run = runFilterRule(tokens);
      for (const error of run.errors) context.problems.push(describeParseError(error, context));
      cst = run.cst;
    }
    const ast = buildFilter(cst, context, comments);
    return { ast, problems: dropCascadingProblems(context.problems, []) };
  } catch (error) {
    return {
      ast: { kind: 'Filter', span: { start: 0, end: source.length }, comments: [] },
      problems: [describeInternalFailure(error, source.length)],
    };
  }
}
