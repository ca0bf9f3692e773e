/**
 * `AGGREGATE(dimension, …)`, a dimension being a reference with optional bins. The grammar
 * also accepts bins alone as an argument, so that `Gender, {'Male'}` (a comma between a
 * category and its bins) gets its own message here, and the bins still reach the category.
 */
import type { AggregateItem, Bins, Dimension } from './ast';
import type { BuildContext } from './build-context';
import { firstRealToken, itemSpan } from './cst-access';
import type { AggregateItemCstNode, BinsCstNode, DimensionCstNode } from './cst-types';
import { buildLiterals } from './literal-builder';
import { describeCommaBeforeBins, describeEmptyAggregate, describeEmptyBins, describeOrphanBins } from './messages';
import { buildRef } from './ref-builder';
import * as spans from './spans';

// Bound once to local constants: under tsx every use of an imported binding is a getter call,
// which showed in the time to build the tree of a large file (see parser.ts).
const { coverSpans, emptySpanAt, isRealToken, spanOfToken } = spans;

/**
 * The AGGREGATE item of an `aggregateItem` node; undefined when its keyword was invented by
 * recovery. Reports a comma before bins, bins without a category and `AGGREGATE()`.
 */
export function buildAggregateItem(cst: AggregateItemCstNode, context: BuildContext): AggregateItem | undefined {
  const keywordSpan = spanOfToken(firstRealToken(cst.children.Aggregate));
  if (keywordSpan === undefined) return undefined;
  const commas = (cst.children.Comma ?? []).filter(isRealToken);
  const argumentNodes = cst.children.aggregateArgument ?? [];
  const dimensions: Dimension[] = [];
  let previousEnd = keywordSpan.end;
  for (const argument of argumentNodes) {
    const dimensionNode = argument.children.dimension?.[0];
    const binsNode = argument.children.bins?.[0];
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
  const closing = firstRealToken(cst.children.RParen);
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

function buildDimension(cst: DimensionCstNode, context: BuildContext): Dimension | undefined {
  const ref = buildRef(cst.children.ref?.[0]);
  if (ref === undefined) return undefined;
  const bins = buildBins(cst.children.bins?.[0], context);
  return { kind: 'Dimension', span: coverSpans([ref.span, bins?.span]) ?? ref.span, ref, bins };
}

/** `{ value, … }`; undefined when its '{' was not read. Reports `{}`. */
function buildBins(cst: BinsCstNode | undefined, context: BuildContext): Bins | undefined {
  const open = firstRealToken(cst?.children.LBrace);
  if (cst === undefined || open === undefined) return undefined;
  const valueTokens = cst.children.Value ?? [];
  const values = buildLiterals(valueTokens, context);
  const close = firstRealToken(cst.children.RBrace);
  const commas = cst.children.Comma ?? [];
  const span = coverSpans([spanOfToken(open), ...values.map((value) => value.span), ...commas.map(spanOfToken), spanOfToken(close)]) ?? emptySpanAt(open.startOffset);
  if (values.length === 0 && close !== undefined && valueTokens.length === 0) {
    context.problems.push(describeEmptyBins(span));
  }
  return { kind: 'Bins', span, values };
}
