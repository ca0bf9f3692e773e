import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { QueryResult } from '../../../../common/api';
import { buildResultsView, describeRunTarget, groupDigits } from '../../../../client/src/webviews/results-view-model';
import type { RunRecord } from '../../../../client/src/runs/run-record';
import { HOSTILE_NAME, startWebviewsEmulator, succeededRun } from './webviews-fixture';
import type { WebviewsEmulator } from './webviews-fixture';

const at = (hh: number, mm: number, ss: number): number => Date.UTC(2025, 0, 1, hh, mm, ss);
const formatTime = (ms: number): string => new Date(ms).toISOString().slice(11, 19);

describe('buildResultsView, on runs against the emulator', () => {
  let emulator: WebviewsEmulator;
  before(async () => {
    emulator = await startWebviewsEmulator();
  });
  after(async () => {
    await emulator.close();
  });

  it("shows the service's audience, a row per bin and a chart per dimension", async () => {
    const query = 'SELECT AGGREGATE(Retail.Gender, Retail.Age {18, 40, 90}) FROM Retail';
    const result = await emulator.run(query);
    const view = buildResultsView(succeededRun(query, result), { formatTime });
    assert.equal(view.status, 'succeeded');
    assert.equal(view.statusText, 'Query finished at 10:00:02 in 2.0 s.');
    assert.ok(view.insight);
    assert.equal(view.insight.audience?.value, String(result.audience));
    assert.equal(view.insight.audience?.display, groupDigits(String(result.audience)));
    assert.deepEqual(
      view.insight.columns.map(({ title, kind }) => ({ title, kind })),
      [
        { title: 'Retail.Gender', kind: 'dimension' },
        { title: 'Retail.Age', kind: 'dimension' },
        { title: 'count', kind: 'count' },
      ],
    );
    assert.match(view.insight.columns[2].description ?? '', /redaction threshold/);
    const leaves = result.dimensions.flatMap((gender) => (gender.dimensions ?? []).map((age) => [gender.value, age.value, String(age.count)]));
    assert.deepEqual(view.insight.rows.map((row) => row.cells), leaves);
    assert.ok(view.insight.quality.some((measure) => measure.field === 'model_accuracy' && measure.value === '100%'));
    assert.deepEqual(view.actions, { table: true, json: true, markdown: true, cancel: false, rerun: true });
    assert.deepEqual(view.rerun, { query, kind: 'insight', target: { profile: 'emulator' }, documentUri: 'file:///work/q.iql' });
  });

  it('writes the audience in the editor\'s locale, exact digits kept for hover and exports', async () => {
    const query = 'SELECT COUNT() FROM Retail';
    const result = await emulator.run(query);
    const view = buildResultsView(succeededRun(query, result), { locale: 'de' });
    assert.equal(view.insight?.audience?.value, String(result.audience));
    assert.equal(view.insight?.audience?.display, new Intl.NumberFormat('de').format(Number(result.audience)));
  });

  it('explains user_average and value_average in their header hover, in the reference\'s words', async () => {
    const query = 'SELECT SUM(Retail.Spend), AVG(Retail.Spend) FROM Retail';
    const result = await emulator.run(query);
    const view = buildResultsView(succeededRun(query, result));
    const described = new Map(view.insight?.columns.map((column) => [column.title, column.description ?? '']));
    assert.deepEqual([...described.keys()], ['count', 'sum', 'user_average', 'value_average']);
    assert.match(described.get('user_average') ?? '', /SUM divided by the number of unique individuals having a value/);
    assert.match(described.get('value_average') ?? '', /SUM divided by the number of values that contributed/);
    assert.match(described.get('sum') ?? '', /total of the individuals' values/);
  });

  it('marks the bins the plan announced and the result left out, and states the thresholds from the plan', async () => {
    // Nobody in the demo is under 18, so [0, 10) and [10, 18) are always left out.
    const query = 'SELECT AGGREGATE(Retail.Gender, Retail.Age {0, 10, 18, 60}) FROM Retail';
    const [result, plan] = await Promise.all([emulator.run(query), emulator.explain(query)]);
    const view = buildResultsView(succeededRun(query, result), { plan });
    assert.ok(view.insight);
    const missing = view.insight.rows.filter((row) => row.mark === 'missing');
    for (const gender of result.dimensions) {
      const expected = ['[0, 10)', '[10, 18)', '[18, 60)'].filter((bin) => !(gender.dimensions ?? []).some((age) => age.value === bin));
      assert.deepEqual(missing.filter((row) => row.cells[0] === gender.value).map((row) => row.cells), expected.map((bin) => [gender.value, bin, null]));
      // Each left-out bin sits right after the last returned bin of its parent.
      const indexes: number[] = view.insight.rows.map((row, index) => (row.cells[0] === gender.value ? index : -1)).filter((index) => index >= 0);
      assert.deepEqual(indexes, indexes.map((_, offset) => indexes[0] + offset), `the rows of ${gender.value} are together`);
    }
    assert.ok(view.insight.notes.some((note) => /missing from the result: redacted \(below the redaction threshold\) or empty/.test(note)));
    assert.equal(view.thresholds?.source, 'plan');
    const redaction = view.thresholds?.facts.find((fact) => fact.label === 'Redaction threshold');
    assert.equal(redaction?.value, String(plan.query_plan?.results?.redaction_threshold?.threshold));
    assert.match(redaction?.detail ?? '', /Retail \d+/);
  });

  it('lists no left-out bin for TOPN, which leaves bins out by design', async () => {
    const query = 'SELECT TOPN(Retail.Region, 2) FROM Retail';
    const [result, plan] = await Promise.all([emulator.run(query), emulator.explain(query)]);
    const view = buildResultsView(succeededRun(query, result), { plan });
    assert.equal(view.insight?.rows.length, 2);
    assert.ok(view.insight?.rows.every((row) => row.mark === undefined));
  });

  it('shows a COUNT as one total row', async () => {
    const query = 'SELECT COUNT() FROM Retail INTERSECT Publisher1';
    const result = await emulator.run(query);
    const view = buildResultsView(succeededRun(query, result));
    assert.deepEqual(view.insight?.columns.map(({ title, kind }) => ({ title, kind })), [{ title: 'count', kind: 'count' }]);
    assert.deepEqual(view.insight?.rows, [{ cells: [String(result.audience)] }]);
  });
});

describe('buildResultsView, by status', () => {
  const base: RunRecord = { id: 'r', query: 'SELECT COUNT() FROM Retail', kind: 'insight', target: {}, startedAt: at(9, 30, 5), status: 'running' };

  it('shows a running run with its start and nothing to export', () => {
    const view = buildResultsView(base, { formatTime });
    assert.equal(view.statusText, 'Query running since 09:30:05…');
    assert.equal(view.insight, undefined);
    assert.equal(view.message, undefined);
    assert.deepEqual(view.actions, { table: false, json: false, markdown: false, cancel: false, rerun: false });
    assert.equal(buildResultsView(base, { cancellable: true }).actions.cancel, true);
    assert.equal(view.target, 'the default profile');
  });

  it("shows a failure's message verbatim", () => {
    const message = "unknown dataset 'Nope'; did you mean <img src=x onerror=alert(1)>?\n  at line 1";
    const view = buildResultsView({ ...base, status: 'failed', finishedAt: at(9, 30, 6), message }, { formatTime });
    assert.equal(view.message, message);
    assert.equal(view.statusText, 'Query failed at 09:30:06 in 1.0 s.');
    assert.deepEqual(view.actions, { table: false, json: false, markdown: false, cancel: false, rerun: true });
  });

  it('shows a cancellation with its reason', () => {
    const view = buildResultsView({ ...base, status: 'cancelled', finishedAt: at(9, 31, 0), message: 'Cancelled; the service may still finish it.' }, { formatTime });
    assert.equal(view.status, 'cancelled');
    assert.equal(view.message, 'Cancelled; the service may still finish it.');
  });
});

describe('buildResultsView, on what the service may send', () => {
  it('keeps every value from the service as plain text, HTML included', () => {
    const result: QueryResult = {
      dimensions: [{ value: HOSTILE_NAME, category: HOSTILE_NAME, private_id: 'Hostile', count: 12, dimensions: [{ value: '<script>alert(2)</script>', category: 'Score', private_id: 'Hostile', count: 12 }] }],
      audience: 12,
    };
    const view = buildResultsView(succeededRun(`SELECT AGGREGATE(Hostile."${HOSTILE_NAME}", Hostile.Score) FROM Hostile`, result, { target: { profile: HOSTILE_NAME } }));
    assert.deepEqual(view.insight?.rows, [{ cells: [HOSTILE_NAME, '<script>alert(2)</script>', '12'] }]);
    assert.equal(view.insight?.columns[0].title, `Hostile.${HOSTILE_NAME}`);
    assert.equal(view.target, `profile '${HOSTILE_NAME}'`);
  });

  it('explains an audience of 0 and, without a plan, says what the result implies about thresholds', () => {
    const view = buildResultsView(succeededRun('SELECT COUNT() FROM Retail', { dimensions: [], audience: 0, quality_measures: { redaction_threshold_outlier: 0.25 } }));
    assert.match(view.insight?.audience?.note ?? '', /fewer individuals than the redaction threshold/);
    assert.equal(view.thresholds?.source, 'result');
    assert.deepEqual(view.thresholds?.facts.map((fact) => [fact.label, fact.value]), [['Redacted share', '25%']]);
  });

  it('shows an activation: rows, status, output columns, pushes and export details', () => {
    const record: RunRecord = {
      id: 'a',
      query: 'SELECT Retail.ID FROM Retail INTERSECT Publisher1',
      kind: 'activation',
      target: { profile: 'emulator', collaboration: 'CLB.1' },
      startedAt: at(8, 0, 0),
      finishedAt: at(8, 0, 3),
      status: 'succeeded',
      audience: '1570',
      activation: {
        summary: { status: 'QUERY_COMPLETED', total_rows: 1570, results_expired: false, column_separator: '\t', campaign_name: 'spring' },
        output_columns: ['Retail.ID'],
        pushes: [
          { connector_type: 's3', status: 'PUSH_PENDING', pushed_at: '2025-01-01T08:00:04Z' },
          { connector_type: 'gcs', push_successful: false, push_error: { message: 'bucket missing' } },
        ],
      },
    };
    const view = buildResultsView(record, { formatTime });
    assert.equal(view.statusText, 'Activation finished at 08:00:03 in 3.0 s.');
    assert.equal(view.target, "profile 'emulator', collaboration 'CLB.1'");
    const facts = Object.fromEntries(view.activation?.facts.map((fact) => [fact.label, fact.value]) ?? []);
    assert.equal(facts.Rows, '1,570');
    assert.equal(facts.Status, 'QUERY_COMPLETED');
    assert.equal(facts['Results expired'], 'no');
    assert.equal(facts['Column separator'], '"\\t"');
    assert.deepEqual(view.activation?.outputColumns, ['Retail.ID']);
    assert.deepEqual(view.activation?.pushes.map((push) => push.outcome), ['pending', 'failed: bucket missing']);
    assert.equal(view.thresholds, undefined);
    assert.deepEqual(view.actions, { table: false, json: true, markdown: true, cancel: false, rerun: true });
  });
});

describe('describeRunTarget and groupDigits', () => {
  it('say the target and group digits without rounding', () => {
    assert.equal(describeRunTarget({ profile: 'staging' }), "profile 'staging'");
    assert.equal(groupDigits('12345678901234567890'), '12,345,678,901,234,567,890');
    assert.equal(groupDigits('999'), '999');
    assert.equal(groupDigits('n/a'), 'n/a');
  });
});
