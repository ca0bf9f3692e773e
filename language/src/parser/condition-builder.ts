/**
 * Conditions of WHERE and of a filter: OR over AND over an optional NOT, around comparisons,
 * IN lists and parenthesised groups. A single operand stands for itself; an And/Or node is
 * made only where an operator was really written.
 */
import type { IToken } from 'chevrotain';
import type { CompareOperator, Comparison, Condition, InCondition } from './ast';
import type { BuildContext } from './build-context';
import { firstRealToken } from './cst-access';
import type { AndConditionCstNode, ComparisonCstNode, ConditionCstNode, NotConditionCstNode } from './cst-types';
import { buildLiteral, buildLiterals } from './literal-builder';
import { buildRef } from './ref-builder';
import * as spans from './spans';
import * as tokenTypes from './tokens';

// Bound once to local constants: under tsx every use of an imported binding is a getter call,
// which showed in the time to build the tree of a large file (see parser.ts).
const { coverSpans, emptySpanAt, isRealToken, spanOfToken } = spans;
const { NotEquals } = tokenTypes;

/** The condition of a `condition` node; undefined when nothing of it was written. */
export function buildCondition(cst: ConditionCstNode | undefined, context: BuildContext): Condition | undefined {
  if (cst === undefined) return undefined;
  const operands = (cst.children.andCondition ?? []).map((node) => buildAndCondition(node, context));
  return joinOperands('Or', operands, cst.children.Or ?? []);
}

function buildAndCondition(cst: AndConditionCstNode, context: BuildContext): Condition | undefined {
  const operands = (cst.children.notCondition ?? []).map((node) => buildNotCondition(node, context));
  return joinOperands('And', operands, cst.children.And ?? []);
}

/** One operand stands for itself; several (or a dangling operator) make an And/Or node. */
function joinOperands(kind: 'And' | 'Or', candidates: readonly (Condition | undefined)[], operators: readonly IToken[]): Condition | undefined {
  const operands = candidates.filter((operand): operand is Condition => operand !== undefined);
  const realOperators = operators.filter(isRealToken);
  if (realOperators.length === 0 || operands.length === 0) return operands[0];
  const span = coverSpans([...operands.map((operand) => operand.span), ...realOperators.map(spanOfToken)]) ?? operands[0].span;
  return { kind, span, operands };
}

function buildNotCondition(cst: NotConditionCstNode, context: BuildContext): Condition | undefined {
  const comparisonNode = cst.children.comparison?.[0];
  let inner: Condition | undefined;
  if (comparisonNode !== undefined) {
    inner = buildComparison(comparisonNode, context);
  } else {
    const open = firstRealToken(cst.children.LParen);
    if (open !== undefined) {
      const grouped = buildCondition(cst.children.condition?.[0], context);
      const close = firstRealToken(cst.children.RParen);
      const span = coverSpans([spanOfToken(open), grouped?.span, spanOfToken(close)]) ?? emptySpanAt(open.startOffset);
      inner = { kind: 'ConditionGroup', span, inner: grouped };
    }
  }
  const not = spanOfToken(firstRealToken(cst.children.Not));
  if (not === undefined) return inner;
  return { kind: 'Not', span: coverSpans([not, inner?.span]) ?? not, operand: inner };
}

function buildComparison(cst: ComparisonCstNode, context: BuildContext): Comparison | InCondition | undefined {
  const ref = buildRef(cst.children.ref?.[0]);
  if (ref === undefined) return undefined;
  const operatorToken = firstRealToken(cst.children.CompareOperator);
  if (operatorToken !== undefined) {
    const value = buildLiteral(firstRealToken(cst.children.Value), context, true);
    return {
      kind: 'Comparison',
      span: coverSpans([ref.span, spanOfToken(operatorToken), value?.span]) ?? ref.span,
      ref,
      operator: compareOperatorOf(operatorToken),
      value,
    };
  }
  const inToken = firstRealToken(cst.children.In);
  if (inToken !== undefined) {
    const values = buildLiterals(cst.children.Value ?? [], context);
    const span = coverSpans([
      ref.span,
      spanOfToken(inToken),
      spanOfToken(firstRealToken(cst.children.LParen)),
      ...values.map((value) => value.span),
      spanOfToken(firstRealToken(cst.children.RParen)),
    ]) ?? ref.span;
    return { kind: 'In', span, ref, values };
  }
  // A reference with no operator yet (`WHERE Age` while typing) is not a comparison; the
  // syntax error at that place says what is missing.
  return undefined;
}

/** `!=` and `<>` are one token type; the AST keeps the spelling the author chose. */
function compareOperatorOf(token: IToken): CompareOperator {
  if (token.tokenType === NotEquals) return token.image === '<>' ? '<>' : '!=';
  return token.image as CompareOperator;
}
