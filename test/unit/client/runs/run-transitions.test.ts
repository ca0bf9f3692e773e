import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cancelRunRecord, completeActivationRun, completeInsightRun, createRunRecord, failRunRecord, isRunFinished, withServiceId } from '../../../../client/src/runs/run-transitions';

const request = { query: 'SELECT COUNT() FROM Retail', kind: 'insight' as const, target: { profile: 'demo', collaboration: 'CLB.1' }, documentUri: 'file:///q.iql' };

test('a new run is running, with its query, target and document', () => {
  const record = createRunRecord(request, 'r1', 1000);
  assert.deepEqual(record, { id: 'r1', query: request.query, kind: 'insight', target: { profile: 'demo', collaboration: 'CLB.1' }, documentUri: 'file:///q.iql', startedAt: 1000, status: 'running' });
  assert.equal(isRunFinished(record), false);
});

test('a finished insight run keeps the service id, the audience as written and the result, without changing the running record', () => {
  const running = createRunRecord(request, 'r1', 1000);
  const done = completeInsightRun(running, { queryId: 'Q1', result: { dimensions: [], audience: 9007199254740991 } }, 2500);
  assert.equal(done.status, 'succeeded');
  assert.equal(done.finishedAt, 2500);
  assert.equal(done.serviceId, 'Q1');
  assert.equal(done.audience, '9007199254740991', 'the largest exact count is kept exactly');
  assert.deepEqual(done.result, { dimensions: [], audience: 9007199254740991 });
  assert.equal(running.status, 'running');
  assert.equal(isRunFinished(done), true);
});

test('an audience written as a JSON number becomes its decimal text', () => {
  const done = completeInsightRun(createRunRecord(request, 'r1', 0), { queryId: 'Q1', result: { dimensions: [], audience: 42 } }, 1);
  assert.equal(done.audience, '42');
});

test('a completed activation counts its exported rows', () => {
  const running = createRunRecord({ ...request, kind: 'activation' }, 'r2', 0);
  const done = completeActivationRun(running, { activationId: 'A1', activation: { summary: { total_rows: 157 } } }, 10);
  assert.equal(done.serviceId, 'A1');
  assert.equal(done.audience, '157');
  assert.deepEqual(done.activation, { summary: { total_rows: 157 } });
});

test('a failure keeps the complete message; a cancelled error becomes a cancelled run', () => {
  const running = withServiceId(createRunRecord(request, 'r1', 0), 'Q9');
  const failed = failRunRecord(running, { kind: 'invalid', message: "unknown dataset 'Nope'", serviceMessage: "unknown dataset 'Nope'" }, 5);
  assert.equal(failed.status, 'failed');
  assert.equal(failed.message, "unknown dataset 'Nope'");
  const cancelled = failRunRecord(running, { kind: 'cancelled', message: 'Query was cancelled.' }, 6);
  assert.equal(cancelled.status, 'cancelled');
  assert.match(cancelled.message ?? '', /Q9/);
  assert.match(cancelled.message ?? '', /no cancel operation/);
});

test('cancelling before the service named the run says it may still have been created', () => {
  const cancelled = cancelRunRecord(createRunRecord(request, 'r1', 0), 3);
  assert.equal(cancelled.status, 'cancelled');
  assert.equal(cancelled.finishedAt, 3);
  assert.match(cancelled.message ?? '', /before the service answered/);
});

test('withServiceId returns the same record when the id is unchanged', () => {
  const named = withServiceId(createRunRecord(request, 'r1', 0), 'Q1');
  assert.equal(withServiceId(named, 'Q1'), named);
  assert.equal(withServiceId(named, 'Q2').serviceId, 'Q2');
});
