import type { IToken } from 'chevrotain';
import type { Span } from '../parser/ast';
import { lexAround } from '../parser/query-regions';
import { tokenIndexAt } from '../parser/spans';

/**
 * What the author is typing at the cursor, read from the tokens before it. Completion works on
 * half-written text, where the tree is at its most broken, so the context comes from the token
 * stream: the clause the cursor is in, the brackets open around it and the token just before.
 */
export type CompletionContext =
  | { readonly kind: 'none' }
  /** Before a query: `SELECT`, snippets, directives. */
  | { readonly kind: 'query-start' }
  /** A `-- @` directive name inside a line comment. */
  | { readonly kind: 'directive' }
  /** A SELECT item: a function, or `dataset.` for an output column. */
  | { readonly kind: 'selection' }
  /** After the SELECT list: `FROM`, or `,` for another item. */
  | { readonly kind: 'after-selection' }
  | { readonly kind: 'dataset'; readonly clause: 'from' | 'enrich' | 'link' }
  /** After a FROM audience: set operators and the clauses that may follow. */
  | { readonly kind: 'after-audience' }
  /** After `ENRICH` or `LINK`: the `WITH` that must follow. */
  | { readonly kind: 'with-keyword' }
  /** After `ENRICH WITH x` or `LINK WITH x`. */
  | { readonly kind: 'after-with'; readonly clause: 'enrich' | 'link' }
  /** A category, in SELECT function arguments or WHERE; `dataset` when qualified (`Retail.`). */
  | { readonly kind: 'category'; readonly clause: 'select' | 'where'; readonly dataset?: string }
  /** An output column of an activation query after `dataset.`. */
  | { readonly kind: 'column'; readonly dataset: string }
  | { readonly kind: 'representation'; readonly ref: PartialRef }
  /** After a reference in WHERE: comparison operators and IN. */
  | { readonly kind: 'operator'; readonly ref: PartialRef }
  /** A value for a comparison, an IN list or bins. */
  | { readonly kind: 'value'; readonly ref: PartialRef; readonly position: 'comparison' | 'in-list' | 'bins' }
  /** After a complete condition: AND, OR and the clauses that may follow. */
  | { readonly kind: 'after-condition' };

export interface PartialRef {
  readonly dataset?: string;
  readonly category: string;
  readonly representation?: string;
}

export interface CompletionSite {
  readonly context: CompletionContext;
  /** The text a completion replaces: the word (or quoted name, or string) being typed. */
  readonly replace: Span;
  /** What the author has typed of it so far, up to the cursor. */
  readonly typed: string;
  /** The datasets the query at the cursor names in FROM, ENRICH WITH and LINK WITH. */
  readonly namedDatasets: readonly string[];
  /** The query type decided by its first SELECT item, when written. */
  readonly queryType?: 'insight' | 'activation';
}

type Clause = 'select' | 'from' | 'where' | 'enrich' | 'link';
type Bracket = { readonly kind: 'function' | 'in-list' | 'bins' | 'group'; readonly name?: string };

const WORD_TYPES = new Set(['Identifier', 'QuotedName', 'UnterminatedQuotedName']);
const VALUE_TYPES = new Set(['StringLiteral', 'UnterminatedString', 'NumberLiteral']);
const SET_OPERATORS = new Set(['Union', 'Intersect', 'Exclude']);
const COMPARE_OPERATORS = new Set(['Equals', 'NotEquals', 'Less', 'LessEquals', 'Greater', 'GreaterEquals']);
const FUNCTIONS = new Set(['Count', 'Aggregate', 'TopN', 'Sum', 'Avg']);
const KEYWORD_TYPES = new Set([
  'Select', 'From', 'Where', 'Enrich', 'Link', 'With', 'And', 'Or', 'Not', 'In',
  'Union', 'Intersect', 'Exclude', 'Count', 'Aggregate', 'TopN', 'Sum', 'Avg',
]);

const typeOf = (token: IToken | undefined): string => token?.tokenType.name ?? '';
const endOf = (token: IToken): number => token.startOffset + token.image.length;

/** The unquoted text of a name token (`"Five Year Bins"` → `Five Year Bins`). */
export function nameText(token: IToken): string {
  if (token.tokenType.name === 'QuotedName') return token.image.slice(1, -1).replace(/""/g, '"');
  if (token.tokenType.name === 'UnterminatedQuotedName') return token.image.slice(1).replace(/""/g, '"');
  return token.image;
}

/** Reads the completion site at `offset` in `text`. Never throws. */
export function getCompletionSite(text: string, offset: number): CompletionSite {
  // Only the query around the cursor: a large document is not lexed on every completion.
  const { tokens, comments } = lexAround(text, offset);
  const empty = { replace: { start: offset, end: offset }, typed: '', namedDatasets: [] };

  for (const comment of comments) {
    if (comment.startOffset < offset && offset <= endOf(comment)) {
      const before = text.slice(comment.startOffset, offset);
      const directive = /^--\s*@[A-Za-z]*$/.exec(before);
      if (directive) {
        const at = before.lastIndexOf('@');
        return { ...empty, context: { kind: 'directive' }, replace: { start: comment.startOffset + at, end: offset }, typed: before.slice(at) };
      }
      return { ...empty, context: { kind: 'none' } };
    }
  }

  // The token the cursor is in or touches at its end, when it is one being typed.
  // The last token starting before the cursor, or -1.
  let index = tokenIndexAt(tokens, offset) - 1;
  let current: IToken | undefined;
  const candidate = tokens[index];
  if (candidate && offset <= endOf(candidate) && isTypedToken(candidate, offset)) {
    current = candidate;
    index -= 1;
  }
  const replace = current ? { start: current.startOffset, end: endOf(current) } : { start: offset, end: offset };
  const typed = current ? text.slice(current.startOffset, offset) : '';

  const queryStart = findQueryStart(tokens, index);
  if (queryStart === undefined) {
    return { ...empty, replace, typed, context: { kind: 'query-start' } };
  }
  const queryEnd = findQueryEnd(tokens, queryStart);
  const queryTokens = tokens.slice(queryStart, queryEnd);
  const before = tokens.slice(queryStart, index + 1);
  const namedDatasets = collectNamedDatasets(queryTokens);
  const queryType = decideQueryType(queryTokens);
  const context = decideContext(before, queryType, current);
  return { context, replace, typed, namedDatasets, ...(queryType ? { queryType } : {}) };
}

/** Words, keywords, quoted names and values are "being typed" while the cursor is in or at their end. */
function isTypedToken(token: IToken, offset: number): boolean {
  const type = typeOf(token);
  if (WORD_TYPES.has(type) || KEYWORD_TYPES.has(type) || type === 'UnterminatedString') return true;
  // A closed string or quoted name is being typed only while the cursor is inside its quotes.
  if (type === 'StringLiteral' || type === 'NumberLiteral') return offset < endOf(token) || type === 'NumberLiteral';
  return false;
}

/** The index of the SELECT that starts the query around `index`, or undefined before any query. */
function findQueryStart(tokens: readonly IToken[], index: number): number | undefined {
  for (let i = index; i >= 0; i -= 1) {
    const type = typeOf(tokens[i]);
    if (type === 'Select') return i;
    if (type === 'Semicolon') return undefined;
  }
  return undefined;
}

function findQueryEnd(tokens: readonly IToken[], start: number): number {
  for (let i = start + 1; i < tokens.length; i += 1) {
    const type = typeOf(tokens[i]);
    if (type === 'Select' || type === 'Semicolon') return i;
  }
  return tokens.length;
}

function decideQueryType(queryTokens: readonly IToken[]): 'insight' | 'activation' | undefined {
  const first = queryTokens[1];
  if (!first) return undefined;
  if (FUNCTIONS.has(typeOf(first))) return 'insight';
  if (WORD_TYPES.has(typeOf(first)) && typeOf(queryTokens[2]) === 'Dot') return 'activation';
  return undefined;
}

/** Names after FROM, set operators and `(` in FROM, and in the WITH lists. */
function collectNamedDatasets(queryTokens: readonly IToken[]): string[] {
  const names: string[] = [];
  let clause: Clause = 'select';
  for (let i = 0; i < queryTokens.length; i += 1) {
    const token = queryTokens[i]!;
    const type = typeOf(token);
    clause = nextClause(type) ?? clause;
    if (!WORD_TYPES.has(type) || typeOf(queryTokens[i + 1]) === 'Dot') continue;
    const previous = typeOf(queryTokens[i - 1]);
    const inAudience = clause === 'from' && (previous === 'From' || SET_OPERATORS.has(previous) || previous === 'LParen');
    const inWithList = (clause === 'enrich' || clause === 'link') && (previous === 'With' || previous === 'Comma');
    if ((inAudience || inWithList) && !names.includes(nameText(token))) names.push(nameText(token));
  }
  return names;
}

/** The clause a clause keyword starts; undefined for every other token. */
function nextClause(type: string): Clause | undefined {
  switch (type) {
    case 'Select':
      return 'select';
    case 'From':
      return 'from';
    case 'Where':
      return 'where';
    case 'Enrich':
      return 'enrich';
    case 'Link':
      return 'link';
    default:
      return undefined;
  }
}

function decideContext(before: readonly IToken[], queryType: 'insight' | 'activation' | undefined, current: IToken | undefined): CompletionContext {
  let clause: Clause = 'select';
  const brackets: Bracket[] = [];
  for (let i = 0; i < before.length; i += 1) {
    const type = typeOf(before[i]);
    const changed = nextClause(type);
    if (changed) {
      clause = changed;
      brackets.length = 0;
      continue;
    }
    if (type === 'LParen') {
      const previous = typeOf(before[i - 1]);
      brackets.push(FUNCTIONS.has(previous) ? { kind: 'function', name: previous } : previous === 'In' ? { kind: 'in-list' } : { kind: 'group' });
    } else if (type === 'LBrace') {
      brackets.push({ kind: 'bins' });
    } else if (type === 'RParen' || type === 'RBrace') {
      brackets.pop();
    }
  }
  const previous = before[before.length - 1];
  const previousType = typeOf(previous);
  const open = brackets[brackets.length - 1];

  // Typing a value (a string or number) only makes sense where values go.
  if (current && VALUE_TYPES.has(typeOf(current)) && !isValuePosition(previousType, open)) return { kind: 'none' };

  if (previousType === 'Dot') {
    const dataset = before[before.length - 2];
    if (!dataset || !WORD_TYPES.has(typeOf(dataset))) return { kind: 'none' };
    if (clause === 'select' && !open && queryType !== 'insight') return { kind: 'column', dataset: nameText(dataset) };
    return { kind: 'category', clause: clause === 'where' ? 'where' : 'select', dataset: nameText(dataset) };
  }
  if (previousType === 'Slash') {
    const ref = readRefBackwards(before, before.length - 2);
    return ref ? { kind: 'representation', ref } : { kind: 'none' };
  }
  if (open?.kind === 'bins' && (previousType === 'LBrace' || previousType === 'Comma')) {
    const braceIndex = findOpening(before, 'LBrace');
    // `Gender, {…}` is a known mistake; the values still belong to Gender.
    let refEnd = braceIndex - 1;
    if (typeOf(before[refEnd]) === 'Comma') refEnd -= 1;
    const ref = readRefBackwards(before, refEnd);
    return ref ? { kind: 'value', ref, position: 'bins' } : { kind: 'none' };
  }
  if (open?.kind === 'in-list' && (previousType === 'LParen' || previousType === 'Comma')) {
    const parenIndex = findOpening(before, 'LParen');
    const ref = readRefBackwards(before, parenIndex - 2);
    return ref ? { kind: 'value', ref, position: 'in-list' } : { kind: 'none' };
  }
  if (COMPARE_OPERATORS.has(previousType)) {
    const ref = readRefBackwards(before, before.length - 2);
    return ref ? { kind: 'value', ref, position: 'comparison' } : { kind: 'none' };
  }

  switch (clause) {
    case 'select':
      if (open?.kind === 'function') {
        if (open.name === 'Count') return { kind: 'none' };
        if (previousType === 'LParen') return { kind: 'category', clause: 'select' };
        if (previousType === 'Comma') return open.name === 'Aggregate' ? { kind: 'category', clause: 'select' } : { kind: 'none' };
        return { kind: 'none' };
      }
      if (open) return { kind: 'none' };
      if (previousType === 'Select' || previousType === 'Comma') return { kind: 'selection' };
      return { kind: 'after-selection' };
    case 'from':
      if (previousType === 'From' || SET_OPERATORS.has(previousType) || previousType === 'LParen') return { kind: 'dataset', clause: 'from' };
      if (WORD_TYPES.has(previousType) || previousType === 'RParen') return { kind: 'after-audience' };
      return { kind: 'none' };
    case 'enrich':
    case 'link':
      if (previousType === 'Enrich' || previousType === 'Link') return { kind: 'with-keyword' };
      if (previousType === 'With' || previousType === 'Comma') return { kind: 'dataset', clause };
      if (WORD_TYPES.has(previousType)) return { kind: 'after-with', clause };
      return { kind: 'none' };
    case 'where': {
      if (['Where', 'And', 'Or', 'Not'].includes(previousType) || (previousType === 'LParen' && open?.kind === 'group')) {
        return { kind: 'category', clause: 'where' };
      }
      if (WORD_TYPES.has(previousType)) {
        const ref = readRefBackwards(before, before.length - 1);
        return ref ? { kind: 'operator', ref } : { kind: 'none' };
      }
      if (VALUE_TYPES.has(previousType) || previousType === 'RParen') return { kind: 'after-condition' };
      return { kind: 'none' };
    }
  }
}

function isValuePosition(previousType: string, open: Bracket | undefined): boolean {
  if (COMPARE_OPERATORS.has(previousType)) return true;
  return (open?.kind === 'bins' || open?.kind === 'in-list') && (previousType === 'Comma' || previousType === 'LBrace' || previousType === 'LParen');
}

/** Index of the innermost unclosed bracket of type `open`, scanning back from the end. */
function findOpening(tokens: readonly IToken[], open: 'LParen' | 'LBrace'): number {
  const close = open === 'LParen' ? 'RParen' : 'RBrace';
  let depth = 0;
  for (let i = tokens.length - 1; i >= 0; i -= 1) {
    const type = typeOf(tokens[i]);
    if (type === close) depth += 1;
    else if (type === open) {
      if (depth === 0) return i;
      depth -= 1;
    }
  }
  return -1;
}

/** Reads `[dataset .] category [/ representation]` ending at `end`, backwards. */
function readRefBackwards(tokens: readonly IToken[], end: number): PartialRef | undefined {
  const parts: string[] = [];
  const separators: string[] = [];
  let i = end;
  while (i >= 0 && WORD_TYPES.has(typeOf(tokens[i]))) {
    parts.unshift(nameText(tokens[i]!));
    const separator = typeOf(tokens[i - 1]);
    if (separator !== 'Dot' && separator !== 'Slash') break;
    separators.unshift(separator);
    i -= 2;
  }
  if (parts.length === 0) return undefined;
  const dotIndex = separators.indexOf('Dot');
  const slashIndex = separators.indexOf('Slash');
  if (dotIndex === 0 && parts.length >= 2) {
    return { dataset: parts[0]!, category: parts[1]!, ...(slashIndex === 1 && parts[2] ? { representation: parts[2] } : {}) };
  }
  return { category: parts[0]!, ...(slashIndex === 0 && parts[1] ? { representation: parts[1] } : {}) };
}
