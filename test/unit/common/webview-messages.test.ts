import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { limitRenderedText, parseHostMessage, parseWebviewMessage } from '../../../common/webview/messages';
import { buildResultsView } from '../../../client/src/webviews/results-view-model';
import { succeededRun } from '../client/webviews/webviews-fixture';

const RESULT = { dimensions: [{ value: 'Female', category: 'Gender', private_id: 'Retail', count: 1030 }], audience: 3100, quality_measures: { model_accuracy: 1 } };

describe('parseWebviewMessage', () => {
  it('accepts each message the pages send', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(parseWebviewMessage({ type: 'export', format: 'csv' }), { type: 'export', format: 'csv' });
    assert.deepEqual(parseWebviewMessage({ type: 'export', format: 'json' }), { type: 'export', format: 'json' });
    assert.deepEqual(parseWebviewMessage({ type: 'copyMarkdown' }), { type: 'copyMarkdown' });
    assert.deepEqual(parseWebviewMessage({ type: 'rendered', id: 'run-1', text: 'Audience 3,100' }), { type: 'rendered', id: 'run-1', text: 'Audience 3,100' });
  });

  it('refuses anything else without throwing', () => {
    for (const raw of [undefined, null, 'ready', 42, [], {}, { type: 'exec', command: 'rm' }, { type: 'export', format: 'xlsx' }, { type: 'export' }, { type: 'rendered', id: 1, text: '' }, { type: 'rendered', id: 'x'.repeat(201), text: '' }, { type: 'rendered', id: 'x', text: 'y'.repeat(200_001) }]) {
      assert.equal(parseWebviewMessage(raw), undefined, JSON.stringify(raw)?.slice(0, 80));
    }
  });

  it('drops fields the protocol does not know', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'export', format: 'csv', path: '/etc/passwd' }), { type: 'export', format: 'csv' });
  });
});

describe('parseHostMessage', () => {
  it('accepts a results view the host builds', () => {
    const view = buildResultsView(succeededRun('SELECT AGGREGATE(Retail.Gender) FROM Retail', RESULT));
    const parsed = parseHostMessage({ type: 'showResults', view });
    assert.ok(parsed && parsed.type === 'showResults');
    assert.deepEqual(parsed.view, view);
  });

  it('refuses a view of the wrong shape or an unknown type', () => {
    const view = buildResultsView(succeededRun('SELECT COUNT() FROM Retail', RESULT));
    assert.equal(parseHostMessage({ type: 'showResults', view: { ...view, status: 'exploded' } }), undefined);
    assert.equal(parseHostMessage({ type: 'showResults', view: { ...view, insight: { ...view.insight, rows: [{ cells: [1] }] } } }), undefined);
    assert.equal(parseHostMessage({ type: 'showPlan', view }), undefined);
    assert.equal(parseHostMessage({ type: 'eval', code: 'alert(1)' }), undefined);
  });
});

describe('limitRenderedText', () => {
  it('keeps what a rendered message may carry', () => {
    const text = limitRenderedText('z'.repeat(300_000));
    assert.ok(parseWebviewMessage({ type: 'rendered', id: 'r', text }));
    assert.equal(limitRenderedText('short'), 'short');
  });
});
