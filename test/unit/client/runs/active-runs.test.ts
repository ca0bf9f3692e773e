import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ActiveRuns } from '../../../../client/src/runs/active-runs';
import { createRunRecord, withServiceId } from '../../../../client/src/runs/run-transitions';

const run = (id: string) => createRunRecord({ query: 'SELECT COUNT() FROM A', kind: 'insight', target: {} }, id, 0);

test('runs are tracked from start to finish, and cancel aborts the right one', () => {
  const active = new ActiveRuns();
  let changes = 0;
  const unsubscribe = active.onDidChange(() => (changes += 1));
  const first = active.start(run('a'));
  const second = active.start(run('b'));
  assert.equal(active.size, 2);
  assert.equal(active.cancel('a'), true);
  assert.equal(first.aborted, true);
  assert.equal(second.aborted, false);
  assert.equal(active.cancel('nope'), false);
  active.finish({ ...run('a'), status: 'cancelled' });
  assert.deepEqual(active.list().map((r) => r.id), ['b']);
  assert.equal(active.isActive('a'), false);
  assert.equal(changes, 3, 'two starts and one finish');
  unsubscribe();
  active.finish(run('b'));
  assert.equal(changes, 3);
  assert.equal(active.size, 0);
});

test('the last started run is remembered in its newest state, even after it ends', () => {
  const active = new ActiveRuns();
  assert.equal(active.lastStarted(), undefined);
  active.start(run('a'));
  active.start(run('b'));
  active.update(withServiceId(run('b'), 'Q7'));
  assert.equal(active.lastStarted()?.serviceId, 'Q7');
  active.finish({ ...run('b'), status: 'succeeded', serviceId: 'Q7' });
  assert.equal(active.lastStarted()?.status, 'succeeded');
  active.update(withServiceId(run('zzz'), 'Q1'));
  assert.equal(active.lastStarted()?.id, 'b', 'an unknown run changes nothing');
});

test('cancelAll aborts every run', () => {
  const active = new ActiveRuns();
  const signals = [active.start(run('a')), active.start(run('b'))];
  active.cancelAll();
  assert.ok(signals.every((signal) => signal.aborted));
});
