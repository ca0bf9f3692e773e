/**
 * The parser's public face: everything outside language/src/parser imports from here.
 *
 * Contract: `parseIql` and `parseFilter` never throw, whatever the input (binary junk, a
 * megabyte of unbalanced parentheses, an empty string). They always return a tree — partial
 * where the text is broken — together with the problems found, so that features keep working
 * on the parts the author has already written.
 */
import type { IToken } from 'chevrotain';
import type { FilterExpression, IqlFile } from './ast';
import { buildFilter, FileAstBuilder } from './ast-builder';
import type { BuildContext } from './build-context';
import { dropCascadingProblems } from './cascade-filter';
import type { FilterExpressionCstNode } from './cst-types';
import { describeParseError } from './describe-parse-error';
import { extractDirectives } from './directives';
import { lexIql } from './lexer';
import { describeInternalFailure } from './messages';
import { limitNesting } from './nesting-guard';
import { runFileRule, runFilterRule } from './parser';
import type { SyntaxProblem } from './syntax-problem';

// The tree's node types, for code that reads the tree outside the parser (the emulator's
// query engine binds queries from them).
export type {
  Audience,
  Bins,
  CompareOperator,
  Condition,
  Dimension,
  FilterExpression,
  IqlFile,
  Literal,
  Name,
  Query,
  Ref,
  SelectItem,
  SetOperator,
  Span,
} from './ast';

export type { Severity, SyntaxProblem } from './syntax-problem';

export interface ParsedFile {
  readonly ast: IqlFile;
  readonly problems: readonly SyntaxProblem[];
}

export interface ParsedFilter {
  readonly ast: FilterExpression;
  readonly problems: readonly SyntaxProblem[];
}

/** Lexes, guards against runaway nesting, and prepares the context shared by the builder. */
function prepare(text: string): { context: BuildContext; tokens: IToken[]; comments: IToken[] } {
  const lexed = lexIql(text);
  const limited = limitNesting(lexed.tokens);
  const problems = [...lexed.problems, ...limited.problems];
  return { context: { text, tokens: limited.tokens, problems }, tokens: limited.tokens, comments: lexed.comments };
}

/**
 * Parses a whole IQL file: any number of queries, each optionally ended by `;`, with comments
 * and `-- @name value` directives. Problems come sorted by position; after a syntax error in a
 * query, only that first one is reported for the query (see cascade-filter.ts).
 */
export function parseIql(text: string): ParsedFile {
  const source = typeof text === 'string' ? text : '';
  try {
    const { context, tokens, comments } = prepare(source);
    const builder = new FileAstBuilder(context);
    runFileRule(tokens, (run) => {
      for (const error of run.errors) context.problems.push(describeParseError(error, context));
      builder.add(run.cst);
    });
    const ast: IqlFile = { ...builder.build(comments), directives: extractDirectives(comments) };
    const regionStarts = ast.queries.map((query) => query.span.start);
    return { ast, problems: dropCascadingProblems(context.problems, regionStarts) };
  } catch (error) {
    // A bug, not bad input: report it on the whole text rather than take the caller down.
    return {
      ast: { kind: 'File', span: { start: 0, end: source.length }, queries: [], directives: [], comments: [] },
      problems: [describeInternalFailure(error, source.length)],
    };
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
