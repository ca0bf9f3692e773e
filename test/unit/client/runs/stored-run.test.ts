import assert from 'node:assert/strict';
import { test } from 'node:test';
import { parseHistory, serializeHistory, stripResult } from '../../../../client/src/runs/stored-run';
import type { RunRecord } from '../../../../client/src/runs/run-record';

const record: RunRecord = {
  id: 'a1b2',
  query: 'SELECT COUNT() FROM Retail',
  kind: 'insight',
  target: { profile: 'demo' },
  startedAt: 5,
  finishedAt: 9,
  status: 'succeeded',
  serviceId: 'Q1',
  audience: '12',
  result: { dimensions: [], audience: 12 },
};

test('a round trip keeps the record and the kept flag, without the result', () => {
  const stored = JSON.parse(JSON.stringify(serializeHistory([{ record, resultKept: true }]))) as unknown;
  const [entry] = parseHistory(stored);
  assert.deepEqual(entry, { record: stripResult(record), resultKept: true });
  assert.equal('result' in (entry?.record ?? {}), false);
});

test('fields a later version adds to RunRecord survive the round trip', () => {
  const later = { ...record, sample: true } as RunRecord;
  const [entry] = parseHistory(serializeHistory([{ record: later, resultKept: false }]));
  assert.equal((entry?.record as unknown as { sample?: boolean }).sample, true);
});

test('anything that is not a stored history yields nothing, and bad entries are skipped', () => {
  for (const stored of [undefined, null, 42, 'runs', [], { runs: 'x' }]) assert.deepEqual(parseHistory(stored), []);
  const mixed = {
    version: 1,
    runs: [
      { ...record, result: undefined },
      { ...record, id: '../../etc/passwd' },
      { ...record, id: 'b', status: 'exploded' },
      { ...record, id: 'c', startedAt: 'yesterday' },
      { ...record, id: 'a1b2', query: 'a duplicate id' },
      { ...record, id: 'd', target: { profile: 7 } },
      { ...record, id: 'e', kind: 'activation', status: 'running' },
    ],
  };
  assert.deepEqual(parseHistory(mixed).map((entry) => entry.record.id), ['a1b2', 'e']);
});

test('stripResult leaves a record without results as it is', () => {
  const light = stripResult(record);
  assert.equal(stripResult(light), light);
  assert.equal(light.activation, undefined);
  assert.equal(record.result?.audience, 12, 'the original keeps its result');
});
