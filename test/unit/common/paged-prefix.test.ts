import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PagedPrefix, type PageReader } from '../../../common/paged-prefix';
import { fail, succeed } from '../../../common/service-result';

/** A list of `size` numbers served `perPage` at a time, recording the pages asked. */
function numbers(size: number, failing: Set<number> = new Set()): { read: PageReader<number>; asked: number[] } {
  const asked: number[] = [];
  const read: PageReader<number> = async (page, perPage) => {
    asked.push(page);
    await new Promise((resolve) => setImmediate(resolve));
    if (failing.has(page)) return fail({ kind: 'server', message: `page ${page} failed` });
    const items = Array.from({ length: Math.max(0, Math.min(perPage, size - (page - 1) * perPage)) }, (_, i) => (page - 1) * perPage + i);
    const more = page * perPage < size;
    return succeed({ items, pagination: { results: items.length, total_results: size, ...(more ? { next_page: page + 1 } : {}) } });
  };
  return { read, asked };
}

describe('PagedPrefix', () => {
  it('reads only the pages the asked prefix needs, and keeps them', async () => {
    const { read, asked } = numbers(250);
    const prefix = new PagedPrefix(read, 100);
    const counts = await prefix.prefix(0);
    assert.deepEqual(counts, { ok: true, value: { total: 250, items: [] } });
    assert.deepEqual(asked, [1], 'the count needs one page');
    const first = await prefix.prefix(100);
    assert.ok(first.ok && first.value.items.length === 100);
    assert.deepEqual(asked, [1]);
    const more = await prefix.prefix(150);
    assert.ok(more.ok && more.value.items.at(-1) === 149);
    assert.deepEqual(asked, [1, 2]);
    const all = await prefix.prefix(1_000);
    assert.ok(all.ok && all.value.items.length === 250 && all.value.total === 250);
    assert.deepEqual(asked, [1, 2, 3], 'the last page ends the reads');
  });

  it('shares one read between concurrent asks', async () => {
    const { read, asked } = numbers(500);
    const prefix = new PagedPrefix(read, 100);
    const answers = await Promise.all([prefix.prefix(50), prefix.prefix(80), prefix.prefix(100)]);
    assert.ok(answers.every((answer) => answer.ok));
    assert.deepEqual(asked, [1]);
  });

  it("answers a page's failure, keeps what was read, and reads the failed page again when asked again", async () => {
    const failing = new Set([2]);
    const { read, asked } = numbers(300, failing);
    const prefix = new PagedPrefix(read, 100);
    const failed = await prefix.prefix(200);
    assert.equal(failed.ok, false);
    failing.clear();
    const again = await prefix.prefix(200);
    assert.ok(again.ok && again.value.items.length === 200);
    assert.deepEqual(asked, [1, 2, 2]);
  });

  it('answers "cancelled" for an aborted signal without reading', async () => {
    const { read, asked } = numbers(10);
    const answer = await new PagedPrefix(read, 100, 'Listing the datasets').prefix(5, AbortSignal.abort());
    assert.equal(answer.ok ? undefined : answer.error.kind, 'cancelled');
    assert.deepEqual(asked, []);
  });
});
