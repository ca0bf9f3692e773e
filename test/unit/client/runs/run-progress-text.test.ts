import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeRunProgress, describeRunTitle } from '../../../../client/src/runs/run-progress-text';
import { createRunRecord } from '../../../../client/src/runs/run-transitions';

const record = createRunRecord({ query: 'SELECT COUNT() FROM Retail\nWHERE Age > 3', kind: 'insight', target: {} }, 'r', 0);

test('the title names the query by its first line, and says when local checks found errors', () => {
  assert.equal(describeRunTitle(record, false), 'Running query: SELECT COUNT() FROM Retail');
  assert.equal(describeRunTitle(record, true), 'Running query (local checks found errors; sent anyway, the service decides): SELECT COUNT() FROM Retail');
  assert.match(describeRunTitle({ ...record, kind: 'activation' }, false), /^Running activation: /);
});

test('the message gives the phase, the elapsed time and the service id', () => {
  assert.equal(describeRunProgress(undefined, 0), 'starting · 0 ms');
  assert.equal(describeRunProgress({ phase: 'submit', attempt: 1, elapsedMs: 3 }, 120), 'sending to the service · 120 ms');
  assert.equal(describeRunProgress({ phase: 'poll', attempt: 3, elapsedMs: 4000, id: 'Q-1' }, 4200), 'waiting for the service (check 3) · 4.2 s · Q-1');
  assert.equal(describeRunProgress({ phase: 'result', attempt: 1, elapsedMs: 5000, id: 'Q-1' }, 5100), 'fetching the result · 5.1 s · Q-1');
  assert.equal(describeRunProgress({ phase: 'result', attempt: 2, elapsedMs: 5000 }, 5100, 'Q-2'), 'fetching the result (try 2) · 5.1 s · Q-2');
});
