import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseHostMessage, parseWebviewMessage } from '../../../common/webview/messages';
import { buildReportView } from '../../../client/src/webviews/report-view-model';
import { reportResultsDocument } from '../../../client/src/reports/report-results';

describe('insight report panel messages, page → host', () => {
  it('accepts a pair of categories to cross and the export request', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'reportCross', categories: ['Region', 'Loyalty Member'] }), { type: 'reportCross', categories: ['Region', 'Loyalty Member'] });
    assert.deepEqual(parseWebviewMessage({ type: 'exportReport' }), { type: 'exportReport' });
  });

  it('refuses anything but two category names of reasonable length', () => {
    for (const categories of [['Region'], ['A', 'B', 'C'], ['A', 3], 'Region', ['A', 'x'.repeat(501)]]) {
      assert.equal(parseWebviewMessage({ type: 'reportCross', categories }), undefined, JSON.stringify(categories).slice(0, 60));
    }
    assert.equal(parseWebviewMessage({ type: 'reportCross' }), undefined);
  });

  it('drops fields the protocol does not know: the export goes where the host says', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'exportReport', target: '/etc/passwd' }), { type: 'exportReport' });
  });
});

describe('insight report panel messages, host → page', () => {
  const results = reportResultsDocument('IR.one', '<img src=x onerror=alert(1)>', 'COMPLETED', [
    { category_name: 'Region', baseline_background: 10, intersection_background: 5, values: [{ category_value: '<b>North</b>', baseline_foreground: 4, intersection_foreground: 3, index: 150 }] },
  ]);
  const view = buildReportView(results, ['Region', 'Loyalty Member'], { pair: ['Region', 'Loyalty Member'], loading: true }, 'IR.one#1:loading');

  it('carries the view the host builds, markup in values kept as text', () => {
    const message = { type: 'showReport', view };
    assert.deepEqual(parseHostMessage(message), message);
    assert.equal(view.name, '<img src=x onerror=alert(1)>');
    assert.equal(view.singles[0]?.rows[0]?.value, '<b>North</b>');
  });

  it('refuses a view that is not one', () => {
    assert.equal(parseHostMessage({ type: 'showReport', view: { ...view, singles: 'none' } }), undefined);
    assert.equal(parseHostMessage({ type: 'showReport', view: { ...view, pair: ['Region'] } }), undefined);
    assert.equal(parseHostMessage({ type: 'showReport', view: { ...view, loading: 'no' } }), undefined);
  });
});
