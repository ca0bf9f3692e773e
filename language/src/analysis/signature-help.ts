/**
 * Signature help inside the parentheses of COUNT, AGGREGATE, TOPN, SUM and AVG.
 *
 * Worked out from the tokens before the cursor, not from the tree: while the author is typing
 * `AGGREGATE(Age, ` the call is unfinished and the parser's recovery may place it anywhere.
 * The tokens say enough — which `(` is still open, which function name stands before it, and
 * how many commas at that depth lie between it and the cursor.
 */
import type { IToken } from 'chevrotain';
import type { MarkupContent, ParameterInformation, SignatureHelp, SignatureInformation } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { IqlFile } from '../parser/ast';
import { lexAround } from '../parser/query-regions';
import {
  Aggregate, Avg, Comma, Count, Enrich, From, LBrace, Link, LParen, RBrace, RParen, Select, Semicolon, Sum, TopN, Where,
} from '../parser/tokens';
import { describeKeyword } from './language-docs';

type FunctionName = 'COUNT' | 'AGGREGATE' | 'TOPN' | 'SUM' | 'AVG';

const functionNames = new Map<IToken['tokenType'], FunctionName>([
  [Count, 'COUNT'],
  [Aggregate, 'AGGREGATE'],
  [TopN, 'TOPN'],
  [Sum, 'SUM'],
  [Avg, 'AVG'],
]);

/** A call cannot run across a clause: these tokens close whatever was left open. */
const clauseBoundaries = new Set([Select, From, Where, Enrich, Link, Semicolon]);

interface Frame {
  readonly bracket: '(' | '{';
  /** The function whose argument list this `(` opens; undefined for a grouping or IN list. */
  readonly fn?: FunctionName;
  commas: number;
}

function markdown(value: string): MarkupContent {
  return { kind: 'markdown', value };
}

const categoryDoc = (what: string): MarkupContent =>
  markdown(`${what}: \`category\`, \`dataset.category\` or \`dataset."Quoted Name"\`, optionally with \`/representation\`.`);

const dimensionDoc = markdown(
  'A category to break the counts down by, optionally with a representation after `/` and bins in braces: ' +
    "`Age/\"Five Year Bins\"`, `Retail.Age {18, 25, 35}`, `Gender {'Female', 'Male'}`. " +
    'Each further dimension nests inside the one before.',
);

/** Builds a signature whose parameter labels are located by offset (names may repeat). */
function signature(name: FunctionName, parameters: ReadonlyArray<readonly [string, MarkupContent]>, suffix = ''): SignatureInformation {
  let label = `${name}(`;
  const infos: ParameterInformation[] = [];
  parameters.forEach(([parameter, documentation], index) => {
    if (index > 0) label += ', ';
    infos.push({ label: [label.length, label.length + parameter.length], documentation });
    label += parameter;
  });
  label += `${suffix})`;
  const documentation = describeKeyword(name);
  return { label, parameters: infos, ...(documentation ? { documentation: markdown(documentation) } : {}) };
}

function signatureFor(name: FunctionName, commas: number): SignatureInformation {
  switch (name) {
    case 'COUNT':
      return signature('COUNT', []);
    case 'AGGREGATE': {
      // One `dimension` per argument written so far, then `…`: the active one is highlighted.
      const dimensions = Array.from({ length: commas + 1 }, () => ['dimension', dimensionDoc] as const);
      return signature('AGGREGATE', dimensions, ', …');
    }
    case 'TOPN':
      return signature('TOPN', [
        ['category', categoryDoc('The category whose most frequent values to list; best with many distinct values')],
        ['n', markdown('How many values to return: a positive integer such as `5`.')],
      ]);
    case 'SUM':
    case 'AVG':
      return signature(name, [['category', categoryDoc(`The numeric category to ${name === 'SUM' ? 'add up' : 'average'}`)]]);
  }
}

function isInsideComment(file: IqlFile, offset: number): boolean {
  // A line comment runs to the end of its line, so a cursor right after it is still inside.
  return file.comments.some((comment) => comment.span.start < offset && (offset < comment.span.end || (comment.style === 'line' && offset === comment.span.end)));
}

/**
 * Signature help for the call around `offset` in `document` (parsed as `file`), or null when
 * the cursor is not inside the parentheses of an IQL function (or is inside a comment, or a
 * grouping or IN list nested in the call). `activeParameter` counts the commas written at the
 * call's own depth before the cursor, so commas inside bins `{…}` do not count; for TOPN, SUM
 * and AVG it stops at their last parameter. Never throws.
 */
export function getSignatureHelp(document: TextDocument, file: IqlFile, offset: number): SignatureHelp | null {
  if (isInsideComment(file, offset)) return null;
  const tokens = lexAround(document.getText(), offset).tokens;
  const stack: Frame[] = [];
  let previous: IToken | undefined;
  for (const token of tokens) {
    if (token.startOffset >= offset) break;
    const type = token.tokenType;
    if (clauseBoundaries.has(type)) stack.length = 0;
    else if (type === LParen) stack.push({ bracket: '(', fn: previous ? functionNames.get(previous.tokenType) : undefined, commas: 0 });
    else if (type === LBrace) stack.push({ bracket: '{', commas: 0 });
    else if (type === RParen || type === RBrace) closeBracket(stack, type === RParen ? '(' : '{');
    else if (type === Comma && stack.length > 0) stack[stack.length - 1]!.commas++;
    previous = token;
  }
  // Inside bins the call is still AGGREGATE's; inside a nested `(` it is not a call at all.
  let frame: Frame | undefined;
  for (let index = stack.length - 1; index >= 0; index--) {
    if (stack[index]!.bracket === '(') {
      frame = stack[index];
      break;
    }
  }
  if (!frame?.fn) return null;
  const info = signatureFor(frame.fn, frame.commas);
  const parameterCount = info.parameters?.length ?? 0;
  const activeParameter = parameterCount === 0 ? 0 : Math.min(frame.commas, parameterCount - 1);
  return { signatures: [{ ...info, activeParameter }], activeSignature: 0, activeParameter };
}

/** Closes the innermost open bracket of the given kind, and anything left open inside it. */
function closeBracket(stack: Frame[], bracket: '(' | '{'): void {
  for (let index = stack.length - 1; index >= 0; index--) {
    if (stack[index]!.bracket === bracket) {
      stack.length = index;
      return;
    }
  }
}
