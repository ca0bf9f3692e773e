import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { buildRunMarkdown, buildShownCsv, buildShownJson, buildShownTsv, suggestExportName } from '../../../../client/src/webviews/run-exports';
import { buildResultsView } from '../../../../client/src/webviews/results-view-model';
import type { RunRecord } from '../../../../client/src/runs/run-record';
import { HOSTILE_NAME, succeededRun } from './webviews-fixture';

const QUERY = 'SELECT AGGREGATE(Retail.Gender, Retail.Age) FROM Retail';
const RESULT = {
  dimensions: [
    { value: 'Female', category: 'Gender', private_id: 'Retail', count: 100, dimensions: [{ value: '=HYPERLINK("http://x")', category: 'Age', private_id: 'Retail', count: 9007199254740991 }] },
    { value: 'Male', category: 'Gender', private_id: 'Retail', count: 20, dimensions: [] },
  ],
  audience: 120,
};

const view = buildResultsView(succeededRun(QUERY, RESULT));
const ALL = [0, 1];

describe('buildShownCsv', () => {
  it('writes the shown rows, exact counts, empty cells where a row stops, formulas defused', () => {
    const csv = buildShownCsv(view, ALL);
    assert.ok(csv);
    const rows = parse(csv) as string[][];
    assert.deepEqual(rows, [
      ['Retail.Gender', 'Retail.Age', 'count'],
      ['Female', `'=HYPERLINK("http://x")`, '9007199254740991'],
      ['Male', '', '20'],
    ]);
  });

  it('writes only the rows the grid shows, in the order it shows them', () => {
    const rows = parse(buildShownCsv(view, [1, 0]) ?? '') as string[][];
    assert.deepEqual(rows.map((row) => row[0]), ['Retail.Gender', 'Male', 'Female']);
    const filtered = parse(buildShownCsv(view, [1]) ?? '') as string[][];
    assert.deepEqual(filtered, [['Retail.Gender', 'Retail.Age', 'count'], ['Male', '', '20']]);
    // Indices the page may send that name no row are left out, each row written once.
    assert.equal((parse(buildShownCsv(view, [1, 1, 7, -1, 0.5]) ?? '') as string[][]).length, 2);
  });

  it('for Excel, starts with the byte-order mark and the separator line and ends lines with CRLF', () => {
    const csv = buildShownCsv(view, [1], { excel: true }) ?? '';
    assert.ok(csv.startsWith('\uFEFFsep=,\r\nRetail.Gender,Retail.Age,count\r\nMale,,20\r\n'), JSON.stringify(csv));
  });

  it('has nothing to write for a run without an insight result', () => {
    assert.equal(buildShownCsv(buildResultsView({ ...succeededRun(QUERY, RESULT), result: undefined }), ALL), undefined);
  });
});

describe('buildShownJson', () => {
  it('writes the shown rows in order, numbers exact (as text beyond 2^53), with the query and target', () => {
    const document = JSON.parse(buildShownJson(view, [1, 0]) ?? '') as Record<string, unknown>;
    assert.equal(document.query, QUERY);
    assert.equal(document.target, "profile 'emulator'");
    assert.equal(document.audience, 120);
    assert.deepEqual(document.rows, [
      { 'Retail.Gender': 'Male', 'Retail.Age': '', count: 20 },
      { 'Retail.Gender': 'Female', 'Retail.Age': '=HYPERLINK("http://x")', count: 9007199254740991 },
    ]);
    const big = buildResultsView(succeededRun('SELECT COUNT() FROM Retail', { dimensions: [], audience: 2 ** 60 }));
    assert.match(buildShownJson(big, [0]) ?? '', /"count": "1152921504606846976"/);
  });
});

describe('buildShownTsv', () => {
  it('copies the chosen rows and columns, with or without the header', () => {
    assert.equal(buildShownTsv(view, [1, 0], { headers: true, columns: [2, 0] }), 'count\tRetail.Gender\n20\tMale\n9007199254740991\tFemale');
    assert.equal(buildShownTsv(view, [0], { headers: false }), 'Female\t=HYPERLINK("http://x")\t9007199254740991');
  });
});

describe('buildRunMarkdown', () => {
  it('gives the query, the target and the escaped table of the shown rows with its notes', () => {
    const record = succeededRun(QUERY, { ...RESULT, dimensions: [{ value: HOSTILE_NAME, category: 'Gender', private_id: 'Retail', count: 5, dimensions: [{ value: 'a|b', category: 'Age', private_id: 'Retail', count: 5 }] }] });
    const markdown = buildRunMarkdown(buildResultsView(record), [0]);
    assert.ok(markdown);
    assert.match(markdown, /^```iql\nSELECT AGGREGATE/);
    assert.match(markdown, /Target: profile 'emulator'/);
    assert.match(markdown, /\| Retail\.Gender \| Retail\.Age \| count \|/);
    assert.ok(markdown.includes('\\<img src=x onerror=alert(1)>'), markdown);
    assert.ok(markdown.includes('a\\|b'), markdown);
    assert.match(markdown, /Audience: 120\./);
    assert.doesNotMatch(buildRunMarkdown(view, [1]) ?? '', /Female/);
  });

  it('fences a query holding backticks with a longer fence', () => {
    const markdown = buildRunMarkdown(buildResultsView(succeededRun('SELECT COUNT() FROM Retail -- ```', { dimensions: [], audience: 3 })), [0]);
    assert.match(markdown ?? '', /^````iql\n/);
  });

  it('describes an activation with its facts and pushes', () => {
    const record: RunRecord = {
      id: 'a1',
      query: 'SELECT Retail.ID FROM Retail',
      kind: 'activation',
      target: {},
      startedAt: 0,
      finishedAt: 1,
      status: 'succeeded',
      activation: { summary: { total_rows: 7, status: 'QUERY_COMPLETED' }, output_columns: ['Retail.ID'], pushes: [{ connector_type: 's3', push_successful: true }] },
    };
    const markdown = buildRunMarkdown(buildResultsView(record), []) ?? '';
    assert.match(markdown, /\| Rows \| 7 \|/);
    assert.match(markdown, /\| Output column \|\n\|---\|\n\| Retail\.ID \|/);
    assert.match(markdown, /\| s3 \| — \| — \| — \| succeeded \|/);
  });
});

describe('suggestExportName', () => {
  it('names the file after the service id, safely', () => {
    assert.equal(suggestExportName(buildResultsView(succeededRun(QUERY, RESULT, { serviceId: 'Q/../42' })), 'csv'), 'iql-result-Q-..-42.csv');
    assert.equal(suggestExportName(buildResultsView({ ...succeededRun(QUERY, RESULT), serviceId: undefined, id: 'run-7', kind: 'activation' }), 'json'), 'iql-activation-run-7.json');
    assert.equal(suggestExportName(view, 'excel'), 'iql-result-Q-42-excel.csv');
  });
});
