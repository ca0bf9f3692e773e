/**
 * The formatter works on "items": every token the lexer read, comments included, in source
 * order. Formatting only ever changes the whitespace between items and the letter case of
 * keywords, so two texts with the same items (keywords compared case-insensitively) say the
 * same thing — that is the invariant formatting-verify.ts checks.
 */
import type { IToken } from 'chevrotain';
import { tokenMatcher } from '../parser/chevrotain';
import { lexIql } from '../parser/lexer';
import type { SyntaxProblem } from '../parser';
import {
  Aggregate, Avg, BlockComment, Comma, Count, Dot, Keyword, LBrace, LineComment, LParen, RBrace, RParen,
  Semicolon, Slash, Sum, TopN, UnterminatedBlockComment,
} from '../parser/tokens';

export type ItemKind =
  | 'keyword'
  | 'function'
  | 'open-paren'
  | 'close-paren'
  | 'open-brace'
  | 'close-brace'
  | 'comma'
  | 'dot'
  | 'slash'
  | 'semicolon'
  | 'line-comment'
  | 'block-comment'
  /** Names, strings, numbers and comparison operators: printed as written. */
  | 'other';

export interface LayoutItem {
  readonly start: number;
  /** Exclusive. */
  readonly end: number;
  /** The text as written. */
  readonly image: string;
  readonly kind: ItemKind;
}

export interface LexedItems {
  readonly items: readonly LayoutItem[];
  readonly problems: readonly SyntaxProblem[];
}

const functionTypes = [Count, Aggregate, TopN, Sum, Avg];

function kindOf(token: IToken): ItemKind {
  const type = token.tokenType;
  if (type === LineComment) return 'line-comment';
  if (type === BlockComment || type === UnterminatedBlockComment) return 'block-comment';
  if (functionTypes.includes(type)) return 'function';
  if (tokenMatcher(token, Keyword)) return 'keyword';
  if (type === LParen) return 'open-paren';
  if (type === RParen) return 'close-paren';
  if (type === LBrace) return 'open-brace';
  if (type === RBrace) return 'close-brace';
  if (type === Comma) return 'comma';
  if (type === Dot) return 'dot';
  if (type === Slash) return 'slash';
  if (type === Semicolon) return 'semicolon';
  return 'other';
}

/** Lexes `text` into items (tokens and comments merged, in order) and its lexical problems. */
export function lexItems(text: string): LexedItems {
  const lexed = lexIql(text);
  const items = [...lexed.tokens, ...lexed.comments]
    .map((token): LayoutItem => ({
      start: token.startOffset,
      end: token.startOffset + token.image.length,
      image: token.image,
      kind: kindOf(token),
    }))
    .sort((a, b) => a.start - b.start);
  return { items, problems: lexed.problems };
}

export function isComment(item: LayoutItem): boolean {
  return item.kind === 'line-comment' || item.kind === 'block-comment';
}

/** Keywords and function names are printed upper-case; everything else exactly as written. */
export function printedImage(item: LayoutItem): string {
  return item.kind === 'keyword' || item.kind === 'function' ? item.image.toUpperCase() : item.image;
}
