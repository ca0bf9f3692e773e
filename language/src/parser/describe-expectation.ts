/**
 * What a parse error expected, in the words of LANGUAGE.md rather than as token type names:
 * "a dataset name or '('", "a comparison operator (=, !=, <>, <, <=, >, >=) or IN".
 */
import type { IToken } from 'chevrotain';
import type { ErrorFacts } from './error-message-provider';
import { joinAlternatives } from './token-descriptions';

const nameTypes = new Set(['Name', 'Identifier']);
const valueTypes = new Set(['Value', 'StringLiteral', 'NumberLiteral']);
const selectFunctionTypes = new Set(['Count', 'Aggregate', 'TopN', 'Sum', 'Avg']);

/** True when a name (a dataset, category, column or representation) would have been accepted. */
export function expectsName(facts: ErrorFacts): boolean {
  return facts.expected.some((name) => nameTypes.has(name));
}

/**
 * The thing that was expected, in words, given the rule and the accepted token types.
 * `ruleStack` is Chevrotain's stack of rules at the error; `previous` the last token read.
 */
export function describeExpectation(facts: ErrorFacts, ruleStack: readonly string[], previous: IToken | undefined): string {
  const expected = new Set(facts.expected);
  const has = (names: ReadonlySet<string>): boolean => [...names].some((name) => expected.has(name));
  const within = (rule: string): boolean => ruleStack.includes(rule);
  const afterDot = previous !== undefined && previous.image === '.';
  const afterSlash = previous !== undefined && previous.image === '/';

  if (has(selectFunctionTypes)) {
    return 'what to select: COUNT(), AGGREGATE(…), TOPN(…), SUM(…), AVG(…) or output columns such as Retail.ID';
  }
  if (facts.rule === 'notCondition' || (expected.has('Not') && has(nameTypes))) {
    return "a condition (a category such as Age, NOT or '(')";
  }
  if (has(valueTypes) && !expected.has('LParen')) return "a value (a 'string' or a number)";
  if (expected.has('CompareOperator') || expected.has('In')) {
    return 'a comparison operator (=, !=, <>, <, <=, >, >=) or IN';
  }
  if (has(nameTypes)) {
    if (facts.rule === 'audienceTerm' || within('audience')) {
      return expected.has('LParen') ? "a dataset name or '('" : 'a dataset name';
    }
    if (within('names')) return 'a dataset name';
    if (within('columnItem')) return afterDot ? 'a column name' : 'a dataset name';
    if (facts.rule === 'aggregateArgument') return "a dimension (a category such as Age) or bins '{…}'";
    if (afterSlash) return 'a representation name';
    return 'a category name';
  }
  if (expected.has('Dot') && facts.rule === 'columnItem') {
    return "'.' and a column name (an output column is written dataset.column, e.g. Retail.ID)";
  }
  if (expected.has('With')) return 'WITH';
  if (expected.has('EOF')) return facts.rule === 'filterExpression' ? 'AND, OR or the end of the filter' : 'the end of the text';
  const labels = facts.expected.map((name) => labelOf(name));
  return joinAlternatives(labels);
}

const labelsByName: Readonly<Record<string, string>> = {
  LParen: "'('",
  RParen: "')'",
  LBrace: "'{'",
  RBrace: "'}'",
  Comma: "','",
  Dot: "'.'",
  Slash: "'/'",
  Semicolon: "';'",
  EOF: 'the end of the text',
  TopN: 'TOPN',
  Name: 'a name',
  Value: "a value (a 'string' or a number)",
  SetOperator: 'UNION, INTERSECT or EXCLUDE',
  CompareOperator: 'a comparison operator',
  Enrich: 'ENRICH WITH',
  Link: 'LINK WITH',
};

function labelOf(tokenName: string): string {
  return labelsByName[tokenName] ?? tokenName.toUpperCase();
}

/**
 * What a list expects when its closer is missing: another element after '(' or ',', else a
 * separator. `closer` is the missing symbol as shown, e.g. "')'".
 */
export function describeListExpectation(rule: string, closer: string, previous: IToken | undefined): string {
  const afterOpenerOrComma = previous !== undefined && ['(', '{', ','].includes(previous.image);
  if (afterOpenerOrComma && rule === 'aggregateItem') return `a dimension (a category such as Age) or ${closer}`;
  if (afterOpenerOrComma && rule === 'bins') return `a value (a 'string' or a number) or ${closer}`;
  if (afterOpenerOrComma && rule === 'topNItem') return `a count (a positive integer) or ${closer}`;
  const isList = ['aggregateItem', 'bins', 'comparison', 'topNItem'].includes(rule);
  return isList ? `',' or ${closer}` : closer;
}
