/**
 * The token types of IQL (LANGUAGE.md §1). Order matters: the lexer tries the types in the
 * order of `allTokens` and takes the first that matches, so longer operators come before their
 * prefixes and comments before the punctuation they start with.
 *
 * Categories group tokens for the grammar:
 * - `Keyword` — every reserved word (semantic tokens, messages).
 * - `SetOperator`, `CompareOperator` — one CST key per operator family, so the builder sees
 *   the operators in source order.
 * - `Name`, `Value` — what may stand for a name and for a literal. Consuming a category is
 *   one step, where a `name` or `literal` rule would cost a rule call and a CST node per name
 *   or value; on a 1 MB file that is a third of the tree.
 * - `StrayInQuery`, `StrayInFile` — tokens that cannot continue a query, resp. cannot start
 *   one. The grammar consumes them explicitly so that junk never derails the queries around it
 *   (see parser.ts).
 */
import type { TokenType } from 'chevrotain';
import { createToken, Lexer } from './chevrotain';

/** Tokens that cannot start or continue a clause: consumed as stray text inside a query. */
export const StrayInQuery = createToken({ name: 'StrayInQuery', pattern: Lexer.NA });
/** Tokens that cannot start a query: consumed as stray text between queries. */
export const StrayInFile = createToken({ name: 'StrayInFile', pattern: Lexer.NA });
export const Keyword = createToken({ name: 'Keyword', pattern: Lexer.NA });
export const SetOperator = createToken({ name: 'SetOperator', pattern: Lexer.NA });
export const CompareOperator = createToken({ name: 'CompareOperator', pattern: Lexer.NA });
/** An identifier or a quoted name. */
export const Name = createToken({ name: 'Name', pattern: Lexer.NA, label: 'a name' });
/** A literal value: a string, a number, or a quoted name (accepted with a warning). */
export const Value = createToken({ name: 'Value', pattern: Lexer.NA, label: 'a value' });

const stray = [StrayInQuery, StrayInFile];

/**
 * A letter or `_`, then letters, digits and `_` (LANGUAGE.md §1). "Letter" includes the
 * accented Latin letters (U+00C0–U+024F, without × and ÷) so that names such as `Région` need
 * no quotes; names in other scripts must be quoted. Keeping to explicit ranges lets Chevrotain
 * keep its first-character optimisation, which a Unicode property escape would disable.
 */
export const Identifier = createToken({
  name: 'Identifier',
  pattern: /[A-Za-z_\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F][A-Za-z0-9_\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F]*/,
  label: 'a name',
  categories: [Name, ...stray],
});

/** Creates a case-insensitive keyword that yields to Identifier for longer words (`Counter`). */
function createKeyword(name: string, categories: TokenType[] = stray): TokenType {
  const word = name.toUpperCase();
  return createToken({
    name,
    pattern: new RegExp(word, 'i'),
    longer_alt: Identifier,
    label: word,
    categories: [Keyword, ...categories],
  });
}

// Clause starters are not stray inside a query: the clause loop picks them up again.
export const Select = createKeyword('Select', []);
export const From = createKeyword('From', [StrayInFile]);
export const Where = createKeyword('Where', [StrayInFile]);
export const Enrich = createKeyword('Enrich', [StrayInFile]);
export const Link = createKeyword('Link', [StrayInFile]);
export const With = createKeyword('With');
export const And = createKeyword('And');
export const Or = createKeyword('Or');
export const Not = createKeyword('Not');
export const In = createKeyword('In');
export const Union = createKeyword('Union', [SetOperator, ...stray]);
export const Intersect = createKeyword('Intersect', [SetOperator, ...stray]);
export const Exclude = createKeyword('Exclude', [SetOperator, ...stray]);
export const Count = createKeyword('Count');
export const Aggregate = createKeyword('Aggregate');
export const TopN = createKeyword('TopN');
export const Sum = createKeyword('Sum');
export const Avg = createKeyword('Avg');

/** `"…"`, with `""` standing for one `"`. Quoted names end at the line's end. */
export const QuotedName = createToken({
  name: 'QuotedName',
  pattern: /"(?:[^"\r\n]|"")*"/,
  label: 'a "quoted name"',
  categories: [Name, Value, ...stray],
});
/** A quoted name missing its closing `"`: parsed as a quoted name, reported by the builder. */
export const UnterminatedQuotedName = createToken({
  name: 'UnterminatedQuotedName',
  pattern: /"(?:[^"\r\n]|"")*/,
  categories: [QuotedName, Name, Value, ...stray],
});

/** `'…'`, with `''` standing for one `'`. Strings end at the line's end. */
export const StringLiteral = createToken({
  name: 'StringLiteral',
  pattern: /'(?:[^'\r\n]|'')*'/,
  label: "a 'string'",
  categories: [Value, ...stray],
});
/** A string missing its closing `'`: parsed as a string, reported by the builder. */
export const UnterminatedString = createToken({
  name: 'UnterminatedString',
  pattern: /'(?:[^'\r\n]|'')*/,
  categories: [StringLiteral, Value, ...stray],
});

/** Integers and decimals, optionally negative. `--` is a comment, tried first. */
export const NumberLiteral = createToken({
  name: 'NumberLiteral',
  pattern: /-?\d+(?:\.\d+)?/,
  label: 'a number',
  categories: [Value, ...stray],
});

export const LineComment = createToken({
  name: 'LineComment',
  pattern: /--[^\r\n]*/,
  group: 'comments',
});
export const BlockComment = createToken({
  name: 'BlockComment',
  pattern: /\/\*[\s\S]*?\*\//,
  group: 'comments',
  line_breaks: true,
});
/** A block comment that runs to the end of the text: kept as a comment, reported by the lexer. */
export const UnterminatedBlockComment = createToken({
  name: 'UnterminatedBlockComment',
  pattern: /\/\*[\s\S]*/,
  group: 'comments',
  line_breaks: true,
});

function createPunctuation(name: string, pattern: RegExp, text: string, categories: TokenType[] = stray): TokenType {
  return createToken({ name, pattern, label: `'${text}'`, categories });
}

export const NotEquals = createPunctuation('NotEquals', /!=|<>/, '!=', [CompareOperator, ...stray]);
export const LessEquals = createPunctuation('LessEquals', /<=/, '<=', [CompareOperator, ...stray]);
export const GreaterEquals = createPunctuation('GreaterEquals', />=/, '>=', [CompareOperator, ...stray]);
export const Less = createPunctuation('Less', /</, '<', [CompareOperator, ...stray]);
export const Greater = createPunctuation('Greater', />/, '>', [CompareOperator, ...stray]);
export const Equals = createPunctuation('Equals', /=/, '=', [CompareOperator, ...stray]);
export const LParen = createPunctuation('LParen', /\(/, '(');
export const RParen = createPunctuation('RParen', /\)/, ')');
export const LBrace = createPunctuation('LBrace', /\{/, '{');
export const RBrace = createPunctuation('RBrace', /\}/, '}');
export const Comma = createPunctuation('Comma', /,/, ',');
export const Dot = createPunctuation('Dot', /\./, '.');
export const Slash = createPunctuation('Slash', /\//, '/');
export const Semicolon = createPunctuation('Semicolon', /;/, ';', []);

export const Whitespace = createToken({
  name: 'Whitespace',
  pattern: /\s+/,
  group: Lexer.SKIPPED,
  line_breaks: true,
});

const keywords = [
  Select, From, Where, Enrich, Link, With, And, Or, Not, In,
  Union, Intersect, Exclude, Count, Aggregate, TopN, Sum, Avg,
];

/** Every reserved word, upper-cased: `"Count"` must be quoted to be used as a name. */
export const keywordWords: ReadonlySet<string> = new Set(keywords.map((type) => type.name.toUpperCase()));

/** All token types, in lexing order. */
export const allTokens: TokenType[] = [
  Whitespace,
  LineComment,
  BlockComment,
  UnterminatedBlockComment,
  NumberLiteral,
  // Longer words first, so that `IN` does not cut `INTERSECT` short.
  ...[...keywords].sort((a, b) => b.name.length - a.name.length),
  Identifier,
  QuotedName,
  UnterminatedQuotedName,
  StringLiteral,
  UnterminatedString,
  NotEquals,
  LessEquals,
  GreaterEquals,
  Less,
  Greater,
  Equals,
  LParen,
  RParen,
  LBrace,
  RBrace,
  Comma,
  Dot,
  Slash,
  Semicolon,
  // Categories have no pattern; they are listed so that the parser knows them.
  Keyword,
  SetOperator,
  CompareOperator,
  Name,
  Value,
  StrayInQuery,
  StrayInFile,
];
