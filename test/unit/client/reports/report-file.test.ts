import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { locateServiceMessage } from '../../../../client/src/schemas/json-file-text';
import { newReportFileText, parseReportSchemaAddress, readReportFile, reportFileName, reportSchemaAddress } from '../../../../client/src/reports/report-file';

describe('insight report files', () => {
  test('the schema address carries the profile and reads back, whatever its characters; other addresses are not ours', () => {
    const address = reportSchemaAddress('Local emulator/../x?#');
    assert.equal(address, 'iql-schema:/Local%20emulator%2F..%2Fx%3F%23/reports/insight.schema.json');
    assert.deepEqual(parseReportSchemaAddress(address), { profile: 'Local emulator/../x?#' });
    assert.equal(parseReportSchemaAddress('iql-schema:/demo/destination-types/sftp.schema.json'), undefined);
    assert.equal(parseReportSchemaAddress('iql-schema:/%E0%A4%A/reports/insight.schema.json'), undefined, 'a broken encoding is not an address');
  });

  test('a new file has every field Create takes, the profile in $schema and no id; it reads back once datasets and categories are written', () => {
    const text = newReportFileText('demo', 'Cyclists "by" region');
    const value = JSON.parse(text) as Record<string, unknown>;
    assert.deepEqual(Object.keys(value), ['$schema', 'name', 'seed', 'seed_filter', 'baseline', 'baseline_filter', 'categories']);
    assert.equal(value.$schema, 'iql-schema:/demo/reports/insight.schema.json');
    assert.equal(value.name, 'Cyclists "by" region');
    const empty = readReportFile(text);
    assert.ok(!empty.ok);
    assert.deepEqual(empty.problems.map((problem) => text.slice(problem.offset, problem.offset + problem.length)), ['""', '""'], 'both empty dataset ids are underlined');

    const filled = readReportFile(newReportFileText('demo', 'R', 'CLOUDA.retail01').replace('"categories": []', '"categories": ["Gender", "Age"]').replace('"seed_filter": ""', '"seed_filter": "Age > 30"'));
    assert.ok(filled.ok, JSON.stringify(filled));
    assert.deepEqual(filled.draft, {
      profile: 'demo',
      body: { name: 'R', seed: { dataset_id: 'CLOUDA.retail01' }, seed_filter: 'Age > 30', baseline: { dataset_id: 'CLOUDA.retail01' }, baseline_filter: '', categories: ['Gender', 'Age'] },
    });
  });

  test('an id is read, an empty one is no id, and a file without $schema has no profile', () => {
    const body = { name: 'R', seed: { dataset_id: 'a' }, baseline: { dataset_id: 'b' }, categories: ['Gender'] };
    const read = readReportFile(JSON.stringify({ id: 'RPT.1', ...body }));
    assert.ok(read.ok);
    assert.equal(read.draft.id, 'RPT.1');
    assert.equal(read.draft.profile, undefined);
    const blank = readReportFile(JSON.stringify({ id: '', ...body }));
    assert.ok(blank.ok);
    assert.equal(blank.draft.id, undefined);
  });

  test('each problem is placed on what is wrong and says what to write; the text is never changed', () => {
    const text = '{\n  "name": 3,\n  "seed": { "dataset_id": "a" },\n  "categories": ["Gender", ""]\n}';
    const read = readReportFile(text);
    assert.ok(!read.ok);
    const found = read.problems.map((problem) => [text.slice(problem.offset, problem.offset + Math.max(problem.length, 1)), problem.message]);
    assert.deepEqual(found.map(([at]) => at), ['3', '{', '""']);
    assert.match(found[0]![1]!, /"name" must be a string/);
    assert.match(found[1]![1]!, /"baseline" is missing: e\.g\. "baseline": \{ "dataset_id"/);
    assert.match(found[2]![1]!, /category of the baseline dataset/);
  });

  test('broken JSON, an empty file and a non-object are one clear problem each, never a throw', () => {
    for (const text of ['{ "name": ', '', '[1, 2]', '{ "name": "x", }']) {
      const read = readReportFile(text);
      assert.ok(!read.ok, text);
      assert.equal(read.problems.length, 1, text);
    }
    const array = readReportFile('[1]');
    assert.ok(!array.ok);
    assert.match(array.problems[0]!.message, /one JSON object/);
  });

  test("the service's refusal of a filter is placed on that filter", () => {
    const text = newReportFileText('demo', 'R', 'x').replace('"seed_filter": ""', '"seed_filter": "Interest = 1"');
    const place = locateServiceMessage(text, "seed_filter: line 1, column 1: unknown category 'Interest'");
    assert.equal(text.slice(place.offset, place.offset + place.length), '"Interest = 1"');
  });

  test('file names keep safe characters only and are never empty', () => {
    assert.equal(reportFileName('Cyclists by region (2026)'), 'Cyclists-by-region-2026.iqlreport.json');
    assert.equal(reportFileName('../../'), 'report.iqlreport.json', 'no dot file, no way out of the folder');
    assert.equal(reportFileName('///'), 'report.iqlreport.json');
  });
});
