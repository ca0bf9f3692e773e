import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyListParams } from '../../../../emulator/src/http/list-params';
import { ReplyError } from '../../../../emulator/src/http/reply-error';

const items = [
  { id: 'b', status: 'READY', row_count: '10' },
  { id: 'a', status: 'ERRORED', row_count: '9' },
  { id: 'c', status: 'READY', row_count: '100' },
];

describe('applyListParams', () => {
  it('filters with eq and sorts with order_by, counts as numbers', () => {
    const query = new URLSearchParams({ filter: "status eq 'READY'", order_by: 'row_count DESC' });
    assert.deepEqual(applyListParams(items, query).map((item) => item.id), ['c', 'b']);
    assert.deepEqual(applyListParams(items, new URLSearchParams({ order_by: 'id' })).map((item) => item.id), ['a', 'b', 'c']);
  });

  it('answers 400 for syntax it cannot read', () => {
    assert.throws(() => applyListParams(items, new URLSearchParams({ filter: 'status like READY' })), (error: unknown) => error instanceof ReplyError && error.status === 400);
    assert.throws(() => applyListParams(items, new URLSearchParams({ order_by: 'id sideways' })), ReplyError);
  });
});
