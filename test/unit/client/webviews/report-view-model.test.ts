import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { buildReportCsv, buildReportView, defaultCategoryPair, reportCrossGrid, reportSingles, suggestReportCsvName, REPORT_CSV_COLUMNS } from '../../../../client/src/webviews/report-view-model';
import { reportResultsDocument } from '../../../../client/src/reports/report-results';
import { indexColour, indexNumber } from '../../../../common/webview/report-view';

const results = reportResultsDocument(
  'IR.one',
  'Shoppers',
  'COMPLETED',
  [
    {
      category_name: 'Region',
      baseline_background: '9007199254740993',
      intersection_background: 120,
      values: [
        { category_value: 'North', baseline_foreground: 40, intersection_foreground: '60', index: '150' },
        { category_value: '=cmd()', baseline_foreground: 60, intersection_foreground: 60, index: 100 },
        { category_value: 'South', baseline_foreground: 10, intersection_foreground: 0, index: '' },
      ],
    },
    { category_name: 'Loyalty Member', baseline_background: 50, intersection_background: 20, values: [{ category_value: 'Y', baseline_foreground: 5, intersection_foreground: 1, index: 50 }] },
  ] as never,
  {
    category_name_1: 'Region',
    category_name_2: 'Loyalty Member',
    baseline_background: 100,
    intersection_background: 20,
    values: [
      { category_value_1: 'North', category_value_2: 'Y', baseline_foreground: 4, intersection_foreground: 2, index: 250 },
      { category_value_1: 'South', category_value_2: 'N', baseline_foreground: 4, intersection_foreground: 0, index: 0 },
      { category_value_1: 'North', category_value_2: 'N', baseline_foreground: 4, intersection_foreground: 1, index: '100' },
    ],
  } as never,
);

describe('insight report view model', () => {
  it('gives each category its table rows as text and its bars as numbers, leaving out an index that is not one', () => {
    const [region, loyalty] = reportSingles(results.singles);
    assert.equal(region?.category, 'Region');
    assert.equal(region?.baselineBackground, '9007199254740993', 'an int64 keeps its digits');
    assert.deepEqual(region?.rows[0], { value: 'North', baselineForeground: '40', intersectionForeground: '60', index: '150' });
    assert.deepEqual(region?.bars, [
      { label: 'North', index: 150 },
      { label: '=cmd()', index: 100 },
    ]);
    assert.deepEqual(loyalty?.bars, [{ label: 'Y', index: 50 }]);
  });

  it('lays the cross result out as a grid, empty where the service sent no pair', () => {
    const grid = reportCrossGrid(results.cross!);
    assert.deepEqual(grid.categories, ['Region', 'Loyalty Member']);
    assert.deepEqual(grid.rowValues, ['North', 'South']);
    assert.deepEqual(grid.columnValues, ['Y', 'N']);
    assert.deepEqual(grid.cells, [
      ['250', '100'],
      ['', '0'],
    ]);
  });

  it('crosses the first two categories by default and builds a view with the pair and its state', () => {
    assert.deepEqual(defaultCategoryPair(['A', 'B', 'C']), ['A', 'B']);
    assert.equal(defaultCategoryPair(['A']), undefined);
    const loading = buildReportView(results, ['Region', 'Loyalty Member'], { pair: ['Region', 'Loyalty Member'], loading: true }, 'IR.one#1:loading');
    assert.equal(loading.loading, true);
    assert.equal(loading.cross, undefined);
    assert.deepEqual(loading.pair, ['Region', 'Loyalty Member']);
    const failed = buildReportView(results, ['Region', 'Loyalty Member'], { pair: ['Region', 'Region'], loading: false, error: 'no' }, 'IR.one#2');
    assert.equal(failed.crossError, 'no');
    const shown = buildReportView(results, ['Region', 'Loyalty Member'], { pair: ['Region', 'Loyalty Member'], loading: false, cross: results.cross! }, 'IR.one#3');
    assert.equal(shown.cross?.cells[0]?.[0], '250');
    assert.equal(shown.singles.length, 2);
  });

  it('writes every single-category row as CSV under a header, formulas escaped, digits kept', () => {
    const csv = buildReportCsv(results.singles);
    const rows = parse(csv) as string[][];
    assert.deepEqual(rows[0], [...REPORT_CSV_COLUMNS]);
    assert.equal(rows.length, 1 + 4);
    assert.deepEqual(rows[1], ['Region', 'North', '9007199254740993', '120', '40', '60', '150']);
    assert.equal(rows[2]?.[1], "'=cmd()");
    assert.deepEqual(rows[4], ['Loyalty Member', 'Y', '50', '20', '5', '1', '50']);
    assert.equal(suggestReportCsvName('IR.a/b c'), 'iql-report-IR.a-b-c.csv');
  });

  it('colours an index on a diverging scale around 100', () => {
    assert.equal(indexColour(100), 'rgba(241, 76, 76, 0)');
    assert.equal(indexColour(0), 'rgba(55, 148, 255, 0.85)');
    assert.equal(indexColour(50), 'rgba(55, 148, 255, 0.43)');
    assert.equal(indexColour(150), 'rgba(241, 76, 76, 0.43)');
    assert.equal(indexColour(400), 'rgba(241, 76, 76, 0.85)', 'capped at twice the baseline');
    assert.equal(indexColour(Number.NaN), undefined);
    assert.equal(indexNumber(''), undefined);
    assert.equal(indexNumber('abc'), undefined);
    assert.equal(indexNumber('120'), 120);
  });
});
