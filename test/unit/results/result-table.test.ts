import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import type { QueryDimension, QueryResult } from '../../../common/api/v1-queries';
import { describeResultNotes, flattenQueryResult, NO_DEEPER_BIN, resultTableToMarkdown, type ResultTable } from '../../../common/results/result-table';

function bin(value: string, count: number, category: string, children?: QueryDimension[], privateId = 'Retail'): QueryDimension {
  return { value, category, count, private_id: privateId, continuous: false, ...(children ? { dimensions: children } : {}) };
}

const AGE_BY_GENDER: QueryResult = {
  audience: 1000,
  quality_measures: { redaction_threshold_outlier: 0, model_accuracy: 1 },
  dimensions: [
    bin('[18, 30)', 400, 'Age', [bin('Female', 210, 'Gender'), bin('Male', 190, 'Gender')]),
    bin('[30, 50)', 600, 'Age', [bin('Female', 300, 'Gender'), bin('Male', 280, 'Gender')]),
  ],
};

describe('flattenQueryResult', () => {
  it('makes one row per leaf bin, in order, with columns named dataset.category then count', () => {
    const table = flattenQueryResult(AGE_BY_GENDER);
    assert.deepEqual(table.columns, ['Retail.Age', 'Retail.Gender', 'count']);
    assert.equal(table.dimensionCount, 2);
    assert.deepEqual(
      table.rows.map((row) => row.cells),
      [
        ['[18, 30)', 'Female', '210'],
        ['[18, 30)', 'Male', '190'],
        ['[30, 50)', 'Female', '300'],
        ['[30, 50)', 'Male', '280'],
      ],
    );
    assert.equal(table.audience, '1000');
    assert.equal(table.redactedShare, undefined, 'no redaction, no share');
    assert.ok(table.rows.every((row) => row.partial === undefined));
  });

  it('keeps a bin returned without deeper bins as a partial row with null cells', () => {
    const result: QueryResult = {
      audience: 90,
      quality_measures: { redaction_threshold_outlier: 0.25 },
      dimensions: [
        bin('[18, 30)', 30, 'Age', []),
        bin('[30, 50)', 60, 'Age', [bin('Female', 30, 'Gender', []), bin('Male', 30, 'Gender', [bin('High', 20, 'Income', undefined, 'Bank')])]),
      ],
    };
    const table = flattenQueryResult(result, { shape: 'breakdown' });
    assert.deepEqual(table.columns, ['Retail.Age', 'Retail.Gender', 'Bank.Income', 'count']);
    assert.deepEqual(table.rows, [
      { cells: ['[18, 30)', null, null, '30'], partial: true },
      { cells: ['[30, 50)', 'Female', null, '30'], partial: true },
      { cells: ['[30, 50)', 'Male', 'High', '20'] },
    ]);
    assert.equal(table.redactedShare, 0.25);
  });

  it('names a column no bin reveals from the query, else by its position', () => {
    const result: QueryResult = { audience: 50, dimensions: [bin('[18, 30)', 50, 'Age', [])], quality_measures: { redaction_threshold_outlier: 0.5 } };
    assert.deepEqual(flattenQueryResult(result).columns, ['Retail.Age', 'dimension 2', 'count']);
    const named = flattenQueryResult(result, { shape: 'breakdown', dimensionNames: ['Age', 'Bank.Income'] });
    assert.deepEqual(named.columns, ['Retail.Age', 'Bank.Income', 'count'], "the service's name wins where a bin gives one");
  });

  it('gives a breakdown whose bins were all redacted its columns and no row', () => {
    const result: QueryResult = { audience: 40, dimensions: [], quality_measures: { redaction_threshold_outlier: 1 } };
    const guessed = flattenQueryResult(result);
    assert.deepEqual(guessed.rows, []);
    const told = flattenQueryResult({ ...result, quality_measures: {} }, { shape: 'breakdown', dimensionNames: ['Retail.Age', 'Retail.Gender'] });
    assert.deepEqual(told.columns, ['Retail.Age', 'Retail.Gender', 'count']);
    assert.deepEqual(told.rows, []);
  });

  it('gives a query without dimensions one total row: the audience, then the measures', () => {
    assert.deepEqual(flattenQueryResult({ audience: 3625, dimensions: [] }), { columns: ['count'], dimensionCount: 0, rows: [{ cells: ['3625'] }], audience: '3625' });
    const measures = flattenQueryResult({ audience: 75, dimensions: [], sum: 16561.46, user_average: { mean: 223.5 }, value_average: { mean: 220 } }, { shape: 'total' });
    assert.deepEqual(measures.columns, ['count', 'sum', 'user_average', 'value_average']);
    assert.deepEqual(measures.rows[0]?.cells, ['75', '16561.46', '223.5', '220']);
    assert.deepEqual(flattenQueryResult({ dimensions: [] }).rows, [{ cells: ['0'] }], 'an absent audience is the protobuf default, 0');
  });

  it('writes integer counts as exact digits, an absent one as 0', () => {
    const table = flattenQueryResult({
      audience: 9007199254740991,
      dimensions: [bin('a', 9007199254740991, 'C'), bin('b', 12, 'C'), { value: 'c', category: 'C' }],
    });
    assert.deepEqual(
      table.rows.map((row) => row.cells[1]),
      ['9007199254740991', '12', '0'],
    );
    assert.equal(table.audience, '9007199254740991');
  });

  it('never throws and gives every row one cell per column, whatever the nesting', () => {
    const leaf = fc.record({ value: fc.string(), category: fc.constantFrom('A', 'B', 'C'), count: fc.nat() });
    const tree: fc.Arbitrary<QueryDimension[]> = fc.letrec<{ level: QueryDimension[] }>((tie) => ({
      level: fc.array(fc.oneof({ depthSize: 'small' }, leaf, fc.tuple(leaf, tie('level')).map(([node, children]) => ({ ...node, dimensions: children }))), { maxLength: 4 }),
    })).level;
    fc.assert(
      fc.property(tree, fc.option(fc.double({ min: 0, max: 1, noNaN: true })), (dimensions, outlier) => {
        const table = flattenQueryResult({ dimensions, ...(outlier !== null ? { quality_measures: { redaction_threshold_outlier: outlier } } : {}) }, { shape: 'breakdown' });
        for (const row of table.rows) {
          assert.equal(row.cells.length, table.columns.length);
          assert.equal(row.partial === true, row.cells.slice(0, table.dimensionCount).includes(null));
        }
        assert.equal(table.columns[table.dimensionCount], 'count');
      }),
    );
  });
});

describe('resultTableToMarkdown', () => {
  it('writes a GitHub table with numbers right-aligned and the notes below', () => {
    const markdown = resultTableToMarkdown(flattenQueryResult(AGE_BY_GENDER));
    assert.equal(
      markdown,
      [
        '| Retail.Age | Retail.Gender | count |',
        '|---|---|---:|',
        '| [18, 30) | Female | 210 |',
        '| [18, 30) | Male | 190 |',
        '| [30, 50) | Female | 300 |',
        '| [30, 50) | Male | 280 |',
        '',
        'Audience: 1000.',
      ].join('\n'),
    );
  });

  it('escapes pipes and markup, flattens line breaks and marks partial rows', () => {
    const table: ResultTable = {
      columns: ['Shop.Name|Alias', 'count'],
      dimensionCount: 1,
      rows: [{ cells: ['A|B *x* `y`\nz', '5'] }, { cells: [null, '7'], partial: true }],
      redactedShare: 0.125,
    };
    const lines = resultTableToMarkdown(table).split('\n');
    assert.equal(lines[0], '| Shop.Name\\|Alias | count |');
    assert.equal(lines[2], '| A\\|B \\*x\\* \\`y\\` z | 5 |');
    assert.equal(lines[3], `| ${NO_DEEPER_BIN} | 7 |`);
    assert.match(lines.slice(4).join('\n'), /Redacted: 13% of the audience/);
    assert.match(lines.slice(4).join('\n'), /redacted or empty/);
  });

  it('never lets a value add or remove a column', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: fc.constantFrom('|', '\\', 'a', '\n', '`', '*', ' ') }), { minLength: 1, maxLength: 3 }), (values) => {
        const table: ResultTable = { columns: [...values.map((_, i) => `c${i}`), 'count'], dimensionCount: values.length, rows: [{ cells: [...values, '1'] }] };
        const body = resultTableToMarkdown(table).split('\n')[2] ?? '';
        assert.ok(!body.includes('\n'));
        // A pipe separates cells unless an odd number of backslashes precede it.
        const separators = [...body.matchAll(/(\\*)\|/g)].filter((m) => (m[1] ?? '').length % 2 === 0).length;
        assert.equal(separators, table.columns.length + 1);
      }),
    );
  });
});

describe('describeResultNotes', () => {
  it('says that an audience of 0 may be one below the redaction threshold', () => {
    assert.deepEqual(describeResultNotes({ columns: ['count'], dimensionCount: 0, rows: [], audience: '0' }), [
      'Audience: 0 (no one, or fewer individuals than the redaction threshold).',
    ]);
  });
});
