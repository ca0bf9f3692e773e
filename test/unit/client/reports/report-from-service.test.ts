/**
 * "Open Insight Report from Service…" writes the file of a report that exists: the text comes
 * from Get Insight Report Definition (report-file.ts `reportFileTextFromDefinition`), checked
 * here against the emulator on the tiny folder: the file reads back as the same report, with
 * its id (so the lenses offer Refresh Status and Open Results) and its filters exactly as sent.
 * A refusal of Create for a filter, which names its line and column in the filter's text, is
 * underlined on the exact characters of the JSON string (report-file.ts `locateReportRefusal`).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { locateReportRefusal, readReportFile, reportFileTextFromDefinition } from '../../../../client/src/reports/report-file';
import { startTestServer, type TestServer } from '../../emulator/test-server';
import { expectError, expectOk } from '../../service/demo-emulator';
import { createTestClient, type TestClient } from '../../service/test-client';
import { listDatasetsV2 } from '../../../../service/src';

/** Runs `check` with a client of Alpha's (key-a) on an emulator of the tiny folder, closing both after. */
async function withTinyService(check: (made: TestClient) => Promise<void>): Promise<void> {
  const server: TestServer = await startTestServer();
  const made = createTestClient(server.base, {}, 'key-a');
  try {
    await check(made);
  } finally {
    await made.close();
    await server.close();
  }
}

describe('an insight report from the service as a file', () => {
  it('lists the report, reads its definition and writes a file that reads back as that report, with its id', () => withTinyService(async ({ client }) => {
    const datasets = expectOk(await listDatasetsV2(client)).datasets ?? [];
    const shop = datasets.find((dataset) => dataset.private_id === 'Shop')?.dataset_id ?? '';
    const audience = { dataset_id: shop };
    // A name and a filter that need escapes in JSON: a quote and a line break.
    const body = { name: 'Women "over" 30', seed: audience, seed_filter: "Gender = 'F'\n  AND Age > 30", baseline: audience, baseline_filter: '', categories: ['Age', 'Gender'] };
    const id = expectOk(await client.call('createInsightReport', { body })).report_id ?? '';
    const listed = expectOk(await client.call('listInsightReports', {})).reports ?? [];
    assert.ok(listed.some((report) => report.report_id === id && report.report_name === body.name), JSON.stringify(listed));

    const definition = expectOk(await client.call('getInsightReportDefinition', { params: { report_id: id } }));
    const text = reportFileTextFromDefinition('Local emulator', definition);
    assert.deepEqual(Object.keys(JSON.parse(text) as object), ['$schema', 'id', 'name', 'seed', 'seed_filter', 'baseline', 'baseline_filter', 'categories']);
    assert.match(text, /"seed_filter": "Gender = 'F'\\n {2}AND Age > 30"/, 'the filter is one JSON string, its newline escaped');
    const read = readReportFile(text);
    assert.ok(read.ok, JSON.stringify(read));
    assert.deepEqual(read.draft, { id, profile: 'Local emulator', body });
  }));

  it('underlines the exact characters a refused filter names, through the escapes of its JSON string', () => withTinyService(async ({ client }) => {
    const shop = (expectOk(await listDatasetsV2(client)).datasets ?? []).find((dataset) => dataset.private_id === 'Shop')?.dataset_id ?? '';
    const refusedBy = async (file: object) => {
      const text = `${JSON.stringify({ $schema: 'iql-schema:/demo/reports/insight.schema.json', ...file }, null, 2)}\n`;
      const message = expectError(await client.call('createInsightReport', { body: file as never }), 'invalid').message;
      const problem = locateReportRefusal(text, message);
      return { message, underlined: text.slice(problem.offset, problem.offset + problem.length) };
    };
    const report = { name: 'R', seed: { dataset_id: shop }, seed_filter: '', baseline: { dataset_id: shop }, baseline_filter: '', categories: ['Age'] };
    // Line 2 of the filter, after a quoted value with escaped quotes and a tab: the JSON string holds \" \t and \n.
    const unknown = await refusedBy({ ...report, baseline_filter: 'Gender = \'say "F"\'\tOR\n  Agee > 30' });
    assert.match(unknown.message, /^baseline_filter: line 2, column 3: unknown category 'Agee'/);
    assert.equal(unknown.underlined, 'Agee');
    const quoted = await refusedBy({ ...report, seed_filter: '"Gen\\der" = \'F\'' });
    assert.match(quoted.message, /^seed_filter: line 1, column 1: /);
    assert.equal(quoted.underlined, '\\"Gen\\\\der\\"', 'a quoted name whole, its escapes included');
    const end = await refusedBy({ ...report, seed_filter: "Gender = 'F' AND" });
    assert.match(end.message, /^seed_filter: line 1, column 17: /);
    assert.equal(end.underlined, '', 'at the end of the filter: an empty span before the closing quote');
    const named = await refusedBy({ ...report, categories: ['Nope'] });
    assert.equal(named.underlined, '"Nope"', 'other refusals point where locateServiceMessage says');
  }));
});
