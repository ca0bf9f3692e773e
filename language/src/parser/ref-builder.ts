/**
 * Names and references: `[dataset "."] category ["/" representation]`, each name an
 * identifier or a "quoted name".
 */
import type { IToken } from 'chevrotain';
import type { Name, Ref } from './ast';
import { firstRealToken } from './cst-access';
import type { RefCstNode } from './cst-types';
import * as spans from './spans';
import * as tokenTypes from './tokens';
import { unquote } from './unquote';

// Bound once to local constants: under tsx every use of an imported binding is a getter call
// (see parser.ts), and every name of a file passes through here.
const { coverSpans, spanOfToken } = spans;
const { Identifier, UnterminatedQuotedName } = tokenTypes;

/**
 * A name from an identifier or a quoted name (quotes stripped); undefined for a missing token
 * or one invented by recovery.
 */
export function buildName(token: IToken | undefined): Name | undefined {
  const span = spanOfToken(token);
  if (token === undefined || span === undefined) return undefined;
  if (token.tokenType === Identifier) return { kind: 'Name', span, text: token.image, quoted: false };
  return { kind: 'Name', span, text: unquote(token.image, '"', token.tokenType === UnterminatedQuotedName), quoted: true };
}

/**
 * The reference of a `ref` node; undefined when nothing of it was written. A part that is
 * missing (`Retail.` while typing) is left undefined, the parts around it kept.
 */
export function buildRef(cst: RefCstNode | undefined): Ref | undefined {
  if (cst === undefined) return undefined;
  const names = (cst.children.Name ?? []).map(buildName).filter((name): name is Name => name !== undefined);
  const dot = firstRealToken(cst.children.Dot);
  const slash = firstRealToken(cst.children.Slash);
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
