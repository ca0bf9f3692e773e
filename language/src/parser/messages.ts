/**
 * Everything the parser says to people. Chevrotain's own messages ("Expecting token of type
 * --> RParen <-- but found --> '' <--") are replaced by messages that name what was found and
 * what was expected, in the words of LANGUAGE.md.
 *
 * Problem codes (stable; `source: "iql"` is added by the language server):
 *   iql.syntax               the text does not follow the grammar (found X, expected Y)
 *   iql.unknown-character    a character that starts no IQL token (`#`, a lone `-` or `!`)
 *   iql.unterminated-string  a 'string' without its closing quote on the same line
 *   iql.unterminated-name    a "quoted name" without its closing quote on the same line
 *   iql.unterminated-comment a block comment that is never closed (no star-slash)
 *   iql.unclosed-paren       a '(' whose ')' never comes; the message says where '(' was opened
 *   iql.unclosed-brace       a '{' (bins) whose '}' never comes
 *   iql.keyword-as-name      a keyword where a name belongs; quote it to use it as a name
 *   iql.missing-from         the query has no FROM clause and audience
 *   iql.empty-select         SELECT is not followed by anything to select
 *   iql.missing-argument     AGGREGATE() without a dimension
 *   iql.empty-bins           `{}` with no bin value
 *   iql.orphan-bins          bins that do not follow a category
 *   iql.comma-before-bins    a comma between a category and its bins (`Gender, {'Male'}`)
 *   iql.clause-order         clauses out of the order SELECT, FROM, WHERE, ENRICH WITH, LINK WITH
 *   iql.duplicate-clause     the same clause written twice in one query
 *   iql.explain-keyword      `EXPLAIN SELECT …`: IQL has no EXPLAIN keyword
 *   iql.mixed-selection      insight functions mixed with output columns, COUNT() mixed with
 *                            AGGREGATE/TOPN, or SUM/AVG mixed with anything but each other
 *   iql.topn-count           TOPN's count is missing or not a positive integer
 *   iql.quoted-value         (warning) a "double-quoted" value; single quotes make a string
 *   iql.nesting-too-deep     brackets nested deeper than any real query; the rest is not read
 *   iql.internal             the parser itself failed; the text is reported as unparsed
 *
 * Chevrotain builds its error messages while parsing, through `errorMessageProvider`, but a
 * good message needs context that only exists afterwards (where an unclosed '(' was opened,
 * whether the text goes on). So the provider records the facts of the error as a small JSON
 * string, and `describeParseError` writes the message once parsing is over.
 */
import type { IParserErrorMessageProvider, IRecognitionException, IToken, TokenType } from 'chevrotain';
import type { Span } from './ast';
import type { SyntaxProblem } from './index';
import { EOF, tokenMatcher } from './chevrotain';
import { emptySpanAt, lineAndColumnAt, spanOfToken, tokenIndexAt } from './spans';
import {
  Aggregate, Avg, Count, Keyword, LBrace, LParen, QuotedName, RBrace, RParen, Select, Semicolon, Sum, TopN, Where,
} from './tokens';

/** The facts of a parse error, as recorded while parsing. */
interface ErrorFacts {
  /** The rule in which the error happened. */
  readonly rule: string;
  /** Names of the token types that would have been accepted. */
  readonly expected: readonly string[];
}

function encodeFacts(rule: string, expected: Iterable<TokenType>): string {
  const names = new Set<string>();
  for (const type of expected) names.add(type.name);
  return JSON.stringify({ rule, expected: [...names] } satisfies ErrorFacts);
}

function firstTokensOf(paths: readonly (readonly TokenType[])[]): TokenType[] {
  return paths.flatMap((path) => (path.length > 0 ? [path[0]] : []));
}

/** Chevrotain's hook: records the facts of each parse error (see the file comment). */
export const errorMessageProvider: IParserErrorMessageProvider = {
  buildMismatchTokenMessage: ({ expected, ruleName }) => encodeFacts(ruleName, [expected]),
  buildNotAllInputParsedMessage: ({ ruleName }) => encodeFacts(ruleName, [EOF]),
  buildNoViableAltMessage: ({ expectedPathsPerAlt, ruleName }) =>
    encodeFacts(ruleName, expectedPathsPerAlt.flatMap(firstTokensOf)),
  buildEarlyExitMessage: ({ expectedIterationPaths, ruleName }) =>
    encodeFacts(ruleName, firstTokensOf(expectedIterationPaths)),
};

function decodeFacts(message: string): ErrorFacts | undefined {
  try {
    const value: unknown = JSON.parse(message);
    if (typeof value === 'object' && value !== null && 'rule' in value && 'expected' in value) {
      const { rule, expected } = value;
      if (typeof rule === 'string' && Array.isArray(expected) && expected.every((name) => typeof name === 'string')) {
        return { rule, expected };
      }
    }
  } catch {
    // Not one of ours (a custom ERR_MSG, say): the caller falls back to Chevrotain's text.
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------
// Describing tokens
// ---------------------------------------------------------------------------------------

/** Keywords that are also likely names of categories or datasets ("Count", "Sum"). */
const functionWords: ReadonlySet<TokenType> = new Set([Count, Aggregate, TopN, Sum, Avg]);

/** True for tokens that end the current query: the end of the text, `;` and the next SELECT. */
export function isQueryBoundary(token: IToken): boolean {
  return token.tokenType === EOF || tokenMatcher(token, Select) || tokenMatcher(token, Semicolon);
}

function truncate(image: string): string {
  return image.length > 40 ? `${image.slice(0, 37)}…` : image;
}

/** How a token is named in a message: keywords upper-cased, names and punctuation quoted. */
export function describeToken(token: IToken): string {
  if (token.tokenType === EOF) return 'the end of the text';
  if (tokenMatcher(token, Keyword)) return token.image.toUpperCase();
  if (tokenMatcher(token, QuotedName) || token.image.startsWith("'")) return truncate(showControls(token.image));
  return `'${truncate(showControls(token.image))}'`;
}

/** Control characters are shown as \uXXXX so that a message never holds invisible text. */
function showControls(image: string): string {
  let shown = '';
  for (const ch of image) {
    const code = ch.charCodeAt(0);
    shown += code < 0x20 || code === 0x7f ? `\\u${code.toString(16).padStart(4, '0')}` : ch;
  }
  return shown;
}

function describeFound(token: IToken): string {
  if (tokenMatcher(token, Select)) return 'SELECT (the start of the next query)';
  return describeToken(token);
}

/** Where a problem about `found` is shown: missing things sit right after `previous`. */
function placeAt(found: IToken, previous: IToken | undefined): Span {
  const foundSpan = spanOfToken(found);
  const previousSpan = spanOfToken(previous);
  if ((foundSpan === undefined || isQueryBoundary(found)) && previousSpan !== undefined) {
    return emptySpanAt(previousSpan.end);
  }
  return foundSpan ?? emptySpanAt(0);
}

// ---------------------------------------------------------------------------------------
// Parse errors
// ---------------------------------------------------------------------------------------

/** What `describeParseError` needs besides the error itself. */
export interface ParseErrorContext {
  readonly text: string;
  /** The token vector the parser ran on (comments excluded). */
  readonly tokens: readonly IToken[];
}

const nameTypes = new Set(['Name', 'Identifier']);
const valueTypes = new Set(['Value', 'StringLiteral', 'NumberLiteral']);
const selectFunctionTypes = new Set(['Count', 'Aggregate', 'TopN', 'Sum', 'Avg']);

/** The thing that was expected, in words, given the rule and the accepted token types. */
function describeExpectation(facts: ErrorFacts, ruleStack: readonly string[], previous: IToken | undefined): string {
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

/** `a`, `a or b`, `a, b or c`. */
export function joinAlternatives(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

/**
 * The opener that a missing closer belongs to: the nearest unmatched '(' (or '{') before the
 * error, within the current query, provided the rest of the query never closes it.
 */
function findUnclosedOpener(
  tokens: readonly IToken[],
  errorIndex: number,
  opener: TokenType,
  closer: TokenType,
): IToken | undefined {
  let depth = 0;
  let openerToken: IToken | undefined;
  for (let index = errorIndex - 1; index >= 0; index--) {
    const token = tokens[index];
    if (tokenMatcher(token, Select)) break;
    if (tokenMatcher(token, closer)) depth++;
    else if (tokenMatcher(token, opener)) {
      if (depth === 0) {
        openerToken = token;
        break;
      }
      depth--;
    }
  }
  if (openerToken === undefined) return undefined;
  depth = 0;
  for (let index = errorIndex; index < tokens.length; index++) {
    const token = tokens[index];
    if (isQueryBoundary(token)) break;
    if (tokenMatcher(token, opener)) depth++;
    else if (tokenMatcher(token, closer)) {
      if (depth === 0) return undefined;
      depth--;
    }
  }
  return openerToken;
}

/**
 * The token after `previous` in the whole text. The parser runs on one query's tokens at a
 * time, so where it sees the end of its input the text may go on with the next SELECT.
 */
function tokenAfter(tokens: readonly IToken[], previous: IToken | undefined): IToken | undefined {
  if (previous === undefined) return undefined;
  return tokens[tokenIndexAt(tokens, previous.startOffset) + 1];
}

function previousTokenOf(error: IRecognitionException): IToken | undefined {
  const previous: unknown = (error as { previousToken?: unknown }).previousToken;
  if (typeof previous === 'object' && previous !== null && 'image' in previous && 'startOffset' in previous) {
    return previous as IToken;
  }
  return undefined;
}

/** Rewrites one Chevrotain parse error as a problem written for people. */
export function describeParseError(error: IRecognitionException, context: ParseErrorContext): SyntaxProblem {
  // At the start of the input Chevrotain's "previous token" is a placeholder with no position.
  const candidate = previousTokenOf(error);
  const previous = spanOfToken(candidate) === undefined ? undefined : candidate;
  const found = error.token.tokenType === EOF ? tokenAfter(context.tokens, previous) ?? error.token : error.token;
  const span = placeAt(found, previous);
  const facts = decodeFacts(error.message);
  if (facts === undefined) {
    return { code: 'iql.syntax', message: error.message, severity: 'error', span };
  }
  const after = previous !== undefined ? ` after ${describeToken(previous)}` : '';

  // A missing ')' or '}': name the opener when the query never closes it.
  const closing = facts.expected.length === 1 ? facts.expected[0] : undefined;
  if (closing === 'RParen' || closing === 'RBrace') {
    const [opener, closer] = closing === 'RParen' ? [LParen, RParen] : [LBrace, RBrace];
    const errorIndex = found.tokenType === EOF ? context.tokens.length : tokenIndexAt(context.tokens, found.startOffset);
    const openerToken = findUnclosedOpener(context.tokens, errorIndex, opener, closer);
    const symbol = closing === 'RParen' ? "')'" : "'}'";
    if (openerToken !== undefined) {
      const { line, column } = lineAndColumnAt(context.text, openerToken.startOffset);
      return {
        code: closing === 'RParen' ? 'iql.unclosed-paren' : 'iql.unclosed-brace',
        message: `Expected ${symbol} to close the '${openerToken.image}' opened at line ${line}, column ${column}, found ${describeFound(found)}`,
        severity: 'error',
        span,
      };
    }
    const what = describeListExpectation(facts.rule, symbol, previous);
    return describeFoundInstead(what, after, found, span);
  }

  if (tokenMatcher(found, Where) && previous === undefined && facts.rule === 'notCondition') {
    return { code: 'iql.syntax', message: 'A filter is the condition alone; leave out WHERE', severity: 'error', span };
  }
  const what = describeExpectation(facts, error.context?.ruleStack ?? [], previous);
  return describeFoundInstead(what, after, found, span, facts.expected.some((name) => nameTypes.has(name)));
}

/** What a list expects when its closer is missing: another element after '(' or ',', else a separator. */
function describeListExpectation(rule: string, closer: string, previous: IToken | undefined): string {
  const afterOpenerOrComma = previous !== undefined && ['(', '{', ','].includes(previous.image);
  if (afterOpenerOrComma && rule === 'aggregateItem') return `a dimension (a category such as Age) or ${closer}`;
  if (afterOpenerOrComma && rule === 'bins') return `a value (a 'string' or a number) or ${closer}`;
  if (afterOpenerOrComma && rule === 'topNItem') return `a count (a positive integer) or ${closer}`;
  const isList = ['aggregateItem', 'bins', 'comparison', 'topNItem'].includes(rule);
  return isList ? `',' or ${closer}` : closer;
}

/**
 * "Expected X after Y, found Z". When Z is a function word where a name could stand (a
 * category called Count), the message says how to use it as a name.
 */
function describeFoundInstead(what: string, after: string, found: IToken, span: Span, isNameExpected = true): SyntaxProblem {
  if (isNameExpected && tokenMatcher(found, Keyword) && functionWords.has(found.tokenType)) {
    return {
      code: 'iql.keyword-as-name',
      message: `Expected ${what}${after}, found the keyword ${found.image.toUpperCase()}; to use it as a name, quote it: "${found.image}"`,
      severity: 'error',
      span,
    };
  }
  return { code: 'iql.syntax', message: `Expected ${what}${after}, found ${describeFound(found)}`, severity: 'error', span };
}

// ---------------------------------------------------------------------------------------
// Lexical problems
// ---------------------------------------------------------------------------------------

/** A run of characters that starts no token. */
export function describeUnknownCharacters(text: string, offset: number, length: number): SyntaxProblem {
  const characters = text.slice(offset, offset + length);
  const shown = `'${truncate(showControls(characters))}'`;
  let hint = 'IQL has no such symbol';
  if (characters.startsWith('-')) hint = "a '-' must be followed by a number; write -- to start a comment";
  else if (characters.startsWith('!')) hint = "write != or <> for 'not equal'";
  else if (characters.startsWith('`')) hint = 'quote names with "double quotes"';
  else if (characters.charCodeAt(0) > 0x7f) hint = 'names with such characters must be quoted: "…"';
  return {
    code: 'iql.unknown-character',
    message: `Unexpected ${length > 1 ? 'characters' : 'character'} ${shown}: ${hint}`,
    severity: 'error',
    span: { start: offset, end: offset + length },
  };
}

export function describeUnterminatedString(span: Span): SyntaxProblem {
  return {
    code: 'iql.unterminated-string',
    message: "This string has no closing ' on its line; end it with '",
    severity: 'error',
    span,
  };
}

export function describeUnterminatedName(span: Span): SyntaxProblem {
  return {
    code: 'iql.unterminated-name',
    message: 'This quoted name has no closing " on its line; end it with "',
    severity: 'error',
    span,
  };
}

export function describeUnterminatedComment(span: Span): SyntaxProblem {
  return {
    code: 'iql.unterminated-comment',
    message: 'This comment has no closing */; everything after /* is commented out',
    severity: 'error',
    span,
  };
}

// ---------------------------------------------------------------------------------------
// Problems found by the AST builder and the checks
// ---------------------------------------------------------------------------------------

export const clauseOrderText = 'clauses go in the order SELECT … FROM … WHERE … ENRICH WITH … LINK WITH';

export function describeClauseOrder(clause: string, before: string, span: Span): SyntaxProblem {
  return {
    code: 'iql.clause-order',
    message: `${clause} must come before ${before}; ${clauseOrderText}`,
    severity: 'error',
    span,
  };
}

export function describeDuplicateClause(clause: string, span: Span): SyntaxProblem {
  const hint: Readonly<Record<string, string>> = {
    FROM: 'combine the datasets with UNION, INTERSECT or EXCLUDE',
    WHERE: 'join the conditions with AND or OR',
    'ENRICH WITH': 'list the datasets with commas',
    'LINK WITH': 'list the datasets with commas',
  };
  return {
    code: 'iql.duplicate-clause',
    message: `A query has only one ${clause} clause; ${hint[clause] ?? 'merge them'}`,
    severity: 'error',
    span,
  };
}

export function describeMissingFrom(span: Span, found?: IToken): SyntaxProblem {
  const lead = found === undefined ? '' : `Expected FROM before ${describeFound(found)}: `;
  return {
    code: 'iql.missing-from',
    message: `${lead}FROM and an audience are required after the selection, e.g. FROM Retail`,
    severity: 'error',
    span,
  };
}

export function describeEmptySelect(span: Span): SyntaxProblem {
  return {
    code: 'iql.empty-select',
    message: 'Expected what to select after SELECT: COUNT(), AGGREGATE(…), TOPN(…), SUM(…), AVG(…) or output columns such as Retail.ID',
    severity: 'error',
    span,
  };
}

/** A stray token inside a query: `continuations` lists what could have come instead. */
export function describeStrayInQuery(found: IToken, previous: IToken | undefined, continuations: readonly string[]): SyntaxProblem {
  const after = previous === undefined ? '' : ` after ${describeToken(previous)}`;
  return {
    code: 'iql.syntax',
    message: `Expected ${joinAlternatives([...continuations, 'the end of the query'])}${after}, found ${describeFound(found)}`,
    severity: 'error',
    span: spanOfToken(found) ?? emptySpanAt(0),
  };
}

/** A stray token where a query should start. */
export function describeStrayInFile(found: IToken): SyntaxProblem {
  return {
    code: 'iql.syntax',
    message: `Expected SELECT to start a query, found ${describeFound(found)}`,
    severity: 'error',
    span: spanOfToken(found) ?? emptySpanAt(0),
  };
}

export function describeExplainKeyword(span: Span): SyntaxProblem {
  return {
    code: 'iql.explain-keyword',
    message: 'IQL has no EXPLAIN keyword; use the Explain command or hover instead',
    severity: 'error',
    span,
  };
}

/** `category` is the reference before the comma, as written. */
export function describeCommaBeforeBins(span: Span, category: string): SyntaxProblem {
  return {
    code: 'iql.comma-before-bins',
    message: `bins must follow the category directly, without a comma: remove the ',' after ${truncate(category)}`,
    severity: 'error',
    span,
  };
}

export function describeOrphanBins(span: Span): SyntaxProblem {
  return {
    code: 'iql.orphan-bins',
    message: "bins must follow a category, e.g. Age {18, 25, 35}",
    severity: 'error',
    span,
  };
}

export function describeEmptyBins(span: Span): SyntaxProblem {
  return {
    code: 'iql.empty-bins',
    message: "Bins need at least one value, e.g. {18, 25, 35} or {'Female', 'Male'}",
    severity: 'error',
    span,
  };
}

export function describeEmptyAggregate(span: Span): SyntaxProblem {
  return {
    code: 'iql.missing-argument',
    message: 'AGGREGATE needs at least one dimension, e.g. AGGREGATE(Age)',
    severity: 'error',
    span,
  };
}

export function describeTopNCount(span: Span, found?: string): SyntaxProblem {
  const detail = found === undefined ? ', e.g. TOPN(Retail.Job, 10)' : `; found ${found}`;
  return {
    code: 'iql.topn-count',
    message: `TOPN needs a positive integer count as its second argument${detail}`,
    severity: 'error',
    span,
  };
}

export function describeQuotedValue(value: string, span: Span): SyntaxProblem {
  return {
    code: 'iql.quoted-value',
    message: `Double quotes make a name, not a value; write the value in single quotes: '${value.replace(/'/g, "''")}'`,
    severity: 'warning',
    span,
  };
}

/** The upper-case word of a select item's function, for messages. */
export type SelectFunction = 'COUNT' | 'AGGREGATE' | 'TOPN' | 'SUM' | 'AVG';

export function describeColumnInInsight(first: SelectFunction, span: Span): SyntaxProblem {
  return {
    code: 'iql.mixed-selection',
    message: `an insight query (${first}) cannot also select output columns; export columns in a separate query`,
    severity: 'error',
    span,
  };
}

export function describeFunctionInActivation(fn: SelectFunction, span: Span): SyntaxProblem {
  return {
    code: 'iql.mixed-selection',
    message: `an activation query (output columns) cannot also select ${fn}(…); ask for insights in a separate query`,
    severity: 'error',
    span,
  };
}

export function describeCountMixed(other: SelectFunction, span: Span): SyntaxProblem {
  return {
    code: 'iql.mixed-selection',
    message: `COUNT() cannot be combined with ${other} in one SELECT; every insight result already includes the audience count`,
    severity: 'error',
    span,
  };
}

export function describeMeasureMixed(measure: SelectFunction, other: SelectFunction, span: Span): SyntaxProblem {
  return {
    code: 'iql.mixed-selection',
    message: `${measure} can only be combined with SUM and AVG, not with ${other}; ask for ${other} in a separate query`,
    severity: 'error',
    span,
  };
}

export function describeNestingTooDeep(limit: number, span: Span): SyntaxProblem {
  return {
    code: 'iql.nesting-too-deep',
    message: `Brackets are nested more than ${limit} deep here; the rest of this query is not read`,
    severity: 'error',
    span,
  };
}

export function describeInternalFailure(error: unknown, length: number): SyntaxProblem {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    code: 'iql.internal',
    message: `The IQL parser failed on this text (${truncate(reason)}); the text is shown as not understood. Please report this.`,
    severity: 'error',
    span: { start: 0, end: length },
  };
}
