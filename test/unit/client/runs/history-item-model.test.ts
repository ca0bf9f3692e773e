import assert from 'node:assert/strict';
import { test } from 'node:test';
import { describeHistoryEntry, describeHistoryPick, describeTarget, displayStatusOf, firstQueryLine, formatDuration, formatRunTime, groupDigits, oneLineQuery } from '../../../../client/src/runs/history-item-model';
import type { RunRecord } from '../../../../client/src/runs/run-record';

const started = new Date(2025, 2, 4, 14, 3, 9).getTime();
const record: RunRecord = {
  id: 'r1',
  query: '\n  SELECT COUNT() FROM Retail INTERSECT Bank\n  WHERE Retail.Age > 30\n',
  kind: 'insight',
  target: { profile: 'staging', collaboration: 'CLB.7f3a2c' },
  startedAt: started,
  finishedAt: started + 2300,
  status: 'succeeded',
  serviceId: 'Q-81f',
  audience: '1130',
};
const nobodyRuns = { isActive: () => false, now: started + 60_000 };

test('a finished run: the whole query on one line, target · time · duration · status · audience, and a plain tooltip with the full query', () => {
  const item = describeHistoryEntry({ record, resultKept: true }, nobodyRuns);
  assert.equal(item.label, 'SELECT COUNT() FROM Retail INTERSECT Bank WHERE Retail.Age > 30');
  assert.equal(item.description, 'staging / CLB.7f3a2c · 14:03 · 2.3 s · succeeded · audience 1,130');
  assert.equal(item.contextValue, 'iql.run.withResult');
  assert.equal(item.icon, 'pass');
  assert.equal(
    item.tooltip,
    'SELECT COUNT() FROM Retail INTERSECT Bank\n  WHERE Retail.Age > 30\n\nTarget: staging / CLB.7f3a2c\nStarted: 2025-03-04 14:03:09 (took 2.3 s)\nStatus: succeeded\nQuery ID: Q-81f\nAudience 1,130',
  );
});

test('a run without a kept result offers no "Open Result"', () => {
  assert.equal(describeHistoryEntry({ record, resultKept: false }, nobodyRuns).contextValue, 'iql.run');
});

test('a stored running run is interrupted unless it runs in this window', () => {
  const runningRecord: RunRecord = { ...record, status: 'running', finishedAt: undefined, audience: undefined };
  const interrupted = describeHistoryEntry({ record: runningRecord, resultKept: false }, nobodyRuns);
  assert.equal(interrupted.status, 'interrupted');
  assert.equal(interrupted.description, 'staging / CLB.7f3a2c · 14:03 · interrupted');
  assert.match(interrupted.tooltip, /service may still have finished it/);
  const live = describeHistoryEntry({ record: runningRecord, resultKept: false }, { isActive: (id) => id === 'r1', now: started });
  assert.equal(live.status, 'running');
  assert.equal(live.icon, 'sync~spin');
  assert.equal(displayStatusOf({ ...record, status: 'failed' }, () => false), 'failed');
});

test('a failed run shows the message; an activation counts rows', () => {
  const failed = describeHistoryEntry({ record: { ...record, status: 'failed', audience: undefined, message: "unknown dataset 'Nope'" }, resultKept: false }, nobodyRuns);
  assert.ok(failed.tooltip.endsWith("unknown dataset 'Nope'"));
  assert.equal(failed.icon, 'error');
  const activation = describeHistoryEntry({ record: { ...record, kind: 'activation', audience: '157', serviceId: 'ACT.1' }, resultKept: false }, nobodyRuns);
  assert.match(activation.description, /· 157 rows$/);
  assert.match(activation.tooltip, /Activation ID: ACT\.1/);
});

test('formatted queries that start alike get labels that differ', () => {
  const a = oneLineQuery('SELECT COUNT()\nFROM Retail\nINTERSECT Bank');
  const b = oneLineQuery('SELECT COUNT()\nFROM Retail\nINTERSECT Publisher1');
  assert.notEqual(a, b);
  assert.equal(a, 'SELECT COUNT() FROM Retail INTERSECT Bank');
  assert.equal(oneLineQuery(`SELECT ${'x'.repeat(200)}`).length, 80);
  assert.equal(oneLineQuery(' \n '), '(empty query)');
});

test('Search History rows carry the facts and the file and service ID to match on', () => {
  const pick = describeHistoryPick({ record: { ...record, documentUri: 'file:///ws/my%20queries.iql' }, resultKept: true }, nobodyRuns);
  assert.deepEqual(pick, {
    id: 'r1',
    label: 'SELECT COUNT() FROM Retail INTERSECT Bank WHERE Retail.Age > 30',
    description: 'staging / CLB.7f3a2c · 14:03 · 2.3 s · succeeded · audience 1,130',
    detail: 'my queries.iql · query Q-81f',
  });
  assert.equal(describeHistoryPick({ record: { ...record, documentUri: 'untitled:Untitled-2', serviceId: undefined }, resultKept: false }, nobodyRuns).detail, 'Untitled-2');
});

test('firstQueryLine skips blank lines and shortens long ones', () => {
  assert.equal(firstQueryLine('\n\n  SELECT 1\nFROM x'), 'SELECT 1');
  assert.equal(firstQueryLine('   \n'), '(empty query)');
  const long = firstQueryLine(`SELECT ${'x'.repeat(200)}`);
  assert.equal(long.length, 80);
  assert.ok(long.endsWith('…'));
});

test('targets, times, durations and counts in words', () => {
  assert.equal(describeTarget({}), 'default profile');
  assert.equal(describeTarget({ profile: 'p' }), 'p');
  assert.equal(formatRunTime(started, started + 3_600_000), '14:03');
  assert.equal(formatRunTime(started, started + 86_400_000 * 2), '2025-03-04 14:03');
  assert.equal(formatDuration(850), '850 ms');
  assert.equal(formatDuration(2349), '2.3 s');
  assert.equal(formatDuration(245_000), '4 min 05 s');
  assert.equal(groupDigits('9223372036854775807'), '9,223,372,036,854,775,807');
  assert.equal(groupDigits('-1000'), '-1,000');
  assert.equal(groupDigits('999'), '999');
  assert.equal(groupDigits('n/a'), 'n/a');
});
