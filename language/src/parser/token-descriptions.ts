/**
 * How messages name tokens and lists: keywords upper-cased, names and punctuation quoted,
 * control characters made visible, long images cut. Shared by the problem catalogue
 * (messages.ts) and the rewriting of Chevrotain's errors (describe-parse-error.ts).
 */
import type { IToken } from 'chevrotain';
import { EOF, tokenMatcher } from './chevrotain';
import { Keyword, QuotedName, Select, Semicolon } from './tokens';

/** True for tokens that end the current query: the end of the text, `;` and the next SELECT. */
export function isQueryBoundary(token: IToken): boolean {
  return token.tokenType === EOF || tokenMatcher(token, Select) || tokenMatcher(token, Semicolon);
}

/** Cuts an image longer than 40 characters, so that a message stays one readable line. */
export function truncate(image: string): string {
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
export function showControls(image: string): string {
  let shown = '';
  for (const ch of image) {
    const code = ch.charCodeAt(0);
    shown += code < 0x20 || code === 0x7f ? `\\u${code.toString(16).padStart(4, '0')}` : ch;
  }
  return shown;
}

/**
 * Like `describeToken`, but a SELECT found where something else belongs is named as what it
 * is: the start of the next query.
 */
export function describeFound(token: IToken): string {
  if (tokenMatcher(token, Select)) return 'SELECT (the start of the next query)';
  return describeToken(token);
}

/** `a`, `a or b`, `a, b or c`. */
export function joinAlternatives(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}
