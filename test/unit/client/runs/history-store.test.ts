import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { boundHistory, clampMaxEntries, HistoryStore } from '../../../../client/src/runs/history-store';
import { createResultFiles } from '../../../../client/src/runs/result-archive';
import type { RunRecord } from '../../../../client/src/runs/run-record';
import { completeInsightRun, createRunRecord } from '../../../../client/src/runs/run-transitions';
import { HISTORY_STATE_KEY } from '../../../../client/src/runs/stored-run';
import type { HistoryEntry } from '../../../../client/src/runs/stored-run';
import { MemoryMemento } from './memory-memento';

function running(n: number): RunRecord {
  return createRunRecord({ query: `SELECT COUNT() FROM D${n}`, kind: 'insight', target: { profile: 'p' } }, `run-${n}`, 1000 + n);
}

function succeeded(n: number): RunRecord {
  return completeInsightRun(running(n), { queryId: `Q${n}`, result: { dimensions: [{ value: 'x', count: n }], audience: n * 10 } }, 2000 + n);
}

const ids = (entries: readonly HistoryEntry[]): string[] => entries.map((entry) => entry.record.id);

describe('boundHistory', () => {
  const entry = (n: number, resultKept: boolean): HistoryEntry => ({ record: running(n), resultKept });

  it('keeps the newest maxEntries runs and releases the results of the dropped ones', () => {
    const bounded = boundHistory([entry(5, true), entry(4, false), entry(3, true), entry(2, true)], 2, 10);
    assert.deepEqual(ids(bounded.entries), ['run-5', 'run-4']);
    assert.deepEqual(bounded.releasedResults, ['run-3', 'run-2']);
  });

  it('keeps results only for the newest keptResults runs that have one', () => {
    const bounded = boundHistory([entry(5, true), entry(4, false), entry(3, true), entry(2, true)], 10, 2);
    assert.deepEqual(bounded.entries.map((e) => e.resultKept), [true, false, true, false]);
    assert.deepEqual(bounded.releasedResults, ['run-2']);
  });
});

describe('clampMaxEntries', () => {
  it('keeps the setting within 10..5000 and falls back to 200', () => {
    assert.equal(clampMaxEntries(50), 50);
    assert.equal(clampMaxEntries(3), 10);
    assert.equal(clampMaxEntries(1e9), 5000);
    assert.equal(clampMaxEntries(12.6), 13);
    assert.equal(clampMaxEntries('100'), 200);
    assert.equal(clampMaxEntries(undefined), 200);
    assert.equal(clampMaxEntries(Number.NaN), 200);
  });
});

describe('HistoryStore', () => {
  let folder: string;
  let resultsDir: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'iql-history-'));
    resultsDir = join(folder, 'run-results');
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  const storeOn = (memento: MemoryMemento, maxEntries: unknown = 200, keptResults = 20): HistoryStore =>
    new HistoryStore(memento, { archive: createResultFiles(resultsDir), maxEntries: () => maxEntries, keptResults });

  it('lists runs newest first and replaces a running run when it finishes', async () => {
    const memento = new MemoryMemento();
    const store = storeOn(memento);
    await store.record(running(1));
    await store.record(running(2));
    await store.record(succeeded(1));
    assert.deepEqual(ids(store.list()), ['run-2', 'run-1']);
    assert.equal(store.get('run-1')?.record.status, 'succeeded');
    assert.equal(store.get('run-1')?.record.audience, '10');
    assert.equal(store.get('run-2')?.record.status, 'running');
  });

  it('never writes the result to globalState, but keeps it in a file that a new store reads after a restart', async () => {
    const memento = new MemoryMemento();
    await storeOn(memento).record(succeeded(7));
    assert.ok(!memento.raw(HISTORY_STATE_KEY)?.includes('dimensions'), 'no result in globalState');
    const restarted = storeOn(memento);
    const entry = restarted.get('run-7');
    assert.equal(entry?.resultKept, true);
    assert.equal(entry?.record.result, undefined, 'the listed record is light');
    const loaded = await restarted.loadResult('run-7');
    assert.deepEqual(loaded?.result, succeeded(7).result);
    assert.equal(loaded?.audience, '70');
  });

  it('is bounded by maxEntries, newest kept, and deletes the files of dropped runs', async () => {
    const memento = new MemoryMemento();
    const store = storeOn(memento, 10);
    for (let n = 1; n <= 12; n++) await store.record(succeeded(n));
    assert.deepEqual(ids(store.list()), ['run-12', 'run-11', 'run-10', 'run-9', 'run-8', 'run-7', 'run-6', 'run-5', 'run-4', 'run-3']);
    const files = (await readdir(resultsDir)).sort();
    assert.equal(files.length, 10);
    assert.ok(!files.includes('run-1.json') && !files.includes('run-2.json'));
  });

  it('keeps result files for the newest keptResults runs only, and says which have one', async () => {
    const memento = new MemoryMemento();
    const store = storeOn(memento, 200, 3);
    for (let n = 1; n <= 5; n++) await store.record(succeeded(n));
    assert.deepEqual(store.list().map((entry) => entry.resultKept), [true, true, true, false, false]);
    assert.deepEqual((await readdir(resultsDir)).sort(), ['run-3.json', 'run-4.json', 'run-5.json']);
    assert.equal(await store.loadResult('run-1'), undefined);
    assert.equal((await store.loadResult('run-5'))?.serviceId, 'Q5');
  });

  it('applies a lower maxEntries on prune, and removes orphaned result files', async () => {
    const memento = new MemoryMemento();
    let max = 200;
    const store = new HistoryStore(memento, { archive: createResultFiles(resultsDir), maxEntries: () => max });
    for (let n = 1; n <= 15; n++) await store.record(running(n));
    await store.record(succeeded(15));
    await writeFile(join(resultsDir, 'left-by-a-crash.json'), '{}');
    max = 10;
    await store.prune();
    assert.equal(store.list().length, 10);
    assert.deepEqual(await readdir(resultsDir), ['run-15.json']);
  });

  it('removes one run with its result, and clears all but the runs it is told to keep', async () => {
    const memento = new MemoryMemento();
    const store = storeOn(memento);
    await store.record(succeeded(1));
    await store.record(succeeded(2));
    await store.record(running(3));
    await store.remove('run-2');
    assert.deepEqual(ids(store.list()), ['run-3', 'run-1']);
    assert.deepEqual(await readdir(resultsDir), ['run-1.json']);
    await store.clear((entry) => entry.record.status === 'running');
    assert.deepEqual(ids(store.list()), ['run-3']);
    assert.deepEqual(await readdir(resultsDir), []);
  });

  it('keeps changes made concurrently, in order, and tells its listeners', async () => {
    const memento = new MemoryMemento();
    const store = storeOn(memento);
    let changes = 0;
    const unsubscribe = store.onDidChange(() => (changes += 1));
    await Promise.all([store.record(running(1)), store.record(running(2)), store.record(succeeded(1)), store.record(running(3))]);
    unsubscribe();
    await store.record(running(4));
    assert.deepEqual(ids(store.list()), ['run-4', 'run-3', 'run-2', 'run-1']);
    assert.equal(store.get('run-1')?.record.status, 'succeeded');
    assert.equal(changes, 4);
  });

  it('sees runs another window stored in the meantime', async () => {
    const memento = new MemoryMemento();
    const here = storeOn(memento);
    const there = storeOn(memento);
    await here.record(running(1));
    await there.record(running(2));
    await here.record(succeeded(1));
    assert.deepEqual(ids(here.list()), ['run-2', 'run-1']);
  });

  it('reports a storage failure instead of rejecting', async () => {
    const errors: string[] = [];
    const broken = { get: () => undefined, update: () => Promise.reject(new Error('disk full')) };
    const store = new HistoryStore(broken, { onError: (message) => errors.push(message) });
    await store.record(running(1));
    assert.equal(errors.length, 1);
    assert.match(errors[0] ?? '', /disk full/);
    await store.record(running(2));
    assert.equal(errors.length, 2, 'the queue goes on after a failure');
  });

  it('without an archive keeps records but no results', async () => {
    const store = new HistoryStore(new MemoryMemento());
    await store.record(succeeded(1));
    assert.equal(store.get('run-1')?.resultKept, false);
    assert.equal(await store.loadResult('run-1'), undefined);
  });
});
