import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { limitRenderedText, parseHostMessage, parseWebviewMessage } from '../../../common/webview/messages';
import { buildResultsView } from '../../../client/src/webviews/results-view-model';
import { succeededRun } from '../client/webviews/webviews-fixture';

const RESULT = { dimensions: [{ value: 'Female', category: 'Gender', private_id: 'Retail', count: 1030 }], audience: 3100, quality_measures: { model_accuracy: 1 } };

describe('parseWebviewMessage', () => {
  it('accepts each message the pages send', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'ready' }), { type: 'ready' });
    for (const message of [
      { type: 'export', runId: 'r', format: 'csv', rows: [0] },
      { type: 'export', runId: 'r', format: 'excel', rows: [] },
      { type: 'export', runId: 'r', format: 'json', rows: [1, 0] },
      { type: 'copyMarkdown', runId: 'r', rows: [0] },
      { type: 'copyRows', runId: 'r', rows: [0], columns: [1], headers: true },
      { type: 'selectRun', runId: 'r' },
      { type: 'cancelRun', runId: 'r' },
      { type: 'rerun', runId: 'r' },
    ]) {
      assert.deepEqual(parseWebviewMessage(message), message);
    }
    assert.deepEqual(parseWebviewMessage({ type: 'rendered', id: 'run-1', text: 'Audience 3,100' }), { type: 'rendered', id: 'run-1', text: 'Audience 3,100' });
  });

  it('refuses anything else without throwing', () => {
    for (const raw of [undefined, null, 'ready', 42, [], {}, { type: 'exec', command: 'rm' }, { type: 'export', runId: 'r', format: 'xlsx', rows: [] }, { type: 'export', format: 'csv', rows: [] }, { type: 'copyRows', runId: 'r', rows: ['0'], headers: true }, { type: 'rerun' }, { type: 'rendered', id: 1, text: '' }, { type: 'rendered', id: 'x'.repeat(201), text: '' }, { type: 'rendered', id: 'x', text: 'y'.repeat(200_001) }]) {
      assert.equal(parseWebviewMessage(raw), undefined, JSON.stringify(raw)?.slice(0, 80));
    }
  });

  it('drops fields the protocol does not know', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'export', runId: 'r', format: 'csv', rows: [2, 0], path: '/etc/passwd' }), { type: 'export', runId: 'r', format: 'csv', rows: [2, 0] });
  });
});

describe('parseHostMessage', () => {
  it('accepts a results view the host builds', () => {
    const view = buildResultsView(succeededRun('SELECT AGGREGATE(Retail.Gender) FROM Retail', RESULT));
    const page = { views: [view], selected: view.runId, locale: 'en' };
    const parsed = parseHostMessage({ type: 'showResults', page });
    assert.ok(parsed && parsed.type === 'showResults');
    assert.deepEqual(parsed.page, page);
  });

  it('keeps the revision the panel host stamps on a view, within its bound', () => {
    const view = buildResultsView(succeededRun('SELECT COUNT() FROM Retail', RESULT));
    const message = { type: 'showResults', page: { views: [view], selected: view.runId, locale: 'en' }, revision: 'abc==12' };
    assert.equal(parseHostMessage(message)?.revision, 'abc==12');
    assert.equal(parseHostMessage({ ...message, revision: 'r'.repeat(101) }), undefined);
    assert.equal(parseHostMessage({ ...message, revision: 12 }), undefined);
  });

  it('refuses a view of the wrong shape or an unknown type', () => {
    const view = buildResultsView(succeededRun('SELECT COUNT() FROM Retail', RESULT));
    const page = (changed: unknown): unknown => ({ type: 'showResults', page: { views: [changed], selected: view.runId, locale: 'en' } });
    assert.equal(parseHostMessage(page({ ...view, status: 'exploded' })), undefined);
    assert.equal(parseHostMessage(page({ ...view, insight: { ...view.insight, rows: [{ cells: [1] }] } })), undefined);
    assert.equal(parseHostMessage({ type: 'showResults', view }), undefined);
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
