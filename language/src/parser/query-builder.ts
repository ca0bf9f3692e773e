/**
 * One query: its SELECT, then its other clauses in whatever order and number the (deliberately
 * wide) grammar let through, and stray tokens. The mistakes that shows are reported here: a
 * clause out of order, a clause written twice, a missing FROM and tokens that continue nothing.
 */
import type { IToken } from 'chevrotain';
import type { FromClause, Query, WhereClause, WithClause } from './ast';
import type { BuildContext } from './build-context';
import { buildFromClause, buildWhereClause, buildWithClause } from './clause-builders';
import type { QueryCstNode } from './cst-types';
import { describeClauseOrder, describeDuplicateClause, describeMissingFrom, describeStrayInQuery } from './messages';
import { buildSelectClause } from './select-builder';
import * as spans from './spans';

// Bound once to local constants: under tsx every use of an imported binding is a getter call,
// which showed in the time to build the tree of a large file (see parser.ts).
const { coverSpans, emptySpanAt, isRealToken, spanOfToken, tokenIndexAt } = spans;

type ClauseName = 'FROM' | 'WHERE' | 'ENRICH WITH' | 'LINK WITH';
const clauseRank: Readonly<Record<ClauseName, number>> = { FROM: 1, WHERE: 2, 'ENRICH WITH': 3, 'LINK WITH': 4 };

/** What may follow each clause, for the message about a stray token after it. */
const continuations: Readonly<Record<ClauseName, readonly string[]>> = {
  FROM: ['UNION', 'INTERSECT', 'EXCLUDE', 'WHERE', 'ENRICH WITH', 'LINK WITH'],
  WHERE: ['AND', 'OR', 'ENRICH WITH', 'LINK WITH'],
  'ENRICH WITH': ["','", 'LINK WITH'],
  'LINK WITH': ["','"],
};

type QueryPart =
  | { readonly offset: number; readonly clause: ClauseName; readonly ast: FromClause | WhereClause | WithClause }
  | { readonly offset: number; readonly stray: IToken };

/** The clauses and stray tokens of a query after its SELECT, in the order of the text. */
function partsOf(cst: QueryCstNode, context: BuildContext): QueryPart[] {
  const parts: QueryPart[] = [];
  for (const node of cst.children.fromClause ?? []) {
    const ast = buildFromClause(node, context);
    parts.push({ offset: ast.keywordSpan.start, clause: 'FROM', ast });
  }
  for (const node of cst.children.whereClause ?? []) {
    const ast = buildWhereClause(node, context);
    parts.push({ offset: ast.keywordSpan.start, clause: 'WHERE', ast });
  }
  for (const node of cst.children.enrichClause ?? []) {
    const ast = buildWithClause(node);
    parts.push({ offset: ast.keywordSpan.start, clause: 'ENRICH WITH', ast });
  }
  for (const node of cst.children.linkClause ?? []) {
    const ast = buildWithClause(node);
    parts.push({ offset: ast.keywordSpan.start, clause: 'LINK WITH', ast });
  }
  for (const token of cst.children.StrayInQuery ?? []) {
    if (isRealToken(token)) parts.push({ offset: token.startOffset, stray: token });
  }
  return parts.sort((a, b) => a.offset - b.offset);
}

function tokenBefore(context: BuildContext, token: IToken): IToken | undefined {
  const index = tokenIndexAt(context.tokens, token.startOffset);
  return index > 0 ? context.tokens[index - 1] : undefined;
}

/**
 * The query of a `query` node. Of a clause written twice, the first is kept in the tree and
 * the second reported; of a run of stray tokens, only the first is reported.
 */
export function buildQuery(cst: QueryCstNode, context: BuildContext): Query {
  const select = buildSelectClause(cst.children.selectClause?.[0], context);
  const parts = partsOf(cst, context);

  const found = new Map<ClauseName, FromClause | WhereClause | WithClause>();
  const seenInOrder: ClauseName[] = [];
  const hasFrom = parts.some((part) => 'clause' in part && part.clause === 'FROM');
  let missingFromReported = false;
  let previousPart: QueryPart | undefined;
  for (const part of parts) {
    if ('clause' in part) {
      const later = seenInOrder.find((name) => clauseRank[name] > clauseRank[part.clause]);
      if (found.has(part.clause)) {
        context.problems.push(describeDuplicateClause(part.clause, part.ast.keywordSpan));
      } else {
        if (later !== undefined) context.problems.push(describeClauseOrder(part.clause, later, part.ast.keywordSpan));
        found.set(part.clause, part.ast);
      }
      seenInOrder.push(part.clause);
    } else if (previousPart === undefined || !('stray' in previousPart)) {
      const straySpan = spanOfToken(part.stray) ?? emptySpanAt(part.offset);
      if (!hasFrom && previousPart === undefined) {
        context.problems.push(describeMissingFrom(straySpan, part.stray));
        missingFromReported = true;
      } else {
        const last = previousPart !== undefined && 'clause' in previousPart ? previousPart.clause : undefined;
        const next = last === undefined ? ["','", 'FROM'] : continuations[last];
        context.problems.push(describeStrayInQuery(part.stray, tokenBefore(context, part.stray), next));
      }
    }
    previousPart = part;
  }
  if (!hasFrom && !missingFromReported) {
    context.problems.push(describeMissingFrom(emptySpanAt(select.span.end)));
  }

  const span = coverSpans([
    select.span,
    ...parts.map((part) => ('clause' in part ? part.ast.span : spanOfToken(part.stray))),
  ]) ?? select.span;
  return {
    kind: 'Query',
    span,
    select,
    from: found.get('FROM') as FromClause | undefined,
    where: found.get('WHERE') as WhereClause | undefined,
    enrich: found.get('ENRICH WITH') as WithClause | undefined,
    link: found.get('LINK WITH') as WithClause | undefined,
  };
}
