/**
 * The SELECT clause and its items: COUNT(), TOPN(…), SUM/AVG(…) and output columns here,
 * AGGREGATE(…) in aggregate-builder.ts. What the items combine is checked in
 * selection-checks.ts.
 */
import type { ColumnItem, CountItem, MeasureItem, SelectClause, SelectItem, TopNItem } from './ast';
import type { BuildContext } from './build-context';
import { buildAggregateItem } from './aggregate-builder';
import { firstRealToken, itemSpan } from './cst-access';
import type {
  ColumnItemCstNode, CountItemCstNode, MeasureItemCstNode, SelectClauseCstNode, SelectItemCstNode, TopNItemCstNode,
} from './cst-types';
import { buildLiteral } from './literal-builder';
import { describeEmptySelect, describeTopNCount } from './messages';
import { buildName, buildRef } from './ref-builder';
import { checkSelection } from './selection-checks';
import * as spans from './spans';

// Bound once to local constants: under tsx every use of an imported binding is a getter call,
// which showed in the time to build the tree of a large file (see parser.ts).
const { coverSpans, emptySpanAt, spanOfToken } = spans;

/**
 * The SELECT clause of a query (an empty one at offset 0 when the node is missing). The first
 * item decides the query type; reports an empty selection and mixed items.
 */
export function buildSelectClause(cst: SelectClauseCstNode | undefined, context: BuildContext): SelectClause {
  const keywordSpan = spanOfToken(firstRealToken(cst?.children.Select)) ?? emptySpanAt(0);
  const itemNodes = cst?.children.selectItem ?? [];
  const items: SelectItem[] = [];
  for (const node of itemNodes) {
    const item = buildSelectItem(node, context);
    if (item !== undefined) items.push(item);
  }
  if (itemNodes.length === 0) context.problems.push(describeEmptySelect(emptySpanAt(keywordSpan.end)));
  const commas = cst?.children.Comma ?? [];
  const clause: SelectClause = {
    kind: 'Select',
    span: coverSpans([keywordSpan, ...items.map((item) => item.span), ...commas.map(spanOfToken)]) ?? keywordSpan,
    keywordSpan,
    queryType: items[0]?.kind === 'Column' ? 'activation' : 'insight',
    items,
  };
  context.problems.push(...checkSelection(clause));
  return clause;
}

function buildSelectItem(cst: SelectItemCstNode, context: BuildContext): SelectItem | undefined {
  const { countItem, aggregateItem, topNItem, measureItem, columnItem } = cst.children;
  const count = countItem?.[0];
  if (count !== undefined) return buildCountItem(count);
  const aggregate = aggregateItem?.[0];
  if (aggregate !== undefined) return buildAggregateItem(aggregate, context);
  const topN = topNItem?.[0];
  if (topN !== undefined) return buildTopNItem(topN, context);
  const measure = measureItem?.[0];
  if (measure !== undefined) return buildMeasureItem(measure);
  const column = columnItem?.[0];
  if (column !== undefined) return buildColumnItem(column);
  return undefined;
}

function buildCountItem(cst: CountItemCstNode): CountItem | undefined {
  const keywordSpan = spanOfToken(firstRealToken(cst.children.Count));
  if (keywordSpan === undefined) return undefined;
  return { kind: 'Count', span: itemSpan(keywordSpan, cst, []), keywordSpan };
}

const positiveInteger = /^\d+$/;

/** TOPN(ref, count); a count that is missing or not a positive integer is reported. */
function buildTopNItem(cst: TopNItemCstNode, context: BuildContext): TopNItem | undefined {
  const keywordSpan = spanOfToken(firstRealToken(cst.children.TopN));
  if (keywordSpan === undefined) return undefined;
  const ref = buildRef(cst.children.ref?.[0]);
  const literal = buildLiteral(firstRealToken(cst.children.Value), context, false);
  const closing = firstRealToken(cst.children.RParen);
  if (literal !== undefined) {
    const isValid = literal.kind === 'Number' && positiveInteger.test(literal.raw) && literal.value > 0;
    if (!isValid) context.problems.push(describeTopNCount(literal.span, context.text.slice(literal.span.start, literal.span.end)));
  } else if (closing !== undefined) {
    // Only when the item is complete: an unfinished TOPN( already has a syntax error.
    context.problems.push(describeTopNCount(spanOfToken(closing) ?? keywordSpan));
  }
  return {
    kind: 'TopN',
    span: itemSpan(keywordSpan, cst, [ref?.span, spanOfToken(firstRealToken(cst.children.Comma)), literal?.span]),
    keywordSpan,
    ref,
    count: literal?.kind === 'Number' ? literal : undefined,
  };
}

function buildMeasureItem(cst: MeasureItemCstNode): MeasureItem | undefined {
  const sum = firstRealToken(cst.children.Sum);
  const keywordSpan = spanOfToken(sum ?? firstRealToken(cst.children.Avg));
  if (keywordSpan === undefined) return undefined;
  const ref = buildRef(cst.children.ref?.[0]);
  return {
    kind: 'Measure',
    span: itemSpan(keywordSpan, cst, [ref?.span]),
    keywordSpan,
    fn: sum !== undefined ? 'SUM' : 'AVG',
    ref,
  };
}

/** An output column, `dataset.column`; the column is undefined while not written. */
function buildColumnItem(cst: ColumnItemCstNode): ColumnItem | undefined {
  const names = (cst.children.Name ?? []).map(buildName);
  const dataset = names[0];
  if (dataset === undefined) return undefined;
  const column = names[1];
  return {
    kind: 'Column',
    span: coverSpans([dataset.span, spanOfToken(firstRealToken(cst.children.Dot)), column?.span]) ?? dataset.span,
    dataset,
    column,
  };
}
