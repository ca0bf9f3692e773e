/**
 * Semantic tokens: what the TextMate grammar cannot know — whether a name is a dataset, a
 * category, a representation or an output column, and (with a catalog) whether it exists.
 *
 * Legend, in standard LSP types so that every theme colours them without configuration:
 *
 * | IQL construct                                   | type         | modifiers                 |
 * |-------------------------------------------------|--------------|---------------------------|
 * | dataset (FROM, ENRICH/LINK WITH, qualifiers)    | `namespace`  |                           |
 * | category                                        | `property`   |                           |
 * | representation (after `/`)                      | `enumMember` |                           |
 * | output column of an activation query            | `property`   | `readonly` (values are exported as stored, never computed) |
 * | COUNT, AGGREGATE, TOPN, SUM, AVG                | `function`   | `defaultLibrary`          |
 * | other keywords (SELECT, UNION, AND, …)          | `keyword`    |                           |
 * | string, and a double-quoted value               | `string`     |                           |
 * | number                                          | `number`     |                           |
 * | comparison operator (`=`, `!=`, `<>`, `<` …)    | `operator`   |                           |
 *
 * With a catalog, a name that does not resolve also gets the custom modifier `unresolved`
 * (themes may underline or dim it; diagnostics say what is wrong). Comments are left to the
 * TextMate grammar. Names that the parser could not place (stray text) get no token.
 */
import type { IToken } from 'chevrotain';
import type { SemanticTokens, SemanticTokensLegend } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Audience, Condition, IqlFile, Literal, Name, Query, Ref } from '../parser/ast';
import { tokenMatcher } from '../parser/chevrotain';
import { lexIql } from '../parser/lexer';
import { Aggregate, Avg, CompareOperator, Count, Keyword, NumberLiteral, StringLiteral, Sum, TopN } from '../parser/tokens';
import type { Catalog } from '../catalog/catalog';
import { createQueryScope, resolveReference } from '../catalog/resolve-reference';
import { namedDatasetUses } from './query-walk';

const tokenTypes = ['namespace', 'property', 'enumMember', 'function', 'keyword', 'string', 'number', 'operator'] as const;
const tokenModifiers = ['readonly', 'defaultLibrary', 'unresolved'] as const;

type TokenType = (typeof tokenTypes)[number];
type TokenModifier = (typeof tokenModifiers)[number];

/** The legend the server announces in its capabilities; indices into it encode the tokens. */
export const SEMANTIC_TOKEN_LEGEND: SemanticTokensLegend = { tokenTypes: [...tokenTypes], tokenModifiers: [...tokenModifiers] };

interface Classified {
  readonly start: number;
  readonly end: number;
  readonly type: TokenType;
  readonly modifiers: readonly TokenModifier[];
}

const functionTypes = [Count, Aggregate, TopN, Sum, Avg];

/**
 * The semantic tokens of `document`, whose parse is `file`, in LSP's relative encoding. With
 * `catalog`, names that do not resolve against it carry the `unresolved` modifier; without
 * one, no name is marked. Never throws; a broken query yields tokens for what could be read.
 */
export function getSemanticTokens(document: TextDocument, file: IqlFile, catalog?: Catalog): SemanticTokens {
  const classified: Classified[] = [...classifyLexical(lexIql(document.getText()).tokens)];
  for (const query of file.queries) classifyNames(query, catalog, classified);
  return { data: encode(document, classified) };
}

/** Keywords, functions, literals and operators: known from the token alone. */
function classifyLexical(tokens: readonly IToken[]): Classified[] {
  const result: Classified[] = [];
  for (const token of tokens) {
    const start = token.startOffset;
    const end = start + token.image.length;
    if (functionTypes.includes(token.tokenType)) result.push({ start, end, type: 'function', modifiers: ['defaultLibrary'] });
    else if (tokenMatcher(token, Keyword)) result.push({ start, end, type: 'keyword', modifiers: [] });
    else if (tokenMatcher(token, StringLiteral)) result.push({ start, end, type: 'string', modifiers: [] });
    else if (token.tokenType === NumberLiteral) result.push({ start, end, type: 'number', modifiers: [] });
    else if (tokenMatcher(token, CompareOperator)) result.push({ start, end, type: 'operator', modifiers: [] });
  }
  return result;
}

/** Names take their type from where they stand in the tree. */
function classifyNames(query: Query, catalog: Catalog | undefined, out: Classified[]): void {
  const unresolvedIf = (isUnresolved: boolean): TokenModifier[] => (catalog && isUnresolved ? ['unresolved'] : []);
  const dataset = (name: Name): void => {
    out.push({ ...name.span, type: 'namespace', modifiers: unresolvedIf(catalog?.findDataset(name.text) === undefined) });
  };
  const scope = catalog ? createQueryScope(catalog, namedDatasetUses(query).map((use) => use.name)) : undefined;

  const ref = (reference: Ref | undefined): void => {
    if (!reference) return;
    const resolution = scope ? resolveReference(reference, scope) : undefined;
    const failing = resolution?.kind === 'problem' ? resolution.problem.span : undefined;
    const fails = (name: Name): boolean => failing !== undefined && failing.start === name.span.start && failing.end === name.span.end;
    if (reference.dataset) {
      const qualifier = reference.dataset;
      out.push({ ...qualifier.span, type: 'namespace', modifiers: unresolvedIf(fails(qualifier) || catalog?.findDataset(qualifier.text) === undefined) });
    }
    // An ambiguous category exists (in several places): it is not "unresolved".
    const ambiguous = resolution?.kind === 'problem' && resolution.problem.code === 'iql.ambiguous-category';
    if (reference.category) out.push({ ...reference.category.span, type: 'property', modifiers: unresolvedIf(fails(reference.category) && !ambiguous) });
    if (reference.representation) {
      out.push({ ...reference.representation.span, type: 'enumMember', modifiers: unresolvedIf(fails(reference.representation)) });
    }
  };
  const literals = (values: readonly Literal[]): void => {
    // A double-quoted value lexes as a name; the tree knows it is a (discouraged) string.
    for (const value of values) if (value.kind === 'QuotedValue') out.push({ ...value.span, type: 'string', modifiers: [] });
  };

  for (const item of query.select.items) {
    switch (item.kind) {
      case 'Aggregate':
        for (const dimension of item.dimensions) {
          ref(dimension.ref);
          literals(dimension.bins?.values ?? []);
        }
        break;
      case 'TopN':
      case 'Measure':
        ref(item.ref);
        break;
      case 'Column': {
        dataset(item.dataset);
        if (item.column) {
          const known = catalog?.findDataset(item.dataset.text);
          const missing = known !== undefined && !known.outputColumns.includes(item.column.text);
          out.push({ ...item.column.span, type: 'property', modifiers: ['readonly', ...unresolvedIf(missing)] });
        }
        break;
      }
      case 'Count':
        break;
    }
  }
  const audience = (node: Audience | undefined): void => {
    if (!node) return;
    if (node.kind === 'Dataset') dataset(node.name);
    else if (node.kind === 'AudienceGroup') audience(node.inner);
    else {
      audience(node.left);
      audience(node.right);
    }
  };
  audience(query.from?.audience);
  const condition = (node: Condition | undefined): void => {
    if (!node) return;
    switch (node.kind) {
      case 'Comparison':
        ref(node.ref);
        literals(node.value ? [node.value] : []);
        break;
      case 'In':
        ref(node.ref);
        literals(node.values);
        break;
      case 'And':
      case 'Or':
        node.operands.forEach(condition);
        break;
      case 'Not':
        condition(node.operand);
        break;
      case 'ConditionGroup':
        condition(node.inner);
        break;
    }
  };
  condition(query.where?.condition);
  for (const name of [...(query.enrich?.names ?? []), ...(query.link?.names ?? [])]) dataset(name);
}

/** LSP's relative encoding: five integers per token, positions relative to the previous one. */
function encode(document: TextDocument, classified: readonly Classified[]): number[] {
  const sorted = [...classified].filter((token) => token.end > token.start).sort((a, b) => a.start - b.start);
  const data: number[] = [];
  let previousLine = 0;
  let previousCharacter = 0;
  let previousEnd = -1;
  for (const token of sorted) {
    // Overlaps cannot come from a well-built tree; dropping one is better than a bad stream.
    if (token.start < previousEnd) continue;
    const position = document.positionAt(token.start);
    const deltaLine = position.line - previousLine;
    const deltaCharacter = deltaLine === 0 ? position.character - previousCharacter : position.character;
    const modifiers = token.modifiers.reduce((bits, modifier) => bits | (1 << tokenModifiers.indexOf(modifier)), 0);
    data.push(deltaLine, deltaCharacter, token.end - token.start, tokenTypes.indexOf(token.type), modifiers);
    previousLine = position.line;
    previousCharacter = position.character;
    previousEnd = token.end;
  }
  return data;
}
