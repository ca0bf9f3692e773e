import assert from 'node:assert/strict';
import { test } from 'node:test';
import { readQueryCommandArgs, readRunId } from '../../../../client/src/runs/query-command-args';

test('code lens arguments are read; anything else means "use the cursor"', () => {
  assert.deepEqual(readQueryCommandArgs({ uri: 'file:///a.iql', offset: 12, extra: true }), { uri: 'file:///a.iql', offset: 12 });
  for (const bad of [undefined, null, 'file:///a.iql', { uri: 'file:///a.iql' }, { uri: '', offset: 1 }, { uri: 'x', offset: -1 }, { uri: 'x', offset: 1.5 }, { uri: 'x', offset: '3' }]) {
    assert.equal(readQueryCommandArgs(bad), undefined, JSON.stringify(bad));
  }
});

test('a run is named by its id or by anything carrying one', () => {
  assert.equal(readRunId('r-1'), 'r-1');
  assert.equal(readRunId({ id: 'r-2', status: 'running' }), 'r-2');
  for (const bad of ['', undefined, 3, {}, { id: 4 }, { id: '' }]) assert.equal(readRunId(bad), undefined);
});
