import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { QueryResultSchema } from '../../../../common/api';
import { generateDemoFiles, loadDemoData } from '../../../../emulator/src/demo/generate-demo-folder';
import { createEmulatorServer } from '../../../../emulator/src/http/emulator-server';
import { callServer, expectShape } from '../test-server';

const EXAMPLES = join(__dirname, '../../../../../shared/iql/examples/valid');

describe('generateDemoFiles', () => {
  it('is deterministic: the same seed gives the same bytes, another seed other data', () => {
    const first = generateDemoFiles();
    assert.deepEqual(first, generateDemoFiles());
    assert.notEqual(first.get('retail.csv'), generateDemoFiles({ seed: 'other' }).get('retail.csv'));
  });

  it('generates and loads the whole clean room quickly', async () => {
    const started = performance.now();
    const loaded = await loadDemoData();
    const elapsed = performance.now() - started;
    assert.ok(loaded.ok);
    assert.deepEqual([...loaded.data.datasets.keys()], ['Retail', 'Publisher1', 'Publisher2', 'Bank', 'Insurer', 'IdGraph', 'PubAudience']);
    for (const dataset of loaded.data.datasets.values()) assert.ok(dataset.rowCount > 1000, dataset.meta.private_id);
    assert.ok(elapsed < 3000, `took ${elapsed} ms`);
  });
});

describe('the demo clean room over HTTP', () => {
  let base = '';
  let close: () => Promise<void> = async () => undefined;
  before(async () => {
    const loaded = await loadDemoData();
    assert.ok(loaded.ok);
    const server = createEmulatorServer({ data: loaded.data, pollsBeforeDone: 0 });
    base = (await server.listen(0, '127.0.0.1')).url;
    close = () => server.close();
  });
  after(() => close());

  async function run(query: string, collaborationId?: string): Promise<ReturnType<typeof QueryResultSchema.parse>> {
    const created = await callServer(base, 'POST', '/api/v1/queries', { key: 'demo-key-ana', body: { query, collaboration_id: collaborationId } });
    assert.equal(created.status, 200, created.text);
    const id = (created.json as { query_id: string }).query_id;
    for (let poll = 0; poll < 50; poll++) {
      const status = await callServer(base, 'GET', `/api/v1/queries/${id}`, { key: 'demo-key-ana' });
      if ((status.json as { done: boolean }).done) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
    return expectShape(QueryResultSchema, await callServer(base, 'GET', `/api/v1/queries/${id}/result`, { key: 'demo-key-ana' }));
  }

  it('makes every valid example of the language meaningful for Ana', async (context) => {
    if (!existsSync(EXAMPLES)) return context.skip('shared/iql/examples is not present');
    for (const file of readdirSync(EXAMPLES).filter((name) => name.endsWith('.iql'))) {
      const text = readFileSync(join(EXAMPLES, file), 'utf8');
      const collaborationId = /@collaboration\s+(\S+)/.exec(text)?.[1];
      for (const query of text.split(';').map((part) => part.trim()).filter((part) => /select/i.test(part))) {
        const activation = /^\s*select\s+\w+\.\w+/im.test(query.replace(/^--.*$/gm, '').replace(/\/\*[\s\S]*?\*\//g, ''));
        const path = activation ? '/api/v1/activations/validate' : '/api/v1/validate';
        const reply = await callServer(base, 'POST', path, { key: 'demo-key-ana', body: { query, collaboration_id: collaborationId } });
        assert.equal(reply.status, 200, `${file}: ${reply.text}`);
        if (!activation) {
          const result = await run(query, collaborationId);
          assert.ok(Number(result.audience) > 0, `${file}: empty audience`);
          if (/aggregate|topn/i.test(query)) assert.ok(result.dimensions.length > 1, `${file}: no breakdown`);
        }
      }
    }
  });

  it('joins some individuals only through the identity graph', async () => {
    const direct = Number((await run('SELECT COUNT() FROM Retail INTERSECT Publisher1')).audience);
    const linked = Number((await run('SELECT COUNT() FROM Retail INTERSECT Publisher1 LINK WITH IdGraph')).audience);
    const insurer = Number((await run('SELECT COUNT() FROM Insurer INTERSECT Publisher1')).audience);
    const insurerLinked = Number((await run('SELECT COUNT() FROM Insurer INTERSECT Publisher1 LINK WITH IdGraph')).audience);
    assert.ok(direct > 100 && linked > direct * 1.3, `direct ${direct}, linked ${linked}`);
    assert.equal(insurer, 0, 'Insurer (phones) shares no key with Publisher1 (e-mails, devices)');
    assert.ok(insurerLinked > 100, String(insurerLinked));
  });

  it('has redacted bins and a long tail for TOPN', async () => {
    const regions = await run('SELECT AGGREGATE(Region, Retail.Gender) FROM Retail INTERSECT Bank');
    assert.ok((regions.quality_measures?.redaction_threshold_outlier ?? 0) > 0, 'some small bins are redacted');
    const sections = await run('SELECT TOPN(Publisher1."Favourite Section", 60) FROM Publisher1');
    assert.ok(sections.dimensions.length >= 30);
  });
});
