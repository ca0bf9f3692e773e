/**
 * Turns Chevrotain's concrete syntax tree into the typed AST of ast.ts, and reports the
 * problems that are easier to see on the tree than in the grammar: clause order, duplicate
 * clauses, a missing FROM, stray tokens, a comma before bins, TOPN's count, empty bins and
 * double-quoted values.
 *
 * The CST may be partial after error recovery: any child can be missing, and tokens invented
 * by recovery have no position. Every function here therefore treats every child as optional
 * and takes spans only from tokens that were really read (see spans.ts).
 */
import type { CstElement, CstNode, IToken } from 'chevrotain';
import type {
  AggregateItem, Audience, Bins, ColumnItem, Comment, CompareOperator, Comparison, Condition, CountItem,
  Dimension, FilterExpression, FromClause, InCondition, IqlFile, Literal, MeasureItem, Name, Query, Ref,
  SelectClause, SelectItem, SetOperator, Span, TopNItem, WhereClause, WithClause,
} from './ast';
import type { SyntaxProblem } from './index';
import {
  describeClauseOrder, describeCommaBeforeBins, describeDuplicateClause, describeEmptyAggregate, describeEmptyBins,
  describeEmptySelect, describeExplainKeyword, describeMissingFrom, describeOrphanBins, describeQuotedValue,
  describeStrayInFile, describeStrayInQuery, describeTopNCount,
} from './messages';
import { checkSelection } from './selection-checks';
import * as spans from './spans';
import * as tokenTypes from './tokens';

// Bound once to local constants: under tsx every use of an imported binding is a getter call,
// which showed in the time to build the tree of a large file (see parser.ts).
const { coverSpans, emptySpanAt, isRealToken, spanOfToken, tokenIndexAt } = spans;
const { Identifier, LineComment, NotEquals, NumberLiteral, QuotedName, StringLiteral, UnterminatedQuotedName, UnterminatedString } = tokenTypes;

/** Shared state of one build: the problems found so far and the token vector. */
export interface BuildContext {
  readonly text: string;
  /** The tokens the parser ran on, in order (for "found X after Y" messages). */
  readonly tokens: readonly IToken[];
  readonly problems: SyntaxProblem[];
}

// ---------------------------------------------------------------------------------------
// CST access
// ---------------------------------------------------------------------------------------

function isToken(element: CstElement): element is IToken {
  return 'tokenType' in element;
}

function nodesOf(node: CstNode | undefined, key: string): CstNode[] {
  const elements = node?.children[key];
  if (elements === undefined) return [];
  return elements.filter((element): element is CstNode => !isToken(element));
}

function tokensOf(node: CstNode | undefined, key: string): IToken[] {
  const elements = node?.children[key];
  if (elements === undefined) return [];
  return elements.filter(isToken);
}

function nodeOf(node: CstNode | undefined, key: string): CstNode | undefined {
  return nodesOf(node, key)[0];
}

/** The first token of `key` that was really read from the text. */
function tokenOf(node: CstNode | undefined, key: string): IToken | undefined {
  return tokensOf(node, key).find(isRealToken);
}

function tokenBefore(context: BuildContext, token: IToken): IToken | undefined {
  const index = tokenIndexAt(context.tokens, token.startOffset);
  return index > 0 ? context.tokens[index - 1] : undefined;
}

// ---------------------------------------------------------------------------------------
// Files, queries and clauses
// ---------------------------------------------------------------------------------------

/**
 * Builds the AST of a file from the CSTs of the `file` rule run over consecutive slices of the
 * file's tokens (see `runFileRule`): `add` each slice's CST in order, then `build`.
 */
export class FileAstBuilder {
  private readonly queries: Query[] = [];
  /** What the last slice ended with, so that `;` and stray runs carry across slices. */
  private previous: 'query' | 'semicolon' | 'stray' | undefined;

  constructor(private readonly context: BuildContext) {}

  add(cst: CstNode): void {
    type Entry =
      | { readonly kind: 'query'; readonly offset: number; readonly node: CstNode }
      | { readonly kind: 'semicolon' | 'stray'; readonly offset: number; readonly token: IToken };
    const entries: Entry[] = [];
    for (const node of nodesOf(cst, 'query')) {
      // A query always starts with the SELECT that made the parser enter it.
      const select = tokenOf(nodeOf(node, 'selectClause'), 'Select');
      if (select !== undefined) entries.push({ kind: 'query', offset: select.startOffset, node });
    }
    for (const token of tokensOf(cst, 'Semicolon').filter(isRealToken)) {
      entries.push({ kind: 'semicolon', offset: token.startOffset, token });
    }
    for (const token of tokensOf(cst, 'StrayInFile').filter(isRealToken)) {
      entries.push({ kind: 'stray', offset: token.startOffset, token });
    }
    entries.sort((a, b) => a.offset - b.offset);

    for (const entry of entries) {
      if (entry.kind === 'query') {
        this.queries.push(buildQuery(entry.node, this.context));
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
  }

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
export function buildFilter(cst: CstNode, context: BuildContext, comments: readonly IToken[]): FilterExpression {
  return {
    kind: 'Filter',
    span: { start: 0, end: context.text.length },
    condition: buildCondition(nodeOf(cst, 'condition'), context),
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

function buildQuery(cst: CstNode, context: BuildContext): Query {
  const select = buildSelectClause(nodeOf(cst, 'selectClause'), context);
  const parts: QueryPart[] = [];
  for (const node of nodesOf(cst, 'fromClause')) {
    const ast = buildFromClause(node, context);
    parts.push({ offset: ast.keywordSpan.start, clause: 'FROM', ast });
  }
  for (const node of nodesOf(cst, 'whereClause')) {
    const ast = buildWhereClause(node, context);
    parts.push({ offset: ast.keywordSpan.start, clause: 'WHERE', ast });
  }
  for (const node of nodesOf(cst, 'enrichClause')) {
    const ast = buildWithClause(node, 'Enrich');
    parts.push({ offset: ast.keywordSpan.start, clause: 'ENRICH WITH', ast });
  }
  for (const node of nodesOf(cst, 'linkClause')) {
    const ast = buildWithClause(node, 'Link');
    parts.push({ offset: ast.keywordSpan.start, clause: 'LINK WITH', ast });
  }
  for (const token of tokensOf(cst, 'StrayInQuery')) {
    if (isRealToken(token)) parts.push({ offset: token.startOffset, stray: token });
  }
  parts.sort((a, b) => a.offset - b.offset);

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
      // Only the first token of a run of stray tokens is reported.
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

function buildSelectClause(cst: CstNode | undefined, context: BuildContext): SelectClause {
  const keyword = tokenOf(cst, 'Select');
  const keywordSpan = spanOfToken(keyword) ?? emptySpanAt(0);
  const itemNodes = nodesOf(cst, 'selectItem');
  const items: SelectItem[] = [];
  for (const node of itemNodes) {
    const item = buildSelectItem(node, context);
    if (item !== undefined) items.push(item);
  }
  if (itemNodes.length === 0) context.problems.push(describeEmptySelect(emptySpanAt(keywordSpan.end)));
  const clause: SelectClause = {
    kind: 'Select',
    span: coverSpans([keywordSpan, ...items.map((item) => item.span), ...tokensOf(cst, 'Comma').map(spanOfToken)]) ?? keywordSpan,
    keywordSpan,
    queryType: items[0]?.kind === 'Column' ? 'activation' : 'insight',
    items,
  };
  context.problems.push(...checkSelection(clause));
  return clause;
}

function buildSelectItem(cst: CstNode, context: BuildContext): SelectItem | undefined {
  const count = nodeOf(cst, 'countItem');
  if (count !== undefined) return buildCountItem(count);
  const aggregate = nodeOf(cst, 'aggregateItem');
  if (aggregate !== undefined) return buildAggregateItem(aggregate, context);
  const topN = nodeOf(cst, 'topNItem');
  if (topN !== undefined) return buildTopNItem(topN, context);
  const measure = nodeOf(cst, 'measureItem');
  if (measure !== undefined) return buildMeasureItem(measure);
  const column = nodeOf(cst, 'columnItem');
  if (column !== undefined) return buildColumnItem(column);
  return undefined;
}

/** The span of a function-like item: its keyword up to its ')' or its last real part. */
function itemSpan(keywordSpan: Span, cst: CstNode, parts: readonly (Span | undefined)[]): Span {
  return coverSpans([keywordSpan, spanOfToken(tokenOf(cst, 'LParen')), ...parts, spanOfToken(tokenOf(cst, 'RParen'))]) ?? keywordSpan;
}

function buildCountItem(cst: CstNode): CountItem | undefined {
  const keywordSpan = spanOfToken(tokenOf(cst, 'Count'));
  if (keywordSpan === undefined) return undefined;
  return { kind: 'Count', span: itemSpan(keywordSpan, cst, []), keywordSpan };
}

function buildAggregateItem(cst: CstNode, context: BuildContext): AggregateItem | undefined {
  const keywordSpan = spanOfToken(tokenOf(cst, 'Aggregate'));
  if (keywordSpan === undefined) return undefined;
  const commas = tokensOf(cst, 'Comma').filter(isRealToken);
  const argumentNodes = nodesOf(cst, 'aggregateArgument');
  const dimensions: Dimension[] = [];
  let previousEnd = keywordSpan.end;
  for (const argument of argumentNodes) {
    const dimensionNode = nodeOf(argument, 'dimension');
    const binsNode = nodeOf(argument, 'bins');
    if (dimensionNode !== undefined) {
      const dimension = buildDimension(dimensionNode, context);
      if (dimension !== undefined) {
        dimensions.push(dimension);
        previousEnd = dimension.span.end;
      }
    } else if (binsNode !== undefined) {
      const bins = buildBins(binsNode, context);
      if (bins === undefined) continue;
      const last = dimensions[dimensions.length - 1];
      const comma = commas.find((token) => token.startOffset >= previousEnd && token.startOffset < bins.span.start);
      if (last !== undefined && last.bins === undefined && comma !== undefined) {
        // `Gender, {'Male'}`: report the comma and attach the bins to the category before it.
        const category = context.text.slice(last.ref.span.start, last.ref.span.end);
        context.problems.push(describeCommaBeforeBins(spanOfToken(comma) ?? emptySpanAt(comma.startOffset), category));
        dimensions[dimensions.length - 1] = { ...last, bins, span: coverSpans([last.span, bins.span]) ?? last.span };
      } else {
        context.problems.push(describeOrphanBins(bins.span));
      }
      previousEnd = bins.span.end;
    }
  }
  const closing = tokenOf(cst, 'RParen');
  if (argumentNodes.length === 0 && closing !== undefined) {
    context.problems.push(describeEmptyAggregate(itemSpan(keywordSpan, cst, [])));
  }
  return {
    kind: 'Aggregate',
    span: itemSpan(keywordSpan, cst, [...dimensions.map((dimension) => dimension.span), ...commas.map(spanOfToken)]),
    keywordSpan,
    dimensions,
  };
}

function buildDimension(cst: CstNode, context: BuildContext): Dimension | undefined {
  const ref = buildRef(nodeOf(cst, 'ref'));
  if (ref === undefined) return undefined;
  const bins = buildBins(nodeOf(cst, 'bins'), context);
  return { kind: 'Dimension', span: coverSpans([ref.span, bins?.span]) ?? ref.span, ref, bins };
}

function buildBins(cst: CstNode | undefined, context: BuildContext): Bins | undefined {
  const open = tokenOf(cst, 'LBrace');
  if (cst === undefined || open === undefined) return undefined;
  const values = buildLiterals(tokensOf(cst, 'Value'), context);
  const close = tokenOf(cst, 'RBrace');
  const span = coverSpans([spanOfToken(open), ...values.map((value) => value.span), ...tokensOf(cst, 'Comma').map(spanOfToken), spanOfToken(close)]) ?? emptySpanAt(open.startOffset);
  if (values.length === 0 && close !== undefined && tokensOf(cst, 'Value').length === 0) {
    context.problems.push(describeEmptyBins(span));
  }
  return { kind: 'Bins', span, values };
}

const positiveInteger = /^\d+$/;

function buildTopNItem(cst: CstNode, context: BuildContext): TopNItem | undefined {
  const keywordSpan = spanOfToken(tokenOf(cst, 'TopN'));
  if (keywordSpan === undefined) return undefined;
  const ref = buildRef(nodeOf(cst, 'ref'));
  const literal = buildLiteral(tokenOf(cst, 'Value'), context, false);
  const closing = tokenOf(cst, 'RParen');
  if (literal !== undefined) {
    const isValid = literal.kind === 'Number' && positiveInteger.test(literal.raw) && literal.value > 0;
    if (!isValid) context.problems.push(describeTopNCount(literal.span, context.text.slice(literal.span.start, literal.span.end)));
  } else if (closing !== undefined) {
    // Only when the item is complete: an unfinished TOPN( already has a syntax error.
    context.problems.push(describeTopNCount(spanOfToken(closing) ?? keywordSpan));
  }
  return {
    kind: 'TopN',
    span: itemSpan(keywordSpan, cst, [ref?.span, spanOfToken(tokenOf(cst, 'Comma')), literal?.span]),
    keywordSpan,
    ref,
    count: literal?.kind === 'Number' ? literal : undefined,
  };
}

function buildMeasureItem(cst: CstNode): MeasureItem | undefined {
  const sum = tokenOf(cst, 'Sum');
  const keyword = sum ?? tokenOf(cst, 'Avg');
  const keywordSpan = spanOfToken(keyword);
  if (keywordSpan === undefined) return undefined;
  const ref = buildRef(nodeOf(cst, 'ref'));
  return {
    kind: 'Measure',
    span: itemSpan(keywordSpan, cst, [ref?.span]),
    keywordSpan,
    fn: sum !== undefined ? 'SUM' : 'AVG',
    ref,
  };
}

function buildColumnItem(cst: CstNode): ColumnItem | undefined {
  const names = tokensOf(cst, 'Name').map(buildName);
  const dataset = names[0];
  if (dataset === undefined) return undefined;
  const column = names[1];
  return {
    kind: 'Column',
    span: coverSpans([dataset.span, spanOfToken(tokenOf(cst, 'Dot')), column?.span]) ?? dataset.span,
    dataset,
    column,
  };
}

function buildFromClause(cst: CstNode, context: BuildContext): FromClause {
  const keyword = tokenOf(cst, 'From');
  const keywordSpan = spanOfToken(keyword) ?? emptySpanAt(0);
  const audience = buildAudience(nodeOf(cst, 'audience'), context);
  return { kind: 'From', span: coverSpans([keywordSpan, audience?.span]) ?? keywordSpan, keywordSpan, audience };
}

/** Folds `a OP b OP c` to the left: `((a OP b) OP c)`. */
function buildAudience(cst: CstNode | undefined, context: BuildContext): Audience | undefined {
  if (cst === undefined) return undefined;
  type Element = { offset: number; term?: Audience; operator?: IToken };
  const elements: Element[] = [];
  for (const node of nodesOf(cst, 'audienceTerm')) {
    const term = buildAudienceTerm(node, context);
    if (term !== undefined) elements.push({ offset: term.span.start, term });
  }
  for (const token of tokensOf(cst, 'SetOperator')) {
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

function buildAudienceTerm(cst: CstNode, context: BuildContext): Audience | undefined {
  const name = buildName(tokenOf(cst, 'Name'));
  if (name !== undefined) return { kind: 'Dataset', span: name.span, name };
  const open = tokenOf(cst, 'LParen');
  if (open === undefined) return undefined;
  const inner = buildAudience(nodeOf(cst, 'audience'), context);
  const span = coverSpans([spanOfToken(open), inner?.span, spanOfToken(tokenOf(cst, 'RParen'))]) ?? emptySpanAt(open.startOffset);
  return { kind: 'AudienceGroup', span, inner };
}

function buildWhereClause(cst: CstNode, context: BuildContext): WhereClause {
  const keywordSpan = spanOfToken(tokenOf(cst, 'Where')) ?? emptySpanAt(0);
  const condition = buildCondition(nodeOf(cst, 'condition'), context);
  return { kind: 'Where', span: coverSpans([keywordSpan, condition?.span]) ?? keywordSpan, keywordSpan, condition };
}

function buildWithClause(cst: CstNode, kind: 'Enrich' | 'Link'): WithClause {
  const keywordSpan = coverSpans([spanOfToken(tokenOf(cst, kind)), spanOfToken(tokenOf(cst, 'With'))]) ?? emptySpanAt(0);
  const namesNode = nodeOf(cst, 'names');
  const names = tokensOf(namesNode, 'Name').map(buildName).filter((name): name is Name => name !== undefined);
  const span = coverSpans([keywordSpan, ...names.map((name) => name.span), ...tokensOf(namesNode, 'Comma').map(spanOfToken)]) ?? keywordSpan;
  return { kind, span, keywordSpan, names };
}

// ---------------------------------------------------------------------------------------
// Conditions
// ---------------------------------------------------------------------------------------

function buildCondition(cst: CstNode | undefined, context: BuildContext): Condition | undefined {
  if (cst === undefined) return undefined;
  return joinOperands('Or', nodesOf(cst, 'andCondition').map((node) => buildAndCondition(node, context)), tokensOf(cst, 'Or'));
}

function buildAndCondition(cst: CstNode, context: BuildContext): Condition | undefined {
  return joinOperands('And', nodesOf(cst, 'notCondition').map((node) => buildNotCondition(node, context)), tokensOf(cst, 'And'));
}

/** One operand stands for itself; several (or a dangling operator) make an And/Or node. */
function joinOperands(kind: 'And' | 'Or', candidates: readonly (Condition | undefined)[], operators: readonly IToken[]): Condition | undefined {
  const operands = candidates.filter((operand): operand is Condition => operand !== undefined);
  const realOperators = operators.filter(isRealToken);
  if (realOperators.length === 0 || operands.length === 0) return operands[0];
  const span = coverSpans([...operands.map((operand) => operand.span), ...realOperators.map(spanOfToken)]) ?? operands[0].span;
  return { kind, span, operands };
}

function buildNotCondition(cst: CstNode, context: BuildContext): Condition | undefined {
  const comparisonNode = nodeOf(cst, 'comparison');
  let inner: Condition | undefined;
  if (comparisonNode !== undefined) {
    inner = buildComparison(comparisonNode, context);
  } else {
    const open = tokenOf(cst, 'LParen');
    if (open !== undefined) {
      const grouped = buildCondition(nodeOf(cst, 'condition'), context);
      const span = coverSpans([spanOfToken(open), grouped?.span, spanOfToken(tokenOf(cst, 'RParen'))]) ?? emptySpanAt(open.startOffset);
      inner = { kind: 'ConditionGroup', span, inner: grouped };
    }
  }
  const not = spanOfToken(tokenOf(cst, 'Not'));
  if (not === undefined) return inner;
  return { kind: 'Not', span: coverSpans([not, inner?.span]) ?? not, operand: inner };
}

function buildComparison(cst: CstNode, context: BuildContext): Comparison | InCondition | undefined {
  const ref = buildRef(nodeOf(cst, 'ref'));
  if (ref === undefined) return undefined;
  const operatorToken = tokenOf(cst, 'CompareOperator');
  if (operatorToken !== undefined) {
    const value = buildLiteral(tokenOf(cst, 'Value'), context, true);
    return {
      kind: 'Comparison',
      span: coverSpans([ref.span, spanOfToken(operatorToken), value?.span]) ?? ref.span,
      ref,
      operator: compareOperatorOf(operatorToken),
      value,
    };
  }
  const inToken = tokenOf(cst, 'In');
  if (inToken !== undefined) {
    const values = buildLiterals(tokensOf(cst, 'Value'), context);
    const span = coverSpans([
      ref.span,
      spanOfToken(inToken),
      spanOfToken(tokenOf(cst, 'LParen')),
      ...values.map((value) => value.span),
      spanOfToken(tokenOf(cst, 'RParen')),
    ]) ?? ref.span;
    return { kind: 'In', span, ref, values };
  }
  // A reference with no operator yet (`WHERE Age` while typing) is not a comparison; the
  // syntax error at that place says what is missing.
  return undefined;
}

function compareOperatorOf(token: IToken): CompareOperator {
  if (token.tokenType === NotEquals) return token.image === '<>' ? '<>' : '!=';
  return token.image as CompareOperator;
}

// ---------------------------------------------------------------------------------------
// References, names and literals
// ---------------------------------------------------------------------------------------

/** `[dataset "."] category ["/" representation]`; undefined when nothing of it was written. */
function buildRef(cst: CstNode | undefined): Ref | undefined {
  if (cst === undefined) return undefined;
  const names = tokensOf(cst, 'Name').map(buildName).filter((name): name is Name => name !== undefined);
  const dot = tokenOf(cst, 'Dot');
  const slash = tokenOf(cst, 'Slash');
  const span = coverSpans([...names.map((name) => name.span), spanOfToken(dot), spanOfToken(slash)]);
  if (span === undefined) return undefined;
  const beforeSlash = slash === undefined ? names : names.filter((name) => name.span.start < slash.startOffset);
  const representation = slash === undefined ? undefined : names.find((name) => name.span.start > slash.startOffset);
  let dataset: Name | undefined;
  let category: Name | undefined;
  if (dot !== undefined) {
    dataset = beforeSlash.find((name) => name.span.start < dot.startOffset);
    category = beforeSlash.find((name) => name.span.start > dot.startOffset);
  } else {
    category = beforeSlash[0];
  }
  return { kind: 'Ref', span, dataset, category, representation };
}

/** A name from an identifier or a quoted name; undefined for a token invented by recovery. */
function buildName(token: IToken | undefined): Name | undefined {
  const span = spanOfToken(token);
  if (token === undefined || span === undefined) return undefined;
  if (token.tokenType === Identifier) return { kind: 'Name', span, text: token.image, quoted: false };
  return { kind: 'Name', span, text: unquote(token.image, '"', token.tokenType === UnterminatedQuotedName), quoted: true };
}

/** Strips the quotes of `"…"` or `'…'` and undoes the doubled-quote escape. */
function unquote(image: string, quote: '"' | "'", isUnterminated: boolean): string {
  const inner = image.slice(1, isUnterminated ? image.length : image.length - 1);
  const doubled = quote + quote;
  return inner.includes(doubled) ? inner.split(doubled).join(quote) : inner;
}

function buildLiterals(tokens: readonly IToken[], context: BuildContext): Literal[] {
  const values: Literal[] = [];
  for (const token of tokens) {
    const literal = buildLiteral(token, context, true);
    if (literal !== undefined) values.push(literal);
  }
  return values;
}

/** A value; `warnQuoted` reports a double-quoted value (not wanted for TOPN's count). */
function buildLiteral(token: IToken | undefined, context: BuildContext, warnQuoted: boolean): Literal | undefined {
  const span = spanOfToken(token);
  if (token === undefined || span === undefined) return undefined;
  if (token.tokenType === NumberLiteral) return { kind: 'Number', span, value: Number(token.image), raw: token.image };
  if (token.tokenType === StringLiteral || token.tokenType === UnterminatedString) {
    return { kind: 'String', span, value: unquote(token.image, "'", token.tokenType === UnterminatedString) };
  }
  const value = unquote(token.image, '"', token.tokenType === UnterminatedQuotedName);
  if (warnQuoted && token.tokenType === QuotedName) context.problems.push(describeQuotedValue(value, span));
  return { kind: 'QuotedValue', span, value };
}
