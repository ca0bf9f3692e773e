import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { catalogAssembly, type Catalog } from '../../../../language/src';
import { ServiceHub, type ServiceClient, type ServiceResult, type ServiceTarget } from '../../../../service/src';
import { ConfigFiles } from '../../../../server/src/workspace/config-files';
import { countCalls } from '../../client/explorer/explorer-fixture';
import { createServerFixture, noCancel, profileInfo, type ServerFixture } from '../server-fixture';
import { startDemoEmulator, type DemoEmulator } from '../../service/demo-emulator';

/** A ServiceHub whose one client counts the operations it calls. */
class CountingHub extends ServiceHub<Catalog> {
  calls = new Map<string, number>();
  private counted: ServiceClient | undefined;

  constructor() {
    super({ version: 'test', catalogAssembly });
  }

  override clientFor(target: ServiceTarget): ServiceResult<ServiceClient> {
    const client = super.clientFor(target);
    if (!client.ok) return client;
    if (this.counted === undefined) {
      const wrapped = countCalls(client.value);
      this.counted = wrapped.client;
      this.calls = wrapped.calls;
    }
    return { ok: true, value: this.counted };
  }
}

function reportText(datasetId: string, filter: string): string {
  return JSON.stringify({ name: 'Retail by region', seed: { dataset_id: datasetId }, seed_filter: filter, baseline: { dataset_id: datasetId }, baseline_filter: '', categories: ['Age'] }, null, 2);
}

describe('report files: the dataset ids a report names are read alone, never the whole list', () => {
  let demo: DemoEmulator;
  let retailId: string;
  let hub: CountingHub;
  let fixture: ServerFixture;
  const published = new Map<string, Diagnostic[]>();
  let files: ConfigFiles;

  before(async () => {
    demo = await startDemoEmulator();
    const answer = await fetch(`${demo.url}/api/v2/datasets`, { headers: { authorization: 'demo-key-ana' } });
    const datasets = ((await answer.json()) as { datasets: { dataset_id: string; private_id: string }[] }).datasets;
    retailId = datasets.find((dataset) => dataset.private_id === 'Retail')!.dataset_id;
    hub = new CountingHub();
    fixture = await createServerFixture({ hub, profiles: { profiles: [profileInfo('ana', demo.url, 'demo-key-ana')], defaultProfile: 'ana', serviceAllowed: true } });
    files = new ConfigFiles(hub, fixture.profiles, (uri, _version, diagnostics) => published.set(uri, diagnostics));
  });
  after(async () => {
    await fixture.dispose();
    await demo.close();
  });

  const listCalls = (): number => (hub.calls.get('call:listDatasetsV2') ?? 0) + (hub.calls.get('listDatasetsV2') ?? 0);
  const getCalls = (): number => (hub.calls.get('call:getDatasetV2') ?? 0) + (hub.calls.get('getDatasetV2') ?? 0);

  test('a named id is read with one Get Dataset (2.0), kept for checks, completion and hover; List Datasets 2.0 is not called', async () => {
    const uri = 'file:///ws/retail.iqlreport.json';
    const wrong = TextDocument.create(uri, 'json', 1, reportText(retailId, "Regoin = 'Scotland'"));
    await files.onChange(wrong);
    const diagnostics = published.get(uri) ?? [];
    assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics));
    assert.match(String(diagnostics[0]!.message), /Region/, 'the catalog check ran on the dataset the id names');
    assert.equal(getCalls(), 1, 'seed and baseline name one id: one read');
    assert.equal(listCalls(), 0, 'the company list is not read');

    const right = TextDocument.create(uri, 'json', 2, reportText(retailId, "Region = 'Scotland'"));
    await files.onChange(right);
    assert.deepEqual(published.get(uri), []);
    const offset = right.getText().indexOf('Region') + 3;
    const completion = await files.completion(right, offset, noCancel());
    assert.ok(completion?.items.some((item) => item.label === 'Region'), 'completion knows the dataset');
    const hover = await files.hover(right, offset, noCancel());
    assert.ok(hover && JSON.stringify(hover.contents).includes('Region'));
    assert.equal(getCalls(), 1, 'the name is kept');
    assert.equal(listCalls(), 0);
  });

  test('an id the company has not is said on the id, read once, and the list is still not read', async () => {
    const uri = 'file:///ws/unknown.iqlreport.json';
    const before = getCalls();
    await files.onChange(TextDocument.create(uri, 'json', 1, reportText('no-such-dataset', "Region = 'Scotland'")));
    const diagnostics = published.get(uri) ?? [];
    assert.ok(diagnostics.some((diagnostic) => diagnostic.code === 'iql.unknown-dataset'), JSON.stringify(diagnostics));
    await files.onChange(TextDocument.create(uri, 'json', 2, reportText('no-such-dataset', "Age >= 30")));
    assert.equal(getCalls(), before + 1, 'an unknown id is not asked again at once');
    assert.equal(listCalls(), 0);
  });
});
