/**
 * Query files too big to check: refused by size before a byte is read, with the limit named
 * and exit 2. Before the limit, a 100 MB file ran for minutes and died of V8's heap limit.
 */
import assert from 'node:assert/strict';
import { closeSync, ftruncateSync, openSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { MAX_QUERY_FILE_BYTES } from '../../cli/src/commands/read-query-text';
import { makeTree, runInProcess } from '../cli/cli-harness';
import { CRASH_TRACE, runBundleProcess } from './bundle-process';

/** A file of `bytes` zero bytes, written at once as a sparse file (no data is written). */
function sparseFile(name: string, bytes: number): string {
  const path = join(makeTree({}), name);
  const fd = openSync(path, 'w');
  try {
    ftruncateSync(fd, bytes);
  } finally {
    closeSync(fd);
  }
  return path;
}

describe('query files over the size limit', () => {
  it('iql check (the built bundle) refuses a 100 MB file at once: exit 2, the sizes named, no stack trace', async () => {
    const path = sparseFile('huge.iql', 100 * 1024 * 1024);
    const run = await runBundleProcess(['check', '--offline', path], { timeoutMs: 15_000 });
    assert.equal(run.code, 2, `exit ${run.code} (signal ${run.signal}) after ${run.elapsedMs} ms: ${run.stderr.slice(0, 500)}`);
    assert.equal(run.stderr, `iql: ${path}: file too large (100 MB; the limit is 4 MB)\n`);
    assert.doesNotMatch(run.stderr, CRASH_TRACE);
    assert.equal(run.stdout, '');
    assert.ok(run.elapsedMs < 5_000, `refused in ${run.elapsedMs} ms`);
  });

  it('iql check refuses a file one byte over the limit and still checks the others', async () => {
    const path = sparseFile('over.iql', MAX_QUERY_FILE_BYTES + 1);
    const good = join(makeTree({ 'good.iql': 'SELECT COUNT() FROM Retail\n' }), 'good.iql');
    const run = await runInProcess(['check', '--offline', path, good]);
    assert.equal(run.code, 2);
    assert.equal(run.stderr, `iql: ${path}: file too large (4.1 MB; the limit is 4 MB)\n`);
  });

  it('iql explain and iql run refuse it the same way before asking the service', async () => {
    const path = sparseFile('huge.iql', 100 * 1024 * 1024);
    // An unreachable service: reaching it would mean the file had been read.
    const env = { IQL_BASE_URL: 'http://127.0.0.1:9', IQL_API_KEY: 'k' };
    for (const command of ['explain', 'run']) {
      const run = await runInProcess([command, path], env);
      assert.equal(run.code, 2, run.stderr);
      assert.equal(run.stderr, `iql ${command}: ${path}: file too large (100 MB; the limit is 4 MB)\n`);
    }
  });
});
