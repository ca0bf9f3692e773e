import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ResultColumn, ResultRowView } from '../../../../common/webview/results-view';
import { chartsOfShownRows, LEFT_OUT_TEXT, MAX_BARS, shownTable, validRowIndices } from '../../../../common/webview/shown-rows';

const COLUMNS: ResultColumn[] = [
  { title: 'Retail.Gender', kind: 'dimension' },
  { title: 'Retail.Age', kind: 'dimension' },
  { title: 'count', kind: 'count' },
];
const ROWS: ResultRowView[] = [
  { cells: ['Female', '[18, 40)', '100'] },
  { cells: ['Female', '[40, 90)', '50'] },
  { cells: ['Male', '[18, 40)', '30'] },
  { cells: ['Male', null, '20'], mark: 'partial' },
  { cells: ['Other', '[0, 18)', null], mark: 'missing' },
];

describe('chartsOfShownRows', () => {
  it('counts every row when the grid shows them all, a chart per dimension', () => {
    const charts = chartsOfShownRows(COLUMNS, ROWS, [0, 1, 2, 3, 4]);
    assert.deepEqual(charts.map((chart) => chart.title), ['Retail.Gender', 'Retail.Age']);
    assert.deepEqual(charts[0].bars, [
      { label: 'Female', value: 150 },
      { label: 'Male', value: 50 },
      { label: 'Other', value: 0 },
    ]);
    assert.deepEqual(charts[1].bars, [
      { label: '[18, 40)', value: 130 },
      { label: '[40, 90)', value: 50 },
      { label: '[0, 18)', value: 0 },
    ]);
  });

  it("follows the grid's filter and sort: only the shown rows, bars in the order the grid first shows them", () => {
    const charts = chartsOfShownRows(COLUMNS, ROWS, [2, 0]);
    assert.deepEqual(charts[0].bars, [
      { label: 'Male', value: 30 },
      { label: 'Female', value: 100 },
    ]);
    assert.match(charts[0].note ?? '', /The 2 of 5 rows the table shows/);
  });

  it('has no chart without a dimension, and cuts a chart at MAX_BARS bins', () => {
    assert.deepEqual(chartsOfShownRows([{ title: 'count', kind: 'count' }], [{ cells: ['5'] }], [0]), []);
    const many = Array.from({ length: MAX_BARS + 5 }, (_, index): ResultRowView => ({ cells: [`bin ${index}`, '1'] }));
    const [chart] = chartsOfShownRows([COLUMNS[0], COLUMNS[2]], many, many.map((_, index) => index));
    assert.equal(chart.bars.length, MAX_BARS);
    assert.match(chart.note ?? '', new RegExp(`first ${MAX_BARS} of ${MAX_BARS + 5}`));
  });
});

describe('shownTable', () => {
  it('writes the shown rows in order, a stopped dimension empty and a left-out count in words', () => {
    assert.deepEqual(shownTable(COLUMNS, ROWS, [4, 3]), {
      header: ['Retail.Gender', 'Retail.Age', 'count'],
      rows: [
        ['Other', '[0, 18)', LEFT_OUT_TEXT],
        ['Male', '', '20'],
      ],
    });
  });

  it('takes the chosen columns in their order, and ignores indices that name nothing', () => {
    assert.deepEqual(shownTable(COLUMNS, ROWS, [0, 9, 0], [2, 0, 7]), { header: ['count', 'Retail.Gender'], rows: [['100', 'Female']] });
    assert.deepEqual(validRowIndices([3, -1, 1.5, 3, 2, Number.NaN], 4), [3, 2]);
  });
});
