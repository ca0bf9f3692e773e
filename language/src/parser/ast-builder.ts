/**
 * Turns Chevrotain's concrete syntax tree into the typed AST of ast.ts, and reports the
 * problems that are easier to see on the tree than in the grammar: clause order, duplicate
 * clauses, a missing FROM, stray tokens, a comma before bins, TOPN's count, empty bins and
 * double-quoted values.
 *
 * This file holds the two entry points (a whole file, a filter alone); the builders follow the
 * grammar's families: query-builder.ts (a query and its clause order), select-builder.ts and
 * aggregate-builder.ts (the selection), clause-builders.ts (FROM, WHERE, ENRICH/LINK WITH),
 * condition-builder.ts, ref-builder.ts and literal-builder.ts.
 *
 * The CST may be partial after error recovery: any child can be missing (cst-types.ts makes
 * every child optional), and tokens invented by recovery have no position. The builders
 * therefore take spans only from tokens that were really read (cst-access.ts, spans.ts).
 */
import type { IToken } from 'chevrotain';
import type { Comment, FilterExpression, IqlFile, Query } from './ast';
import type { BuildContext } from './build-context';
import { buildCondition } from './condition-builder';
import { firstRealToken } from './cst-access';
import type { FileCstNode, FilterExpressionCstNode, QueryCstNode } from './cst-types';
import { describeExplainKeyword, describeStrayInFile } from './messages';
import { buildQuery } from './query-builder';
import * as spans from './spans';
import type { SyntaxProblem } from './syntax-problem';
import * as tokenTypes from './tokens';

// Bound once to local constants: under tsx every use of an imported binding is a getter call,
// which showed in the time to build the tree of a large file (see parser.ts).
const { emptySpanAt, isRealToken, spanOfToken } = spans;
const { LineComment } = tokenTypes;

/**
 * Builds the AST of a file from the CSTs of the `file` rule run over consecutive slices of the
 * file's tokens (see `runFileRule`): `add` each slice's CST in order, then `build`. Problems
 * go to the context as they are found.
 */
export class FileAstBuilder {
  private readonly queries: Query[] = [];
  /** What the last slice ended with, so that `;` and stray runs carry across slices. */
  private previous: 'query' | 'semicolon' | 'stray' | undefined;

  constructor(private readonly context: BuildContext) {}

  /**
   * Adds the queries of one slice and reports its stray tokens between queries; returns the
   * query the slice holds (a slice starts at a SELECT, so it holds at most one), if any.
   */
  add(cst: FileCstNode): Query | undefined {
    let added: number | undefined;
    type Entry =
      | { readonly kind: 'query'; readonly offset: number; readonly node: QueryCstNode }
      | { readonly kind: 'semicolon' | 'stray'; readonly offset: number; readonly token: IToken };
    const entries: Entry[] = [];
    for (const node of cst.children.query ?? []) {
      // A query always starts with the SELECT that made the parser enter it.
      const select = firstRealToken(node.children.selectClause?.[0]?.children.Select);
      if (select !== undefined) entries.push({ kind: 'query', offset: select.startOffset, node });
    }
    for (const token of (cst.children.Semicolon ?? []).filter(isRealToken)) {
      entries.push({ kind: 'semicolon', offset: token.startOffset, token });
    }
    for (const token of (cst.children.StrayInFile ?? []).filter(isRealToken)) {
      entries.push({ kind: 'stray', offset: token.startOffset, token });
    }
    entries.sort((a, b) => a.offset - b.offset);

    for (const entry of entries) {
      if (entry.kind === 'query') {
        added = this.queries.push(buildQuery(entry.node, this.context)) - 1;
      } else if (entry.kind === 'semicolon') {
        const last = this.queries[this.queries.length - 1];
        if (this.previous === 'query' && last !== undefined) {
          this.queries[this.queries.length - 1] = { ...last, terminatorSpan: spanOfToken(entry.token) };
        }
      } else if (this.previous !== 'stray') {
        // Only the first token of a run of stray tokens is reported.
        this.context.problems.push(describeStrayBetweenQueries(entry.token));
      }
      this.previous = entry.kind;
    }
    // Read back: a `;` after the query replaced it with a copy that has the terminator.
    return added === undefined ? undefined : this.queries[added];
  }

  /** The file so far, with `comments` (the lexer's); directives are the caller's to add. */
  build(comments: readonly IToken[]): Omit<IqlFile, 'directives'> {
    return {
      kind: 'File',
      span: { start: 0, end: this.context.text.length },
      queries: this.queries,
      comments: buildComments(comments),
    };
  }
}

function describeStrayBetweenQueries(token: IToken): SyntaxProblem {
  if (token.image.toUpperCase() === 'EXPLAIN') {
    return describeExplainKeyword(spanOfToken(token) ?? emptySpanAt(token.startOffset));
  }
  return describeStrayInFile(token);
}

/** Builds the AST of a filter expression from the CST of the `filterExpression` rule. */
export function buildFilter(cst: FilterExpressionCstNode, context: BuildContext, comments: readonly IToken[]): FilterExpression {
  return {
    kind: 'Filter',
    span: { start: 0, end: context.text.length },
    condition: buildCondition(cst.children.condition?.[0], context),
    comments: buildComments(comments),
  };
}

function buildComments(comments: readonly IToken[]): Comment[] {
  return comments.map((token) => ({
    kind: 'Comment',
    style: token.tokenType === LineComment ? 'line' : 'block',
    span: { start: token.startOffset, end: token.startOffset + token.image.length },
  }));
}
