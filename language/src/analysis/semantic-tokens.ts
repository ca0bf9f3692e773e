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
import type { Audience, Condition, IqlFile, Literal, Name, Query, Ref, Span } from '../parser/ast';
import { lexIql } from '../parser/lexer';
import { findQueryRegions, type QueryRegion } from '../parser/query-regions';
import { LineCursor } from '../parser/spans';
import { classOf, TokenClass, tokenClassesOf } from '../parser/token-classes';
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

/**
 * The semantic tokens of `document`, whose parse is `file`, in LSP's relative encoding; with
 * `range` (offsets), only those of the queries it touches. With `catalog`, names that do not
 * resolve against it carry the `unresolved` modifier; without one, no name is marked. Never
 * throws; a broken query yields tokens for what could be read.
 *
 * Each query's tokens are kept with the query's tree, relative to its start: the incremental
 * parser keeps the trees of the queries an edit did not touch, so after a keystroke in a
 * large document only the edited query is lexed and classified again.
 */
export function getSemanticTokens(document: TextDocument, file: IqlFile, catalog?: Catalog, range?: Span): SemanticTokens {
  const text = document.getText();
  const queriesByStart = new Map(file.queries.map((query) => [query.span.start, query]));
  // Regions and the range are half-open; an empty range still wants the region it sits in.
  const wanted = findQueryRegions(text).filter((region) => range === undefined || (region.end > range.start && region.start < Math.max(range.end, range.start + 1)));
  const lexed = lexInBulkIfCold(text, wanted, queriesByStart, catalog);
  const regions: RegionTokens[] = [];
  for (const region of wanted) {
    const query = queriesByStart.get(region.start);
    const tokens = lexed?.get(region.start);
    regions.push({ start: region.start, tokens: query ? classifiedQuery(text, region, query, catalog, tokens) : classifyRegion(text, region, undefined, catalog, tokens) });
  }
  return { data: encode(text, regions) };
}

/** Past this many regions to classify afresh, one lex of the whole text beats one per region. */
const BULK_LEX_REGIONS = 64;

/**
 * On a first request for a large document, nothing is cached and lexing 10,000 regions one
 * by one costs twice a single lex of the whole text: then lex once and hand each region its
 * tokens (the same tokens, regions lexing alone as they do in the whole text).
 */
function lexInBulkIfCold(text: string, regions: readonly QueryRegion[], queriesByStart: ReadonlyMap<number, Query>, catalog: Catalog | undefined): Map<number, IToken[]> | undefined {
  let cold = 0;
  for (const region of regions) {
    const query = queriesByStart.get(region.start);
    if (query === undefined || (!isCached(region, query, catalog) && tokenClassesOf(query) === undefined)) cold++;
  }
  if (cold <= BULK_LEX_REGIONS) return undefined;
  const byRegion = new Map<number, IToken[]>(regions.map((region) => [region.start, []]));
  let index = 0;
  for (const token of lexIql(text).tokens) {
    while (index < regions.length && token.startOffset >= regions[index].end) index++;
    if (index === regions.length) break;
    if (token.startOffset >= regions[index].start) byRegion.get(regions[index].start)!.push(token);
  }
  return byRegion;
}

/** A classified token ready to encode: offset relative to its region, legend indices. */
interface RegionToken {
  readonly start: number;
  readonly length: number;
  readonly type: number;
  readonly modifiers: number;
}

/** One region's tokens, offsets relative to `start`, sorted, without overlaps. */
interface RegionTokens {
  readonly start: number;
  readonly tokens: readonly RegionToken[];
}

interface CachedTokens {
  /** The region's length: a reused query object means the same region text (incremental-parser.ts). */
  readonly length: number;
  readonly catalog: Catalog | undefined;
  readonly tokens: readonly RegionToken[];
}

const tokensByQuery = new WeakMap<Query, CachedTokens>();

function isCached(region: QueryRegion, query: Query, catalog: Catalog | undefined): boolean {
  const cached = tokensByQuery.get(query);
  return cached !== undefined && cached.catalog === catalog && cached.length === region.end - region.start;
}

function classifiedQuery(text: string, region: QueryRegion, query: Query, catalog: Catalog | undefined, lexed: readonly IToken[] | undefined): readonly RegionToken[] {
  if (isCached(region, query, catalog)) return tokensByQuery.get(query)!.tokens;
  const tokens = classifyRegion(text, region, query, catalog, lexed);
  tokensByQuery.set(query, { length: region.end - region.start, catalog, tokens });
  return tokens;
}

/**
 * The tokens of one region (the query in it, if any), relative to the region's start.
 * `lexed` are the region's tokens from a lex of the whole text, when there was one.
 */
function classifyRegion(text: string, region: QueryRegion, query: Query | undefined, catalog: Catalog | undefined, lexed: readonly IToken[] | undefined): RegionToken[] {
  const tokens: RegionToken[] = [];
  const recorded = query === undefined ? undefined : tokenClassesOf(query);
  if (recorded !== undefined) {
    // Classes the parser recorded, relative to the query's start, which is the region's.
    for (let index = 0; index < recorded.length; index += 3) {
      tokens.push({ start: recorded[index], length: recorded[index + 1], type: LEGEND_OF_CLASS[recorded[index + 2]], modifiers: recorded[index + 2] === TokenClass.function ? DEFAULT_LIBRARY : 0 });
    }
  } else {
    // Tokens from the whole text carry the document's offsets; a region lexed alone, its own.
    const lexicalBase = lexed === undefined ? 0 : region.start;
    for (const token of classifyLexical(lexed ?? lexIql(text.slice(region.start, region.end)).tokens)) tokens.push(toRegionToken(token, lexicalBase));
  }
  if (query) {
    const names: Classified[] = [];
    classifyNames(query, catalog, names);
    if (names.length > 0) {
      for (const name of names) tokens.push(toRegionToken(name, region.start));
      tokens.sort((a, b) => a.start - b.start);
    }
  }
  // Empty tokens and overlaps cannot come from a well-built tree; dropping one is better than a bad stream.
  let kept = 0;
  let previousEnd = -1;
  for (const token of tokens) {
    if (token.length === 0 || token.start < previousEnd) continue;
    tokens[kept++] = token;
    previousEnd = token.start + token.length;
  }
  tokens.length = kept;
  return tokens;
}

function toRegionToken(token: Classified, base: number): RegionToken {
  let modifiers = 0;
  for (const modifier of token.modifiers) modifiers |= 1 << tokenModifiers.indexOf(modifier);
  return { start: token.start - base, length: Math.max(0, token.end - token.start), type: tokenTypes.indexOf(token.type), modifiers };
}

/** Keywords, functions, literals and operators: known from the token alone (token-classes.ts). */
function classifyLexical(tokens: readonly IToken[]): Classified[] {
  const result: Classified[] = [];
  for (const token of tokens) {
    const tokenClass = classOf(token);
    if (tokenClass < 0) continue;
    const start = token.startOffset;
    result.push({ start, end: start + token.image.length, type: tokenTypes[LEGEND_OF_CLASS[tokenClass]], modifiers: tokenClass === TokenClass.function ? ['defaultLibrary'] : [] });
  }
  return result;
}

/** The legend index of each token class. */
const LEGEND_OF_CLASS: Readonly<Record<number, number>> = {
  [TokenClass.function]: tokenTypes.indexOf('function'),
  [TokenClass.keyword]: tokenTypes.indexOf('keyword'),
  [TokenClass.string]: tokenTypes.indexOf('string'),
  [TokenClass.number]: tokenTypes.indexOf('number'),
  [TokenClass.operator]: tokenTypes.indexOf('operator'),
};
const DEFAULT_LIBRARY = 1 << tokenModifiers.indexOf('defaultLibrary');

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
function encode(text: string, regions: readonly RegionTokens[]): number[] {
  let count = 0;
  for (const region of regions) count += region.tokens.length;
  const data = new Array<number>(count * 5);
  const lines = new LineCursor(text);
  let written = 0;
  let previousLine = 0;
  let previousCharacter = 0;
  for (const region of regions) {
    for (const token of region.tokens) {
      // LineCursor counts from 1, LSP from 0.
      const position = lines.at(region.start + token.start);
      const line = position.line - 1;
      const character = position.column - 1;
      data[written++] = line - previousLine;
      data[written++] = line === previousLine ? character - previousCharacter : character;
      data[written++] = token.length;
      data[written++] = token.type;
      data[written++] = token.modifiers;
      previousLine = line;
      previousCharacter = character;
    }
  }
  return data;
}
