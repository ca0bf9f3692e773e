import assert from 'node:assert/strict';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createResultFiles } from '../../../../client/src/runs/result-archive';

describe('createResultFiles', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'iql-results-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('writes, lists, reads and removes results by run id, creating its folder', async () => {
    const archive = createResultFiles(join(folder, 'nested', 'results'));
    assert.deepEqual(await archive.list(), []);
    assert.equal(await archive.write('r-1', { result: { dimensions: [{ value: 'a', count: 3 }], audience: 3 } }), true);
    assert.equal(await archive.write('r-2', { activation: { summary: { total_rows: 8 } } }), true);
    assert.deepEqual((await archive.list()).sort(), ['r-1', 'r-2']);
    assert.deepEqual(await archive.read('r-1'), { result: { dimensions: [{ value: 'a', count: 3 }], audience: 3 } });
    assert.equal((await archive.read('r-2'))?.activation?.summary?.total_rows, 8);
    await archive.remove('r-1');
    await archive.remove('r-1');
    assert.deepEqual(await archive.list(), ['r-2']);
    assert.equal(await archive.read('r-1'), undefined);
  });

  it('refuses ids that would leave the folder', async () => {
    const archive = createResultFiles(folder);
    assert.equal(await archive.write('../escape', { result: { dimensions: [] } }), false);
    assert.equal(await archive.read('../escape'), undefined);
    assert.deepEqual(await readdir(folder), []);
  });

  it('reads a damaged or foreign file as no result', async () => {
    const archive = createResultFiles(folder);
    await writeFile(join(folder, 'bad.json'), '{not json');
    await writeFile(join(folder, 'wrong.json'), JSON.stringify({ result: { dimensions: 'many' } }));
    await writeFile(join(folder, 'empty.json'), '{}');
    assert.equal(await archive.read('bad'), undefined);
    assert.equal(await archive.read('wrong'), undefined);
    assert.equal(await archive.read('empty'), undefined);
  });

  it('reads a result kept with string counts by an earlier version as integers', async () => {
    const archive = createResultFiles(folder);
    const kept = {
      version: 1,
      result: { audience: '120', dimensions: [{ value: 'a', count: '100', dimensions: [{ value: 'b', count: '20' }] }] },
      activation: { summary: { total_rows: '8', original_record_count: '9' } },
    };
    await writeFile(join(folder, 'old.json'), JSON.stringify(kept));
    assert.deepEqual(await archive.read('old'), {
      result: { audience: 120, dimensions: [{ value: 'a', count: 100, dimensions: [{ value: 'b', count: 20 }] }] },
      activation: { summary: { total_rows: 8, original_record_count: 9 } },
    });
  });

  it('answers false when the folder cannot be written', async () => {
    const blocker = join(folder, 'a-file');
    await writeFile(blocker, 'x');
    assert.equal(await createResultFiles(join(blocker, 'results')).write('r', { result: { dimensions: [] } }), false);
  });
});
