import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { decodeJsonString, textIndexOf } from '../../../../common/json-string-text';
import { reportCategoryCompletions, reportCategoryProblems } from '../../../../language/src/embedded/report-categories';
import { findReportFilters, reportDatasetIds, reportFilterCompletions, reportFilterHover, reportFilterProblems } from '../../../../language/src/embedded/report-filters';
import { DEMO_CATALOG } from '../../../fixtures/catalog/demo-catalog';

/** Dataset ids of the test files: the 2.0 ids the service gives, mapped to the names queries use. */
const nameOf = (id: string): string | undefined => ({ 'ds-retail': 'Retail', 'ds-bank': 'Bank' })[id];

function report(seedFilter: string, baselineFilter = ''): string {
  return JSON.stringify({ name: 'r', seed: { dataset_id: 'ds-retail' }, seed_filter: seedFilter, baseline: { dataset_id: 'ds-bank' }, baseline_filter: baselineFilter, categories: ['Age'] }, null, 2);
}

describe('IQL filters inside insight report files', () => {
  it('decodes a JSON string and keeps the file offset of every character, escapes included', () => {
    const file = '"a\\"b\\u00e9c"';
    const decoded = decodeJsonString(file, 1, file.length - 1);
    assert.equal(decoded.text, 'a"béc');
    assert.deepEqual(decoded.fileOffsets, [1, 2, 4, 5, 11, 12]);
    assert.equal(textIndexOf(decoded, 4), 2);
  });

  it('lists the dataset ids a report names, each once, even without filters; none in broken JSON', () => {
    assert.deepEqual(reportDatasetIds(JSON.stringify({ seed: { dataset_id: 'a' }, baseline: { dataset_id: 'a' } })), ['a']);
    assert.deepEqual(reportDatasetIds(JSON.stringify({ seed: { dataset_id: 'a' }, baseline: { dataset_id: 'b' }, categories: [] })), ['a', 'b']);
    assert.deepEqual(reportDatasetIds('[1, 2'), []);
  });

  it('finds both filters with their datasets', () => {
    const filters = findReportFilters(report("Region = 'Wales'", 'Age > 30'));
    assert.deepEqual(filters.map((filter) => [filter.field, filter.datasetId?.value, filter.decoded.text]), [
      ['seed_filter', 'ds-retail', "Region = 'Wales'"],
      ['baseline_filter', 'ds-bank', 'Age > 30'],
    ]);
    assert.deepEqual(findReportFilters('{ broken'), []);
  });

  it('a catalog problem lands on the exact characters of the filter, escapes and all', () => {
    const file = report('"Regio" = \'Wales\'');
    const problems = reportFilterProblems(file, DEMO_CATALOG, nameOf);
    assert.equal(problems.length, 1, JSON.stringify(problems));
    const problem = problems[0]!;
    // In the file the quoted name is written \"Regio\": the span covers those characters.
    assert.equal(file.slice(problem.span.start, problem.span.end), '\\"Regio\\"');
    assert.match(problem.message, /Regio/);
  });

  it('a syntax error lands inside the string; valid and empty filters report nothing', () => {
    const file = report('Region = ');
    const problems = reportFilterProblems(file, DEMO_CATALOG, nameOf);
    assert.equal(problems.length, 1);
    const start = file.indexOf('Region = ');
    assert.ok(problems[0]!.span.start >= start && problems[0]!.span.end <= start + 'Region = '.length + 1, JSON.stringify(problems[0]));
    assert.deepEqual(reportFilterProblems(report("Region = 'Wales' AND Age >= 30", 'Age > 30'), DEMO_CATALOG, nameOf), []);
    assert.deepEqual(reportFilterProblems(report(''), DEMO_CATALOG, nameOf), []);
  });

  it('without a known dataset: syntax only, and the id is flagged when a catalog is there', () => {
    const file = JSON.stringify({ seed: { dataset_id: 'ds-nosuch' }, seed_filter: 'Nothing = 1' });
    const problems = reportFilterProblems(file, DEMO_CATALOG, nameOf);
    assert.deepEqual(problems.map((problem) => problem.code), ['iql.unknown-dataset']);
    assert.equal(file.slice(problems[0]!.span.start, problems[0]!.span.end), '"ds-nosuch"');
    assert.deepEqual(reportFilterProblems(file, undefined, nameOf), [], 'offline: the filter parses, nothing to say');
  });

  it("completion inside the filter offers the dataset's categories and values, ranges in the file, text escaped for JSON", () => {
    const file = report('Loyalty');
    const document = TextDocument.create('file:///r.iqlreport.json', 'json', 1, file);
    const offset = file.indexOf('Loyalty') + 'Loyalty'.length;
    const list = reportFilterCompletions(document, offset, DEMO_CATALOG, nameOf);
    assert.ok(list);
    const item = list.items.find((candidate) => candidate.label === 'Loyalty Member');
    assert.ok(item, list.items.map((candidate) => candidate.label).join(', '));
    const edit = item.textEdit && 'range' in item.textEdit ? item.textEdit : undefined;
    assert.ok(edit);
    assert.equal(edit.newText, '\\"Loyalty Member\\"', 'a quoted name is escaped for the JSON string');
    assert.equal(document.offsetAt(edit.range.start), file.indexOf('Loyalty'));
    assert.equal(reportFilterCompletions(document, file.indexOf('"name"'), DEMO_CATALOG, nameOf), null, 'nothing outside the filters');
  });

  it('hover on a category in the filter describes it, on the exact characters', () => {
    const file = report("Region = 'Wales'");
    const hover = reportFilterHover(file, file.indexOf('Region') + 2, DEMO_CATALOG, nameOf);
    assert.ok(hover);
    assert.equal(file.slice(hover.span.start, hover.span.end), 'Region');
    assert.match(hover.markdown, /Region/);
  });
});

describe('the categories of an insight report file', () => {
  it("a category the baseline dataset lacks is flagged on its string, with a did-you-mean", () => {
    const file = JSON.stringify({ seed: { dataset_id: 'ds-retail' }, baseline: { dataset_id: 'ds-bank' }, categories: ['Age', 'Incme'] }, null, 2);
    const problems = reportCategoryProblems(file, DEMO_CATALOG, nameOf);
    assert.equal(problems.length, 1);
    assert.equal(file.slice(problems[0]!.span.start, problems[0]!.span.end), '"Incme"');
    assert.match(problems[0]!.message, /Unknown category 'Incme' in the baseline dataset Bank\. Did you mean 'Income'\?/);
    assert.deepEqual(reportCategoryProblems(file, undefined, nameOf), [], 'offline: nothing to judge by');
  });

  it('completion inside a categories string offers the baseline categories not listed yet', () => {
    const file = JSON.stringify({ baseline: { dataset_id: 'ds-retail' }, categories: ['Age', 'Re'] }, null, 2);
    const document = TextDocument.create('file:///r.iqlreport.json', 'json', 1, file);
    const list = reportCategoryCompletions(document, file.indexOf('"Re"') + 3, DEMO_CATALOG, nameOf);
    assert.ok(list);
    const labels = list.items.map((item) => item.label);
    assert.ok(labels.includes('Region') && labels.includes('Loyalty Member') && !labels.includes('Age'), labels.join(', '));
    const edit = list.items.find((item) => item.label === 'Region')!.textEdit;
    assert.ok(edit && 'range' in edit);
    assert.equal(document.offsetAt(edit.range.start), file.indexOf('"Re"') + 1, 'it replaces the string content');
    assert.equal(reportCategoryCompletions(document, file.indexOf('"baseline"') + 2, DEMO_CATALOG, nameOf), null);
  });
});
