/**
 * A catalog of 200,000 datasets listed without their stats. `iql check` used to read every
 * dataset's metadata, one call each, before checking a single query (past 100 s, even to find
 * a misspelt name), and warned MaxListenersExceededWarning: the calls shared one AbortSignal
 * and their listeners outlived them. Now it reads the metadata of the datasets a file names.
 */
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FakeService, type FakeHandler } from '../unit/service/fake-service';
import { makeTree } from '../cli/cli-harness';
import { runBundleProcess } from './bundle-process';
import { catalogAssembly, type Catalog } from '../../language/src';
import { profilesFromEnvironment, resolveTarget, ServiceHub } from '../../service/src';

const LISTED = 200_000;

/** List Datasets without stats (`datasets` of them, plus Retail and Bank); metadata with categories for any id. */
function catalogService(datasets: number): { handler: FakeHandler; metadataCalls: string[] } {
  const entries = Array.from({ length: datasets }, (_, i) => ({ private_id: `DS${i}`, public_name: `Dataset ${i}` }));
  entries.push({ private_id: 'Retail', public_name: 'Retail' }, { private_id: 'Bank', public_name: 'Bank' });
  const list = JSON.stringify({ datasets: entries });
  const metadataCalls: string[] = [];
  const handler: FakeHandler = (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (path === '/api/v1/datasets') return { status: 200, raw: list };
    if (path.startsWith('/api/v1/datasets/')) {
      const id = decodeURIComponent(path.slice('/api/v1/datasets/'.length));
      metadataCalls.push(id);
      const categories = [{ label: 'Age', representations: [{ label: 'Age', data_type: 'INTEGERS' }] }];
      return { status: 200, raw: JSON.stringify({ dataset: { private_id: id }, schema: { categories } }) };
    }
    return { status: 200, raw: '{"success":true}' };
  };
  return { handler, metadataCalls };
}

describe('a catalog of 200,000 datasets listed without stats', () => {
  let service: FakeService;
  let metadataCalls: string[];
  before(async () => {
    const fake = catalogService(LISTED);
    metadataCalls = fake.metadataCalls;
    service = await FakeService.start(fake.handler);
  });
  after(() => service.close());

  it('iql check (the built bundle) reads the metadata of the datasets the file names only, in seconds, without a listener warning', async () => {
    const file = join(makeTree({ 'q.iql': 'SELECT COUNT() FROM Retail INTERSECT Bank WHERE Retail.Age > 30;\nSELECT COUNT() FROM Retial\n' }), 'q.iql');
    const run = await runBundleProcess(['check', file], { env: { IQL_BASE_URL: service.baseUrl, IQL_API_KEY: 'huge-catalog-key-31337' }, timeoutMs: 25_000 });
    assert.equal(run.code, 1, `exit ${run.code} after ${run.elapsedMs} ms, ${metadataCalls.length} metadata calls: ${run.stderr.slice(0, 500)}`);
    assert.equal(run.stdout, `${file}:2:21: error: Unknown dataset 'Retial'. Did you mean 'Retail'? [iql.unknown-dataset]\n`);
    assert.deepEqual([...metadataCalls].sort(), ['Bank', 'Retail']);
    assert.doesNotMatch(run.stderr, /MaxListenersExceededWarning/);
    assert.equal(run.stderr, '');
    assert.ok(run.elapsedMs < 10_000, `checked in ${run.elapsedMs} ms`);
  });

  it("the language server's way (every listed dataset's metadata, 8 calls at a time) raises no listener warning and leaves no listener on the caller's signal", async () => {
    // A smaller list: the editor's hub still reads every dataset's metadata, and 400 calls are enough to see listeners pile up.
    const small = catalogService(400);
    const fake = await FakeService.start(small.handler);
    const warnings: string[] = [];
    const onWarning = (warning: Error): void => void warnings.push(warning.name);
    process.on('warning', onWarning);
    const hub = new ServiceHub<Catalog>({ version: '0.0.0', catalogAssembly });
    try {
      const resolution = resolveTarget({}, profilesFromEnvironment({ IQL_BASE_URL: fake.baseUrl, IQL_API_KEY: 'huge-catalog-key-31337' }));
      assert.equal(resolution.kind, 'target');
      const signal = new AbortController().signal;
      const loaded = await hub.catalog(resolution.target, signal);
      assert.ok(loaded.ok, loaded.ok ? '' : loaded.error.message);
      assert.equal(loaded.value.catalog.datasets.length, 402);
      assert.equal(small.metadataCalls.length, 402);
      await new Promise((resolve) => setImmediate(resolve));
      assert.equal(getEventListeners(signal, 'abort').length, 0, 'no listener left on the caller\'s signal');
      assert.deepEqual(warnings.filter((name) => name === 'MaxListenersExceededWarning'), []);
    } finally {
      process.off('warning', onWarning);
      await hub.dispose();
      await fake.close();
    }
  });
});
