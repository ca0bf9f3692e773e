import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { paginate, readPageRequest } from '../../../../emulator/src/http/pagination';
import { ReplyError } from '../../../../emulator/src/http/reply-error';

describe('pagination', () => {
  it('defaults to page 1 of 100 and refuses more than 500 per page', () => {
    assert.deepEqual(readPageRequest(new URLSearchParams()), { page: 1, perPage: 100 });
    assert.throws(() => readPageRequest(new URLSearchParams({ 'pagination.per_page': '501' })), ReplyError);
    assert.throws(() => readPageRequest(new URLSearchParams({ 'pagination.page': '-1' })), ReplyError);
  });

  it('describes the page and whether another follows', () => {
    const list = Array.from({ length: 5 }, (_, index) => index);
    assert.deepEqual(paginate(list, { page: 2, perPage: 2 }), { items: [2, 3], pagination: { next_page: 3, results: 2, total_results: 5 } });
    assert.deepEqual(paginate(list, { page: 3, perPage: 2 }), { items: [4], pagination: { results: 1, total_results: 5 } });
  });
});
