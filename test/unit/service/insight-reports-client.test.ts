/**
 * Insight reports (Document 2 §4.2) through the real service client against the emulator, on
 * the tiny folder: Alpha owns Shop (a 25 F, b 35 M, c 45 F, d — M, S5 61 Other) and sees
 * Beta's News (a Cycling, b Running, z Cycling, c Football). The worked example of
 * emulator/README.md ("Insight reports") is checked here by the numbers computed by hand.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ServiceClient } from '../../../service/src';
import { startTestServer } from '../emulator/test-server';
import type { TestServer } from '../emulator/test-server';
import { expectError, expectOk, pollUntil } from './demo-emulator';
import { createTestClient } from './test-client';
import type { TestClient } from './test-client';
import { listDatasetsV2 } from '../../../service/src';

describe('insight reports: service client against the emulator', () => {
  const ids = { shop: '', news: '' };
  let reportId = '';
  let server: TestServer;
  let ann: ServiceClient, bo: ServiceClient, cy: ServiceClient, stranger: ServiceClient;
  const clients: TestClient[] = [];
  const client = (key: string): ServiceClient => {
    const made = createTestClient(server.base, {}, key);
    clients.push(made);
    return made.client;
  };
  const example = () => ({
    name: 'Cyclists among my customers',
    seed: { dataset_id: ids.news },
    seed_filter: "Interest = 'Cycling'",
    baseline: { dataset_id: ids.shop },
    baseline_filter: "NOT Gender = 'Other'",
    categories: ['Gender', 'Age'],
  });
  const status = (id: string) => ann.call('getInsightReportStatus', { params: { report_id: id } });

  before(async () => {
    // One status read answers "not done" after the work is done, so the moving status is seen.
    server = await startTestServer({ pollsBeforeDone: 1 });
    ann = client('key-a');
    bo = client('key-b');
    cy = client('pub-c/priv-c');
    stranger = client('no-such-key');
    ids.shop = expectOk(await listDatasetsV2(ann)).datasets?.find((dataset) => dataset.private_id === 'Shop')?.dataset_id ?? '';
    ids.news = expectOk(await listDatasetsV2(bo)).datasets?.find((dataset) => dataset.private_id === 'News')?.dataset_id ?? '';
    assert.ok(ids.shop !== '' && ids.news !== '', JSON.stringify(ids));
    reportId = expectOk(await ann.call('createInsightReport', { body: example() })).report_id ?? '';
  });
  after(async () => {
    for (const made of clients) await made.close();
    await server.close();
  });

  it('moves the status through WAITING or RUNNING to COMPLETED with its completion percentage', async () => {
    const seen: string[] = [];
    const done = await pollUntil(
      async () => {
        const answer = expectOk(await status(reportId));
        seen.push(`${answer.status} ${answer.progress?.completion_percentage}`);
        return answer;
      },
      (answer) => answer.status === 'COMPLETED',
      'a completed report',
    );
    assert.equal(done.progress?.completion_percentage, 100);
    assert.ok(seen.some((entry) => entry === 'RUNNING 50' || entry === 'WAITING 0'), seen.join(', '));
    assert.deepEqual(seen.at(-1), 'COMPLETED 100');
  });

  it('computes the worked example of the README: foregrounds, backgrounds and indices by hand', async () => {
    await pollUntil(() => status(reportId), (answer) => answer.ok && answer.value.status === 'COMPLETED', 'completed');
    const singles = expectOk(await ann.call('listInsightReportSingles', { params: { report_id: reportId } }));
    // Baseline: Shop without Other = a, b, c, d (4); seed: News with Cycling = a, z; intersection: a (1).
    assert.deepEqual(singles.results, [
      {
        baseline_background: '4', category_name: 'Gender', intersection_background: '1',
        values: [
          { baseline_foreground: '2', category_value: 'Female', index: 200, intersection_foreground: '1' },
          { baseline_foreground: '2', category_value: 'Male', index: 0, intersection_foreground: '0' },
        ],
      },
      {
        baseline_background: '4', category_name: 'Age', intersection_background: '1',
        values: [
          { baseline_foreground: '1', category_value: '25', index: 400, intersection_foreground: '1' },
          { baseline_foreground: '1', category_value: '35', index: 0, intersection_foreground: '0' },
          { baseline_foreground: '1', category_value: '45', index: 0, intersection_foreground: '0' },
        ],
      },
    ]);
    assert.equal(singles.pagination?.total_results, 2);
    const page = expectOk(await ann.call('listInsightReportSingles', { params: { report_id: reportId }, query: { 'pagination.page': 2, 'pagination.per_page': 1 } }));
    assert.deepEqual(page.results?.map((result) => result.category_name), ['Age']);
    const cross = expectOk(await ann.call('getInsightReportCrossResult', { params: { report_id: reportId }, query: { category_1: 'Gender', category_2: 'Age' } }));
    assert.deepEqual(cross.result, {
      baseline_background: '4', category_name_1: 'Gender', category_name_2: 'Age', intersection_background: '1',
      values: [
        { baseline_foreground: '1', category_value_1: 'Female', category_value_2: '25', index: 400, intersection_foreground: '1' },
        { baseline_foreground: '1', category_value_1: 'Female', category_value_2: '45', index: 0, intersection_foreground: '0' },
        { baseline_foreground: '1', category_value_1: 'Male', category_value_2: '35', index: 0, intersection_foreground: '0' },
      ],
    });
  });

  it('lists and describes the company\'s reports, and hides them from other companies (404 like a missing one)', async () => {
    const list = expectOk(await ann.call('listInsightReports', {}));
    assert.deepEqual(list.reports?.map((report) => [report.report_id, report.report_name, report.owner_id, report.created_by]), [[reportId, 'Cyclists among my customers', 'CMP.a', 'USR.a']]);
    const definition = expectOk(await ann.call('getInsightReportDefinition', { params: { report_id: reportId } }));
    assert.deepEqual(
      [definition.seed, definition.baseline, definition.seed_filter, definition.baseline_filter, definition.categories, definition.report_name],
      [{ dataset_id: ids.news }, { dataset_id: ids.shop }, "Interest = 'Cycling'", "NOT Gender = 'Other'", ['Gender', 'Age'], 'Cyclists among my customers'],
    );
    assert.deepEqual(expectOk(await bo.call('listInsightReports', {})).reports, []);
    for (const missing of [reportId, 'RPT.none']) {
      const errors = [
        expectError(await bo.call('getInsightReportDefinition', { params: { report_id: missing } }), 'not-found'),
        expectError(await bo.call('getInsightReportStatus', { params: { report_id: missing } }), 'not-found'),
        expectError(await bo.call('listInsightReportSingles', { params: { report_id: missing } }), 'not-found'),
        expectError(await bo.call('getInsightReportCrossResult', { params: { report_id: missing }, query: { category_1: 'Gender', category_2: 'Age' } }), 'not-found'),
      ];
      for (const error of errors) assert.match(error.message, new RegExp(`unknown insight report '${missing.replace('.', '\\.')}'`));
    }
  });

  it('answers 401 to every operation without a known key', async () => {
    const params = { report_id: reportId };
    expectError(await stranger.call('listInsightReports', {}), 'unauthorized');
    expectError(await stranger.call('createInsightReport', { body: example() }), 'unauthorized');
    expectError(await stranger.call('getInsightReportDefinition', { params }), 'unauthorized');
    expectError(await stranger.call('getInsightReportStatus', { params }), 'unauthorized');
    expectError(await stranger.call('listInsightReportSingles', { params }), 'unauthorized');
    expectError(await stranger.call('getInsightReportCrossResult', { params, query: { category_1: 'Gender', category_2: 'Age' } }), 'unauthorized');
  });

  it('refuses with 403 a report on none of the caller\'s own datasets', async () => {
    const catalogOnlyShared = { ...example(), baseline: { dataset_id: ids.news }, categories: ['Interest'], baseline_filter: '' };
    const error = expectError(await ann.call('createInsightReport', { body: catalogOnlyShared }), 'forbidden');
    assert.match(error.message, /owns neither dataset/);
  });

  it('refuses bad input with 400 naming the field, and the filter\'s line and column', async () => {
    const refuse = async (body: object, pattern: RegExp, who = ann) => {
      const error = expectError(await who.call('createInsightReport', { body: { ...example(), ...body } }), 'invalid');
      assert.match(error.message, pattern);
    };
    await refuse({ seed_filter: "Interest = 'Cycling' AND" }, /seed_filter: line 1, column 25: Expected a condition/);
    await refuse({ baseline_filter: 'Gender =\n  Agee' }, /baseline_filter: line 2, column 3: /);
    await refuse({ baseline_filter: "Genderr = 'Male'" }, /baseline_filter: line 1, column 1: unknown category 'Genderr'/);
    await refuse({ seed_filter: "Age = 'x'" }, /seed_filter: line 1, column 1: unknown category 'Age'/);
    await refuse({ categories: ['Interest'] }, /categories\[0\]: 'Interest' is not a category of the baseline dataset/);
    await refuse({ categories: [] }, /categories: list at least one/);
    await refuse({ name: ' ' }, /name: give the report a name/);
    await refuse({ seed: { dataset_id: 'CLOUDA_EU_WEST_2.secret' } }, /seed\.dataset_id: unknown dataset/);
    await refuse({}, /seed\.dataset_id: unknown dataset/, cy);
    const cross = (query: Record<string, string>) => ann.call('getInsightReportCrossResult', { params: { report_id: reportId }, query });
    assert.match(expectError(await cross({ category_1: 'Gender' }), 'invalid').message, /category_2: name one of the report's categories/);
    assert.match(expectError(await cross({ category_1: 'Gender', category_2: 'Gender' }), 'invalid').message, /category_2: name a category other than/);
    assert.match(expectError(await cross({ category_1: 'Interest', category_2: 'Age' }), 'invalid').message, /category_1: 'Interest' is not a category of the report/);
  });

  it('answers results only once the report is complete: 400 with the status before', async () => {
    const fresh = expectOk(await ann.call('createInsightReport', { body: example() })).report_id ?? '';
    const early = expectError(await ann.call('listInsightReportSingles', { params: { report_id: fresh } }), 'invalid');
    assert.match(early.message, /is (WAITING|RUNNING): results are read once it is COMPLETED/);
    const earlyCross = expectError(await ann.call('getInsightReportCrossResult', { params: { report_id: fresh }, query: { category_1: 'Gender', category_2: 'Age' } }), 'invalid');
    assert.match(earlyCross.message, /results are read once it is COMPLETED/);
  });
});
