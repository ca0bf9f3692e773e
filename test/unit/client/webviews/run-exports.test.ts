import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { buildResultCsv, buildRunJson, buildRunMarkdown, suggestExportName } from '../../../../client/src/webviews/run-exports';
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

describe('buildResultCsv', () => {
  it('writes the flattened table, exact counts, empty cells where a row stops, formulas defused', () => {
    const csv = buildResultCsv(succeededRun(QUERY, RESULT));
    assert.ok(csv);
    const rows = parse(csv) as string[][];
    assert.deepEqual(rows, [
      ['Retail.Gender', 'Retail.Age', 'count'],
      ['Female', `'=HYPERLINK("http://x")`, '9007199254740991'],
      ['Male', '', '20'],
    ]);
  });

  it('has nothing to write for a run without an insight result', () => {
    assert.equal(buildResultCsv({ ...succeededRun(QUERY, RESULT), result: undefined }), undefined);
  });
});

describe('buildRunJson', () => {
  it("keeps the service's result as received, with the query and target", () => {
    const json = buildRunJson(succeededRun(QUERY, RESULT));
    assert.ok(json);
    const document = JSON.parse(json) as Record<string, unknown>;
    assert.equal(document.query, QUERY);
    assert.deepEqual(document.target, { profile: 'emulator' });
    assert.deepEqual(document.result, RESULT);
    assert.equal(document.startedAt, '2025-01-01T10:00:00.000Z');
    assert.equal(document.serviceId, 'Q-42');
  });
});

describe('buildRunMarkdown', () => {
  it('gives the query, the target and the escaped table with its notes', () => {
    const record = succeededRun(QUERY, { ...RESULT, dimensions: [{ value: HOSTILE_NAME, category: 'Gender', private_id: 'Retail', count: 5, dimensions: [{ value: 'a|b', category: 'Age', private_id: 'Retail', count: 5 }] }] });
    const markdown = buildRunMarkdown(record);
    assert.ok(markdown);
    assert.match(markdown, /^```iql\nSELECT AGGREGATE/);
    assert.match(markdown, /Target: profile 'emulator'/);
    assert.match(markdown, /\| Retail\.Gender \| Retail\.Age \| count \|/);
    assert.ok(markdown.includes('\\<img src=x onerror=alert(1)>'), markdown);
    assert.ok(markdown.includes('a\\|b'), markdown);
    assert.match(markdown, /Audience: 120\./);
  });

  it('fences a query holding backticks with a longer fence', () => {
    const markdown = buildRunMarkdown(succeededRun('SELECT COUNT() FROM Retail -- ```', { dimensions: [], audience: 3 }));
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
    const markdown = buildRunMarkdown(record) ?? '';
    assert.match(markdown, /\| Rows \| 7 \|/);
    assert.match(markdown, /\| Output column \|\n\|---\|\n\| Retail\.ID \|/);
    assert.match(markdown, /\| s3 \| — \| — \| — \| succeeded \|/);
  });
});

describe('suggestExportName', () => {
  it('names the file after the service id, safely', () => {
    assert.equal(suggestExportName(succeededRun(QUERY, RESULT, { serviceId: 'Q/../42' }), 'csv'), 'iql-result-Q-..-42.csv');
    assert.equal(suggestExportName({ ...succeededRun(QUERY, RESULT), serviceId: undefined, id: 'run-7', kind: 'activation' }, 'json'), 'iql-activation-run-7.json');
  });
});
