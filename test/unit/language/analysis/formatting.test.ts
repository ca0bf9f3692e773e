import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { formatIql, formatIqlRange, formatText } from '../../../../language/src/analysis/formatting';
import { parseIql } from '../../../../language/src/parser';
import { lexIql } from '../../../../language/src/parser/lexer';

const EXAMPLES = resolve(__dirname, '../../../../../shared/iql/examples');
const SPACES = { tabSize: 2, insertSpaces: true };

function readExamples(kind: 'valid' | 'invalid'): Array<[string, string]> {
  const folder = join(EXAMPLES, kind);
  return readdirSync(folder)
    .filter((name) => name.endsWith('.iql'))
    .map((name) => [name, readFileSync(join(folder, name), 'utf8')]);
}

/** The tree without positions: what the query means, not where it was written. */
function stripSpans(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (key, child: unknown) => (key === 'span' || key.endsWith('Span') ? undefined : child)));
}

/** The text of every comment, in order. */
function commentsOf(text: string): string[] {
  return lexIql(text).comments.map((comment) => comment.image);
}

function applyEdits(text: string, edits: ReturnType<typeof formatIql>): string {
  return TextDocument.applyEdits(TextDocument.create('file:///f.iql', 'iql', 1, text), edits);
}

/** Formats and checks the invariants every formatting must keep. */
function format(text: string, options = SPACES): string {
  const formatted = formatText(text, options);
  assert.equal(formatText(formatted, options), formatted, `formatting is not idempotent for:\n${text}`);
  assert.deepEqual(commentsOf(formatted), commentsOf(text), 'comments must be kept, in order and unchanged');
  assert.deepEqual(stripSpans(parseIql(formatted).ast), stripSpans(parseIql(text).ast), 'the tree must not change');
  assert.equal(applyEdits(text, formatIql(text, options)), formatted, 'the edits must produce the formatted text');
  return formatted;
}

describe('formatting: shared examples', () => {
  for (const [name, text] of readExamples('valid')) {
    it(`formats ${name} idempotently, keeping meaning and comments`, () => {
      const formatted = format(text);
      assert.ok(formatted.endsWith('\n') && !formatted.endsWith('\n\n'), 'one final newline');
      assert.doesNotMatch(formatted, /[ \t]+$/m, 'no trailing whitespace');
      const keywords = lexIql(formatted).tokens.filter((token) => /^[a-z]+$/i.test(token.image) && token.tokenType.name !== 'Identifier');
      for (const keyword of keywords) assert.equal(keyword.image, keyword.image.toUpperCase());
    });
  }

  for (const [name, text] of readExamples('invalid')) {
    it(`leaves the broken query of ${name} exactly as written`, () => {
      const { ast } = parseIql(text);
      const formatted = format(text);
      for (const query of ast.queries) assert.ok(formatted.includes(text.slice(query.span.start, query.span.end)));
      assert.deepEqual(formatIql(formatted, SPACES), []);
    });
  }
});

describe('formatting: layout', () => {
  const cases: Array<[string, string, string]> = [
    ['one line, lower case', 'select count() from retail', 'SELECT COUNT()\nFROM retail\n'],
    [
      'every clause, AGGREGATE with several dimensions, bins, set operators',
      `select aggregate( age / "Five Year Bins" , Retail . Gender{ 'Female','Male' } ,Income {0,20000}) from ( retail union bank )exclude publisher1 where age>=25 and Retail."Loyalty Member"='Yes' enrich with insurer , bank link with idgraph;`,
      [
        'SELECT AGGREGATE(',
        '  age/"Five Year Bins",',
        "  Retail.Gender {'Female', 'Male'},",
        '  Income {0, 20000}',
        ')',
        'FROM (retail UNION bank) EXCLUDE publisher1',
        'WHERE age >= 25',
        `  AND Retail."Loyalty Member" = 'Yes'`,
        'ENRICH WITH insurer, bank',
        'LINK WITH idgraph;',
        '',
      ].join('\n'),
    ],
    ['AGGREGATE with one dimension stays on its line', 'SELECT Aggregate(Age{18,25,35})\n\n\nFROM Retail', 'SELECT AGGREGATE(Age {18, 25, 35})\nFROM Retail\n'],
    [
      'OR at the top level breaks, the AND inside it does not',
      "select count() from r where a = 1 and b = 2 or not (c != 'x' or d in (1,2))",
      "SELECT COUNT()\nFROM r\nWHERE a = 1 AND b = 2\n  OR NOT (c != 'x' OR d IN (1, 2))\n",
    ],
    ['TOPN, SUM and AVG', 'select topn( Publisher1."Favourite Section" ,5 ) from Publisher1', 'SELECT TOPN(Publisher1."Favourite Section", 5)\nFROM Publisher1\n'],
    ['SUM and AVG together', 'select sum(x),avg(x) from a', 'SELECT SUM(x), AVG(x)\nFROM a\n'],
    [
      'names, strings and escapes are kept exactly as written',
      `select count() from "My ""Data""" where "weird name" <> 'it''s' and n>-0.5`,
      `SELECT COUNT()\nFROM "My ""Data"""\nWHERE "weird name" <> 'it''s'\n  AND n > -0.5\n`,
    ],
    [
      'directives at the top, a trailing comment, two queries separated by one blank line',
      '-- @collaboration CLB.demo\n-- @profile staging\nselect self.ID,self.EmailHash from self intersect them; select count() from self -- all of us\n',
      '-- @collaboration CLB.demo\n-- @profile staging\nSELECT self.ID, self.EmailHash\nFROM self INTERSECT them;\n\nSELECT COUNT()\nFROM self -- all of us\n',
    ],
    [
      'a comment above a query stays attached to it; the blank line goes before the comment',
      'SELECT COUNT() FROM A;\n-- the second one\nSELECT COUNT() FROM B;\n\n\n\n-- the end',
      'SELECT COUNT()\nFROM A;\n\n-- the second one\nSELECT COUNT()\nFROM B;\n\n-- the end\n',
    ],
    [
      'comments inside a query keep their place and their line',
      'select count() -- what\n  /* where */ from A where a = 1 -- first\n-- second\nand b = 2 /* last */',
      'SELECT COUNT() -- what\n/* where */\nFROM A\nWHERE a = 1 -- first\n  -- second\n  AND b = 2 /* last */\n',
    ],
    [
      'a line comment in the middle of a line pushes the rest to a continuation line',
      'select count() from A -- left\nunion B',
      'SELECT COUNT()\nFROM A -- left\n  UNION B\n',
    ],
    ['an empty file stays empty', '', ''],
    ['a file of blank lines becomes empty', '\n\n   \n', ''],
    ['only comments', '\n\n-- just a note\n\n\n/* and a block */   \n', '-- just a note\n\n/* and a block */\n'],
  ];
  for (const [title, input, expected] of cases) {
    it(title, () => assert.equal(format(input), expected));
  }

  it('indents with tabs when asked, and with the tab size otherwise', () => {
    const text = 'select aggregate(a, b) from x where a = 1 and b = 2';
    assert.equal(format(text, { tabSize: 4, insertSpaces: false }), 'SELECT AGGREGATE(\n\ta,\n\tb\n)\nFROM x\nWHERE a = 1\n\tAND b = 2\n');
    assert.equal(format(text, { tabSize: 4, insertSpaces: true }), 'SELECT AGGREGATE(\n    a,\n    b\n)\nFROM x\nWHERE a = 1\n    AND b = 2\n');
  });

  it('keeps the CRLF line breaks of a Windows file', () => {
    assert.equal(format('select count()\r\nfrom A -- x\r\nwhere a = 1\r\n'), 'SELECT COUNT()\r\nFROM A -- x\r\nWHERE a = 1\r\n');
  });

  it('formats the valid queries around a broken one and leaves the broken one alone', () => {
    const broken = 'SELECT COUNT() FROM   (Retail UNION Bank  -- unclosed';
    const text = `select count() from a\n${broken}\nselect count() from b`;
    assert.equal(format(text), `SELECT COUNT()\nFROM a\n\n${broken}\n\nSELECT COUNT()\nFROM b\n`);
  });

  it('changes nothing when the text before the first query is broken', () => {
    for (const text of ['EXPLAIN select count() from a', '§ select count() from a', 'from a select count() from b']) {
      assert.deepEqual(formatIql(text, SPACES), [], text);
    }
  });

  it('keeps unreadable characters and unterminated strings inside the broken query', () => {
    for (const text of ["select count() from a where x = 'open   \nselect count() from b", 'select count() from a § b\nselect count() from b ¤']) {
      const formatted = format(text);
      for (const piece of ["'open   ", '§', '¤']) if (text.includes(piece)) assert.ok(formatted.includes(piece), piece);
    }
  });

  it('never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'selctSELCT ()\'"{},.;-/*\n\tfromwhere=<>!§a1'.split('')) }), (text) => {
        const formatted = formatText(text, SPACES);
        assert.equal(formatText(formatted, SPACES), formatted);
        assert.deepEqual(commentsOf(formatted), commentsOf(text));
      }),
      { numRuns: 300 },
    );
  });

  it('returns small edits: the gaps and keywords that change, nothing else', () => {
    const text = 'select count()\nFROM Retail';
    const edits = formatIql(text, SPACES);
    assert.deepEqual(
      edits.map((edit) => [edit.range.start.line, edit.range.start.character, edit.range.end.line, edit.range.end.character, edit.newText]),
      [
        [0, 0, 0, 6, 'SELECT'],
        [0, 7, 0, 12, 'COUNT'],
        [1, 11, 1, 11, '\n'],
      ],
    );
  });
});

describe('formatting: range', () => {
  it('formats whole queries that overlap the range and nothing else', () => {
    const text = 'select count() from a;\nselect count() from b where x=1;\nselect count() from c';
    const document = TextDocument.create('file:///f.iql', 'iql', 1, text);
    const inSecond = { start: document.positionAt(text.indexOf('from b')), end: document.positionAt(text.indexOf('from b') + 2) };
    const result = applyEdits(text, formatIqlRange(text, inSecond, SPACES));
    assert.equal(result, 'select count() from a;\nSELECT COUNT()\nFROM b\nWHERE x = 1;\nselect count() from c');
  });
});

// ---------------------------------------------------------------------------------------
// Property: random valid queries (a generator that follows LANGUAGE.md §10) format
// idempotently and keep their tree.
// ---------------------------------------------------------------------------------------

type Piece = { readonly text: string; readonly keyword?: boolean };
const kw = (text: string): Piece => ({ text, keyword: true });
const p = (text: string): Piece => ({ text });
const join2 = (parts: readonly (readonly Piece[])[], separator: Piece = p(',')): Piece[] =>
  parts.flatMap((part, index) => (index === 0 ? [...part] : [separator, ...part]));

const name = fc.constantFrom('Age', 'Retail', 'Bank', 'Gender', 'x_1', 'Region', '"Five Year Bins"', '"say ""hi"""').map((text) => [p(text)]);
const literal = fc.constantFrom("'Female'", "'it''s'", "'2025-01-01'", "''", '0', '30', '-5', '0.5').map((text) => [p(text)]);
const ref = fc
  .tuple(fc.option(name), name, fc.option(name))
  .map(([dataset, category, representation]) => [
    ...(dataset ? [...dataset, p('.')] : []),
    ...category,
    ...(representation ? [p('/'), ...representation] : []),
  ]);
const literals = fc.array(literal, { minLength: 1, maxLength: 3 }).map((items) => join2(items));
const dimension = fc.tuple(ref, fc.option(literals)).map(([r, bins]) => [...r, ...(bins ? [p('{'), ...bins, p('}')] : [])]);
const selection = fc.oneof(
  fc.constant([kw('count'), p('('), p(')')]),
  fc.array(dimension, { minLength: 1, maxLength: 3 }).map((dims) => [kw('aggregate'), p('('), ...join2(dims), p(')')]),
  fc.tuple(ref, fc.integer({ min: 1, max: 100 })).map(([r, n]) => [kw('topn'), p('('), ...r, p(','), p(String(n)), p(')')]),
  fc.tuple(ref, fc.boolean()).map(([r, both]) => [kw('sum'), p('('), ...r, p(')'), ...(both ? [p(','), kw('avg'), p('('), ...r, p(')')] : [])]),
  fc.array(fc.tuple(name, name), { minLength: 1, maxLength: 3 }).map((columns) => join2(columns.map(([d, c]) => [...d, p('.'), ...c]))),
);
const { audience } = fc.letrec<{ audience: Piece[]; term: Piece[] }>((tie) => ({
  term: fc.oneof({ depthSize: 'small', withCrossShrink: true }, name, tie('audience').map((inner) => [p('('), ...inner, p(')')])),
  audience: fc
    .tuple(tie('term'), fc.array(fc.tuple(fc.constantFrom('union', 'intersect', 'exclude'), tie('term')), { maxLength: 2 }))
    .map(([first, rest]) => [...first, ...rest.flatMap(([operator, term]) => [kw(operator), ...term])]),
}));
const comparison = fc.oneof(
  fc.tuple(ref, fc.constantFrom('=', '!=', '<>', '<', '<=', '>', '>='), literal).map(([r, operator, value]) => [...r, p(operator), ...value]),
  fc.tuple(ref, literals).map(([r, values]) => [...r, kw('in'), p('('), ...values, p(')')]),
);
const { condition } = fc.letrec<{ condition: Piece[]; and: Piece[]; not: Piece[] }>((tie) => ({
  not: fc
    .tuple(fc.boolean(), fc.oneof({ depthSize: 'small', withCrossShrink: true }, comparison, tie('condition').map((inner) => [p('('), ...inner, p(')')])))
    .map(([negated, operand]) => [...(negated ? [kw('not')] : []), ...operand]),
  and: fc.array(tie('not'), { minLength: 1, maxLength: 3 }).map((operands) => join2(operands, kw('and'))),
  condition: fc.array(tie('and'), { minLength: 1, maxLength: 2 }).map((operands) => join2(operands, kw('or'))),
}));
const names = fc.array(name, { minLength: 1, maxLength: 2 }).map((items) => join2(items));
const query = fc
  .tuple(selection, audience, fc.option(condition), fc.option(names), fc.option(names), fc.boolean())
  .map(([select, from, where, enrich, link, semicolon]) => [
    kw('select'), ...select, kw('from'), ...from,
    ...(where ? [kw('where'), ...where] : []),
    ...(enrich ? [kw('enrich'), kw('with'), ...enrich] : []),
    ...(link ? [kw('link'), kw('with'), ...link] : []),
    ...(semicolon ? [p(';')] : []),
  ]);
const file = fc.array(query, { minLength: 1, maxLength: 3 }).map((queries) => queries.flat());

const separators = ['', ' ', '  ', '\n', '\n\n', '\t\n  ', ' -- note\n', ' /* c */ ', '\n/* multi\n line */\n'];
const punctuation = /^[(){},.;/=<>!]/;

/** Writes the pieces with random separators and random keyword case. */
const writtenFile = file.chain((pieces) =>
  fc
    .tuple(
      fc.array(fc.constantFrom(...separators), { minLength: pieces.length, maxLength: pieces.length }),
      fc.array(fc.constantFrom('lower', 'upper', 'mixed'), { minLength: pieces.length, maxLength: pieces.length }),
    )
    .map(([gaps, cases]) =>
      pieces
        .map((piece, index) => {
          const word = !piece.keyword ? piece.text : cases[index] === 'upper' ? piece.text.toUpperCase() : cases[index] === 'mixed' ? piece.text[0]!.toUpperCase() + piece.text.slice(1) : piece.text;
          const previous = pieces[index - 1];
          // Two words with nothing between them would read as one.
          const touching = previous !== undefined && !punctuation.test(previous.text.slice(-1)) && !punctuation.test(piece.text);
          const gap = index === 0 ? '' : gaps[index] === '' && touching ? ' ' : gaps[index]!;
          return gap + word;
        })
        .join(''),
    ),
);

describe('formatting: property', () => {
  it('random valid queries format idempotently and keep their tree and comments', () => {
    fc.assert(
      fc.property(writtenFile, (text) => {
        assert.deepEqual(parseIql(text).problems, [], `the generator must write valid IQL:\n${text}`);
        const formatted = format(text);
        assert.notEqual(formatted, '', 'formatted');
        for (const token of lexIql(formatted).tokens) {
          if (token.tokenType.CATEGORIES?.some((category) => category.name === 'Keyword')) assert.equal(token.image, token.image.toUpperCase());
        }
      }),
      { numRuns: 200 },
    );
  });
});
