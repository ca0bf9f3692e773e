import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ResultsTabs } from '../../../../client/src/webviews/results-tabs';
import { asRestoredView, buildResultsView } from '../../../../client/src/webviews/results-view-model';
import type { RunRecord } from '../../../../client/src/runs/run-record';
import { succeededRun } from './webviews-fixture';

const run = (id: string, extra: Partial<RunRecord> = {}): RunRecord => ({ ...succeededRun(`SELECT COUNT() FROM Retail -- ${id}`, { dimensions: [], audience: 5 }), id, ...extra });
const ids = (tabs: ResultsTabs): string[] => tabs.list.map((tab) => tab.runId);

describe('ResultsTabs (Run All sections)', () => {
  it('keeps every run of one Run All, in order, a failure in its place with its message', () => {
    const tabs = new ResultsTabs();
    const batch = { batch: 'b1' };
    tabs.place(run('q1', { status: 'running', result: undefined }), batch);
    tabs.place(run('q1'), batch);
    tabs.place(run('q2', { status: 'failed', result: undefined, message: "unknown dataset 'Nope'" }), batch);
    tabs.place(run('q3'), batch);
    assert.deepEqual(ids(tabs), ['q1', 'q2', 'q3']);
    assert.equal(tabs.selected, 'q3');
    const failed = tabs.find('q2');
    assert.ok(failed && 'record' in failed);
    const view = buildResultsView(failed.record);
    assert.equal(view.status, 'failed');
    assert.equal(view.message, "unknown dataset 'Nope'");
  });

  it('starts over for a run outside the batch, and takes a later Run All only by its own batch', () => {
    const tabs = new ResultsTabs();
    tabs.place(run('q1'), { batch: 'b1' });
    tabs.place(run('q2'), { batch: 'b1' });
    assert.equal(tabs.takes({ batch: 'b1' }), true);
    assert.equal(tabs.takes({ batch: 'b2' }), false);
    tabs.place(run('single'));
    assert.deepEqual(ids(tabs), ['single']);
    assert.equal(tabs.takes({ batch: 'b1' }), false);
  });

  it('puts a re-run in place of the run it repeats, and keeps the tab the user picked while others update', () => {
    const tabs = new ResultsTabs();
    for (const id of ['q1', 'q2', 'q3']) tabs.place(run(id), { batch: 'b' });
    assert.equal(tabs.select('q1'), true);
    assert.equal(tabs.select('nope'), false);
    tabs.place(run('q3', { serviceId: 'Q-9' }));
    assert.equal(tabs.selected, 'q1');
    assert.equal(tabs.takes({ replaces: 'q2' }), true);
    tabs.place(run('q2-again'), { replaces: 'q2' });
    assert.deepEqual(ids(tabs), ['q1', 'q2-again', 'q3']);
    assert.equal(tabs.selected, 'q2-again');
  });

  it('restores saved views, which can no longer be cancelled and say a running run is not followed', () => {
    const running = buildResultsView(run('r1', { status: 'running', result: undefined }), { cancellable: true });
    assert.equal(running.actions.cancel, true);
    const tabs = new ResultsTabs();
    tabs.restore([asRestoredView(running)], 'r1');
    const tab = tabs.find('r1');
    assert.ok(tab && 'restored' in tab);
    assert.equal(tab.restored.actions.cancel, false);
    assert.equal(tab.restored.actions.rerun, true);
    assert.match(tab.restored.statusText, /no longer follows it/);
    assert.equal(tabs.selected, 'r1');
  });
});
