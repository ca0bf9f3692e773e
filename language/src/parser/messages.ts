/**
 * The catalogue of the parser's problems: every code it reports, and the problems found by the
 * lexer, the AST builder and the checks on a selection, written for people in the words of
 * LANGUAGE.md. Chevrotain's own parse errors are rewritten in describe-parse-error.ts (codes
 * iql.syntax, iql.unclosed-paren, iql.unclosed-brace and iql.keyword-as-name).
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
 *   iql.too-many-set-operators  more set operators in one query than any real query; the rest is not read
 *   iql.internal             the parser itself failed; the text is reported as unparsed
 */
import type { IToken } from 'chevrotain';
import type { Span } from './ast';
import { emptySpanAt, spanOfToken } from './spans';
import type { SyntaxProblem } from './syntax-problem';
import { describeFound, describeToken, joinAlternatives, showControls, truncate } from './token-descriptions';

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

/** A 'string' whose closing quote never comes on its line; `span` is the string so far. */
export function describeUnterminatedString(span: Span): SyntaxProblem {
  return {
    code: 'iql.unterminated-string',
    message: "This string has no closing ' on its line; end it with '",
    severity: 'error',
    span,
  };
}

/** A "quoted name" whose closing quote never comes on its line. */
export function describeUnterminatedName(span: Span): SyntaxProblem {
  return {
    code: 'iql.unterminated-name',
    message: 'This quoted name has no closing " on its line; end it with "',
    severity: 'error',
    span,
  };
}

/** A block comment never closed; `span` is its opening `/*`. */
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

/** The rule of clause order, in the words every clause-order message ends with. */
export const clauseOrderText = 'clauses go in the order SELECT … FROM … WHERE … ENRICH WITH … LINK WITH';

/** `clause` written after `before`, which belongs after it; `span` is the clause's keyword. */
export function describeClauseOrder(clause: string, before: string, span: Span): SyntaxProblem {
  return {
    code: 'iql.clause-order',
    message: `${clause} must come before ${before}; ${clauseOrderText}`,
    severity: 'error',
    span,
  };
}

/** The second `clause` of a query; the hint says how to say both in one clause. */
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

/**
 * A query without FROM: at the first stray token `found` where FROM was expected, or, with no
 * `found`, right after the selection.
 */
export function describeMissingFrom(span: Span, found?: IToken): SyntaxProblem {
  const lead = found === undefined ? '' : `Expected FROM before ${describeFound(found)}: `;
  return {
    code: 'iql.missing-from',
    message: `${lead}FROM and an audience are required after the selection: write FROM and the audience's datasets`,
    severity: 'error',
    span,
  };
}

/** SELECT with nothing after it; `span` is the empty place after the keyword. */
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

/** `EXPLAIN SELECT …`: an EXPLAIN keyword that IQL does not have. */
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

/** Bins that follow no category (an AGGREGATE argument that is bins alone). */
export function describeOrphanBins(span: Span): SyntaxProblem {
  return {
    code: 'iql.orphan-bins',
    message: "bins must follow a category, e.g. Age {18, 25, 35}",
    severity: 'error',
    span,
  };
}

/** `{}`: bins without a value. */
export function describeEmptyBins(span: Span): SyntaxProblem {
  return {
    code: 'iql.empty-bins',
    message: "Bins need at least one value, e.g. {18, 25, 35} or {'Female', 'Male'}",
    severity: 'error',
    span,
  };
}

/** `AGGREGATE()`: no dimension at all. */
export function describeEmptyAggregate(span: Span): SyntaxProblem {
  return {
    code: 'iql.missing-argument',
    message: 'AGGREGATE needs at least one dimension, e.g. AGGREGATE(Age)',
    severity: 'error',
    span,
  };
}

/** TOPN's count is missing, or `found` (as written) is not a positive integer. */
export function describeTopNCount(span: Span, found?: string): SyntaxProblem {
  const detail = found === undefined ? ', e.g. TOPN(Retail.Job, 10)' : `; found ${found}`;
  return {
    code: 'iql.topn-count',
    message: `TOPN needs a positive integer count as its second argument${detail}`,
    severity: 'error',
    span,
  };
}

/** A "double-quoted" value (a warning); the message shows it rewritten in single quotes. */
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

/** An output column in an insight query, whose first item is `first`. */
export function describeColumnInInsight(first: SelectFunction, span: Span): SyntaxProblem {
  return {
    code: 'iql.mixed-selection',
    message: `an insight query (${first}) cannot also select output columns; export columns in a separate query`,
    severity: 'error',
    span,
  };
}

/** An insight function `fn` in an activation query (one that selects output columns). */
export function describeFunctionInActivation(fn: SelectFunction, span: Span): SyntaxProblem {
  return {
    code: 'iql.mixed-selection',
    message: `an activation query (output columns) cannot also select ${fn}(…); ask for insights in a separate query`,
    severity: 'error',
    span,
  };
}

/** COUNT() listed with AGGREGATE or TOPN (`other`), in either order. */
export function describeCountMixed(other: SelectFunction, span: Span): SyntaxProblem {
  return {
    code: 'iql.mixed-selection',
    message: `COUNT() cannot be combined with ${other} in one SELECT; every insight result already includes the audience count`,
    severity: 'error',
    span,
  };
}

/** SUM or AVG (`measure`) listed with another kind of function (`other`). */
export function describeMeasureMixed(measure: SelectFunction, other: SelectFunction, span: Span): SyntaxProblem {
  return {
    code: 'iql.mixed-selection',
    message: `${measure} can only be combined with SUM and AVG, not with ${other}; ask for ${other} in a separate query`,
    severity: 'error',
    span,
  };
}

/** Brackets nested deeper than `limit` (nesting-guard.ts); `span` is the first too-deep one. */
export function describeNestingTooDeep(limit: number, span: Span): SyntaxProblem {
  return {
    code: 'iql.nesting-too-deep',
    message: `Brackets are nested more than ${limit} deep here; the rest of this query is not read`,
    severity: 'error',
    span,
  };
}

/** A query chaining more than `limit` set operators: cut at the first one beyond. */
export function describeTooManySetOperators(limit: number, span: Span): SyntaxProblem {
  return {
    code: 'iql.too-many-set-operators',
    message: `This query combines more than ${limit.toLocaleString('en')} set operators (INTERSECT, UNION, EXCLUDE); the rest of it is not read. Split it into smaller queries`,
    severity: 'error',
    span,
  };
}

/** The parser threw: reported on the whole text (`length` characters) instead of crashing. */
export function describeInternalFailure(error: unknown, length: number): SyntaxProblem {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    code: 'iql.internal',
    message: `The IQL parser failed on this text (${truncate(reason)}); the text is shown as not understood. Please report this.`,
    severity: 'error',
    span: { start: 0, end: length },
  };
}
