/**
 * The clauses after the selection: FROM and its audience, WHERE, ENRICH WITH and LINK WITH.
 * Their order and number are checked on the whole query (query-builder.ts).
 */
import type { IToken } from 'chevrotain';
import type { Audience, FromClause, Name, SetOperator, WhereClause, WithClause } from './ast';
import type { BuildContext } from './build-context';
import { buildCondition } from './condition-builder';
import { firstRealToken } from './cst-access';
import type {
  AudienceCstNode, AudienceTermCstNode, EnrichClauseCstNode, FromClauseCstNode, LinkClauseCstNode, WhereClauseCstNode,
} from './cst-types';
import { buildName } from './ref-builder';
import * as spans from './spans';

// Bound once to local constants: under tsx every use of an imported binding is a getter call,
// which showed in the time to build the tree of a large file (see parser.ts).
const { coverSpans, emptySpanAt, isRealToken, spanOfToken } = spans;

/** `FROM audience`; the audience is undefined while not written. */
export function buildFromClause(cst: FromClauseCstNode, context: BuildContext): FromClause {
  const keywordSpan = spanOfToken(firstRealToken(cst.children.From)) ?? emptySpanAt(0);
  const audience = buildAudience(cst.children.audience?.[0], context);
  return { kind: 'From', span: coverSpans([keywordSpan, audience?.span]) ?? keywordSpan, keywordSpan, audience };
}

/** Folds `a OP b OP c` to the left: `((a OP b) OP c)`. */
function buildAudience(cst: AudienceCstNode | undefined, context: BuildContext): Audience | undefined {
  if (cst === undefined) return undefined;
  type Element = { offset: number; term?: Audience; operator?: IToken };
  const elements: Element[] = [];
  for (const node of cst.children.audienceTerm ?? []) {
    const term = buildAudienceTerm(node, context);
    if (term !== undefined) elements.push({ offset: term.span.start, term });
  }
  for (const token of cst.children.SetOperator ?? []) {
    if (isRealToken(token)) elements.push({ offset: token.startOffset, operator: token });
  }
  elements.sort((a, b) => a.offset - b.offset);

  let left: Audience | undefined;
  let pending: IToken | undefined;
  const close = (right: Audience | undefined): void => {
    if (left === undefined || pending === undefined) return;
    const operatorSpan = spanOfToken(pending) ?? emptySpanAt(pending.startOffset);
    left = {
      kind: 'SetOperation',
      span: coverSpans([left.span, operatorSpan, right?.span]) ?? operatorSpan,
      operator: pending.image.toUpperCase() as SetOperator,
      operatorSpan,
      left,
      right,
    };
    pending = undefined;
  };
  for (const element of elements) {
    if (element.operator !== undefined) {
      // Two operators in a row (after recovery): the first one has no right operand.
      if (pending !== undefined) close(undefined);
      if (left !== undefined) pending = element.operator;
    } else if (element.term !== undefined) {
      if (left === undefined) left = element.term;
      else if (pending !== undefined) close(element.term);
    }
  }
  if (pending !== undefined) close(undefined);
  return left;
}

function buildAudienceTerm(cst: AudienceTermCstNode, context: BuildContext): Audience | undefined {
  const name = buildName(firstRealToken(cst.children.Name));
  if (name !== undefined) return { kind: 'Dataset', span: name.span, name };
  const open = firstRealToken(cst.children.LParen);
  if (open === undefined) return undefined;
  const inner = buildAudience(cst.children.audience?.[0], context);
  const close = firstRealToken(cst.children.RParen);
  const span = coverSpans([spanOfToken(open), inner?.span, spanOfToken(close)]) ?? emptySpanAt(open.startOffset);
  return { kind: 'AudienceGroup', span, inner };
}

/** `WHERE condition`; the condition is undefined while not written. */
export function buildWhereClause(cst: WhereClauseCstNode, context: BuildContext): WhereClause {
  const keywordSpan = spanOfToken(firstRealToken(cst.children.Where)) ?? emptySpanAt(0);
  const condition = buildCondition(cst.children.condition?.[0], context);
  return { kind: 'Where', span: coverSpans([keywordSpan, condition?.span]) ?? keywordSpan, keywordSpan, condition };
}

/** `ENRICH WITH names` or `LINK WITH names`; the keyword span covers both words. */
export function buildWithClause(cst: EnrichClauseCstNode | LinkClauseCstNode): WithClause {
  const [kind, keyword] = cst.name === 'enrichClause'
    ? ['Enrich' as const, cst.children.Enrich]
    : ['Link' as const, cst.children.Link];
  const keywordSpan = coverSpans([spanOfToken(firstRealToken(keyword)), spanOfToken(firstRealToken(cst.children.With))]) ?? emptySpanAt(0);
  const namesNode = cst.children.names?.[0];
  const names = (namesNode?.children.Name ?? []).map(buildName).filter((name): name is Name => name !== undefined);
  const commas = namesNode?.children.Comma ?? [];
  const span = coverSpans([keywordSpan, ...names.map((name) => name.span), ...commas.map(spanOfToken)]) ?? keywordSpan;
  return { kind, span, keywordSpan, names };
}
