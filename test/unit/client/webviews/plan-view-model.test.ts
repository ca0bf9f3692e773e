import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { buildPlanView, MAX_LISTED_BINS } from '../../../../client/src/webviews/plan-view-model';
import { parseHostMessage } from '../../../../common/webview/messages';
import { HOSTILE_NAME, startWebviewsEmulator } from './webviews-fixture';
import type { WebviewsEmulator } from './webviews-fixture';

describe('buildPlanView', () => {
  let emulator: WebviewsEmulator;
  before(async () => {
    emulator = await startWebviewsEmulator();
  });
  after(async () => {
    await emulator.close();
  });

  it('shows the dimensions with representation and bins, marking what the service inferred', async () => {
    const query = "SELECT AGGREGATE(Retail.Gender, Retail.Age {18, 30, 50}) FROM Retail INTERSECT Publisher1 WHERE Retail.Region = 'Scotland'";
    const plan = await emulator.explain(query);
    const built = buildPlanView({ id: 'plan-1', query, target: { profile: 'emulator' }, plan });
    assert.ok(built.ok);
    const { view } = built;
    assert.equal(view.query, query);
    assert.equal(view.target, "profile 'emulator'");
    assert.equal(view.audience, 'Retail INTERSECT Publisher1');
    assert.equal(view.countedIn, 'Retail');
    assert.equal(view.filter, "Retail.Region = 'Scotland'");
    const [gender, age] = view.dimensions;
    assert.equal(gender.category, 'Gender');
    assert.equal(gender.dataset, 'Retail');
    assert.equal(gender.binsInferred, true);
    assert.ok(gender.bins.includes('Female'));
    assert.equal(gender.representation, 'Gender');
    assert.equal(gender.representationInferred, true);
    assert.deepEqual(age.bins, ['[18, 30)', '[30, 50)']);
    assert.equal(age.binsInferred, false, 'bins written in the query are not inferred');
    assert.deepEqual(view.thresholds.map((fact) => fact.label), ['Redaction threshold', 'Rounding threshold']);
    assert.deepEqual(view.graph.nodes.map((node) => node.label), ['Retail', 'Publisher1']);
    assert.ok(parseHostMessage({ type: 'showPlan', view }), 'the view passes the webview protocol');
  });

  it('lists at most a few hundred bins of a category with thousands of values, and counts them all', async () => {
    const query = 'SELECT AGGREGATE(Bank.Income) FROM Bank';
    const plan = await emulator.explain(query);
    const built = buildPlanView({ id: 'plan-2', query, target: {}, plan });
    assert.ok(built.ok);
    const income = built.view.dimensions[0];
    assert.ok(income.binCount > MAX_LISTED_BINS, `the demo's incomes have many values (${income.binCount})`);
    assert.equal(income.bins.length, MAX_LISTED_BINS);
  });

  it('keeps a dataset named like HTML as plain text everywhere', () => {
    const plan = {
      query_plan: {
        plan: { private_id: HOSTILE_NAME, aggregation_joins: { from_private_id: HOSTILE_NAME, to_private_id: HOSTILE_NAME } },
        results: { dimensions: [{ private_id: HOSTILE_NAME, category: '<b>Score</b>', bins: ['<i>1</i>'] }], redaction_threshold: { threshold: 10, datasets: [{ private_id: HOSTILE_NAME, threshold: 10 }] } },
      },
      hop_table: [],
    };
    const built = buildPlanView({ id: 'p', query: `SELECT AGGREGATE(Score) FROM ${HOSTILE_NAME}`, target: {}, plan });
    assert.ok(built.ok);
    assert.equal(built.view.countedIn, HOSTILE_NAME);
    assert.equal(built.view.audience, HOSTILE_NAME);
    assert.equal(built.view.graph.nodes[0].label, HOSTILE_NAME);
    assert.equal(built.view.dimensions[0].dataset, HOSTILE_NAME);
    assert.deepEqual(built.view.dimensions[0].bins, ['<i>1</i>']);
    assert.match(built.view.thresholds[0].detail ?? '', /<img src=x onerror=alert\(1\)> 10/);
  });

  it('refuses an answer that is not a plan, with a sentence for people', () => {
    const built = buildPlanView({ id: 'p', query: 'q', target: {}, plan: { query_plan: { plan: { aggregation_joins: { id: 'one' } } } } });
    assert.equal(built.ok, false);
    assert.match(built.ok ? '' : built.message, /cannot read/);
  });
});
