import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Dataset } from '../../../../common/api';
import { DatasetsModel } from '../../../../client/src/explorer/datasets-model';
import type { DatasetNode, ExplorerNode, GroupNode, MessageNode, MoreNode } from '../../../../client/src/explorer/explorer-node';
import { describeNode } from '../../../../client/src/explorer/node-items';
import { ServiceClient } from '../../../../service/src';
import { HOSTILE_DATASET } from '../../../editor/hostile-dataset';
import { MODEL_OPTIONS, readyScope, startExplorerEmulator } from './explorer-fixture';
import type { ExplorerEmulator } from './explorer-fixture';

function labels(nodes: readonly ExplorerNode[]): string[] {
  return nodes.map((node) => describeNode(node).label);
}

async function group(model: DatasetsModel, which: 'owned' | 'shared'): Promise<GroupNode> {
  const found = (await model.getChildren()).find((node): node is GroupNode => node.kind === 'group' && node.group === which);
  assert.ok(found, `the ${which} group is listed`);
  return found;
}

describe('DatasetsModel against the emulator (demo-key-ana)', () => {
  let emulator: ExplorerEmulator;
  before(async () => {
    emulator = await startExplorerEmulator();
  });
  after(() => emulator.close());

  test("lists Ana's owned and shared datasets in two groups", async () => {
    const model = new DatasetsModel(readyScope(emulator.createClient('demo-key-ana').client), MODEL_OPTIONS);
    const roots = await model.getChildren();
    assert.deepEqual(labels(roots), ['Owned', 'Shared with me']);
    const owned = labels(await model.getChildren(await group(model, 'owned')));
    const shared = labels(await model.getChildren(await group(model, 'shared')));
    assert.deepEqual(owned, ['Hostile', 'Retail']);
    assert.deepEqual(shared, ['Bank', 'IdGraph', 'Insurer', 'PubAudience', 'Publisher1']);
    // Publisher2's permission to RetailCo is not accepted: it does not exist for Ana.
    assert.ok(!shared.includes('Publisher2'));
  });

  test('describes a dataset row: private ID as label, public name as description, context value by product', async () => {
    const model = new DatasetsModel(readyScope(emulator.createClient('demo-key-ana').client), MODEL_OPTIONS);
    const owned = (await model.getChildren(await group(model, 'owned'))) as DatasetNode[];
    const retail = describeNode(owned.find((node) => node.dataset.private_id === 'Retail')!);
    assert.equal(retail.description, 'Retail customers');
    assert.equal(retail.contextValue, 'iql.dataset.activation');
    assert.match(retail.tooltip ?? '', /Activation: yes/);
    // The unfiltered owned group comes from List Datasets 2.0, which has no statistics; a filtered one from 1.0, which has.
    assert.doesNotMatch(retail.tooltip ?? '', /Rows:/);
    model.setFilter('retail');
    const filtered = (await model.getChildren(await group(model, 'owned'))) as DatasetNode[];
    const listed = describeNode(filtered.find((node) => node.dataset.private_id === 'Retail')!);
    assert.match(listed.tooltip ?? '', /Owner: RetailCo/);
    assert.match(listed.tooltip ?? '', /Rows: [\d,]+/);
    model.setFilter('');
    const shared = (await model.getChildren(await group(model, 'shared'))) as DatasetNode[];
    assert.equal(describeNode(shared.find((node) => node.dataset.private_id === 'Bank')!).contextValue, 'iql.dataset');
  });

  test('an owned 2.0 row reads its owner and rows on hover: one Get Dataset metadata per dataset, shared with its expansion', async () => {
    const { client, calls } = emulator.createClient('demo-key-ana');
    const model = new DatasetsModel(readyScope(client), MODEL_OPTIONS);
    const owned = (await model.getChildren(await group(model, 'owned'))) as DatasetNode[];
    const retail = owned.find((node) => node.dataset.private_id === 'Retail')!;
    assert.equal(model.knownDetails(retail).lacking, true, 'the tree row leaves its tooltip to the hover');
    const hovered = await model.readDetails(retail);
    const tooltip = describeNode(hovered).tooltip ?? '';
    assert.match(tooltip, /Owner: RetailCo/);
    assert.match(tooltip, /Rows: [\d,]+/);
    assert.match(tooltip, /Public name: Retail customers/, 'the listing\'s own lines stay');
    assert.equal(hovered.id, retail.id);
    await model.readDetails(retail);
    await model.getChildren(retail);
    assert.equal(calls.get('call:getDatasetMetadata'), 1, 'hovering again and expanding read nothing more');
    const known = model.knownDetails(retail);
    assert.equal(known.lacking, false);
    assert.match(describeNode(known.node).tooltip ?? '', /Owner: RetailCo/, 'a redrawn row has the details at once');

    const bank = ((await model.getChildren(await group(model, 'shared'))) as DatasetNode[]).find((node) => node.dataset.private_id === 'Bank')!;
    assert.equal(model.knownDetails(bank).lacking, false, 'a 1.0 row has its statistics');
    assert.equal(await model.readDetails(bank), bank);
    assert.equal(calls.get('call:getDatasetMetadata'), 1);

    model.refresh();
    const again = ((await model.getChildren(await group(model, 'owned'))) as DatasetNode[]).find((node) => node.dataset.private_id === 'Retail')!;
    assert.equal(model.knownDetails(again).lacking, true, 'a refresh reads the details again');
  });

  test('a failed details read leaves the tooltip as it was, and is not repeated on every hover', async () => {
    const { client, calls } = emulator.createClient('demo-key-ana');
    const model = new DatasetsModel(readyScope(client), MODEL_OPTIONS);
    const ownedGroup = await group(model, 'owned');
    const gone: DatasetNode = { kind: 'dataset', id: `${ownedGroup.id}/Gone`, parent: ownedGroup, profile: 'demo', group: 'owned', dataset: { private_id: 'Gone', product: 'INSIGHT' } };
    const before = describeNode(gone).tooltip;
    assert.equal(describeNode(await model.readDetails(gone)).tooltip, before);
    await model.readDetails(gone);
    assert.equal(calls.get('call:getDatasetMetadata'), 1);
  });

  test('a hostile public name passes through as plain text', async () => {
    const model = new DatasetsModel(readyScope(emulator.createClient('demo-key-ana').client), MODEL_OPTIONS);
    const owned = (await model.getChildren(await group(model, 'owned'))) as DatasetNode[];
    const hostile = describeNode(owned.find((node) => node.dataset.private_id === HOSTILE_DATASET.privateId)!);
    assert.equal(hostile.description, HOSTILE_DATASET.publicName);
    assert.ok(hostile.tooltip?.includes(`Public name: ${HOSTILE_DATASET.publicName}`));
    assert.ok(hostile.tooltip?.includes(HOSTILE_DATASET.description), 'the description is kept verbatim, as text');
  });

  test('loads metadata only when a dataset is expanded, and only once', async () => {
    const { client, calls } = emulator.createClient('demo-key-ana');
    const model = new DatasetsModel(readyScope(client), MODEL_OPTIONS);
    const owned = (await model.getChildren(await group(model, 'owned'))) as DatasetNode[];
    await model.getChildren(await group(model, 'shared'));
    assert.equal(calls.get('call:getDatasetMetadata') ?? 0, 0, 'listing the datasets loads no metadata');
    assert.equal(calls.get('listDatasetsConverted'), 1, 'the shared list; the owned datasets come a 2.0 page at a time');
    assert.equal(calls.get('call:listDatasetsV2'), 1);
    const retail = owned.find((node) => node.dataset.private_id === 'Retail')!;
    const children = await model.getChildren(retail);
    await model.getChildren(retail);
    assert.equal(calls.get('call:getDatasetMetadata'), 1);
    const kinds = new Set(children.map((node) => node.kind));
    assert.ok(kinds.has('datasetKey') && kinds.has('category') && kinds.has('outputColumn'), `keys, output columns and categories: ${[...kinds].join(', ')}`);
    assert.ok(labels(children).includes('email'), 'the email key is listed');
    const age = children.find((node) => node.kind === 'category' && node.category.label === 'Age');
    assert.ok(age, 'the Age category is listed');
    const representations = await model.getChildren(age);
    assert.ok(representations.length > 0);
    assert.ok(representations.every((node) => node.kind === 'representation' && describeNode(node).description !== undefined), 'each representation shows its data type');
    assert.equal(model.getParent(representations[0]!), age);
    assert.equal(model.getParent(age), retail);
  });

  test('filters on private ID and public name, ignoring case, asking the service for the matches once per filter', async () => {
    const { client, calls } = emulator.createClient('demo-key-ana');
    const model = new DatasetsModel(readyScope(client), MODEL_OPTIONS);
    await model.getChildren();
    const changes: (ExplorerNode | undefined)[] = [];
    model.onDidChange((node) => changes.push(node));
    model.setFilter('  COURIER ');
    assert.equal(model.filter, 'COURIER');
    assert.deepEqual(changes, [undefined]);
    const shared = await group(model, 'shared');
    assert.equal(describeNode(shared).description, `2 of 5`);
    assert.deepEqual(labels(await model.getChildren(shared)), ['PubAudience', 'Publisher1']);
    const owned = await group(model, 'owned');
    assert.deepEqual(labels(await model.getChildren(owned)), ['No dataset matches "COURIER".']);
    model.setFilter('bank');
    assert.deepEqual(labels(await model.getChildren(await group(model, 'shared'))), ['Bank']);
    // The shared list once; per filter, the owned datasets the service finds by private ID and by public name.
    assert.equal(calls.get('listDatasetsConverted'), 5);
    model.setFilter('courier');
    assert.deepEqual(labels(await model.getChildren(await group(model, 'shared'))), ['PubAudience', 'Publisher1']);
    assert.equal(calls.get('listDatasetsConverted'), 5, 'a filter asked before (any case) is not asked again');
  });

  test('findDataset clears a filter that hides the dataset and returns the cached node', async () => {
    const model = new DatasetsModel(readyScope(emulator.createClient('demo-key-ana').client), MODEL_OPTIONS);
    model.setFilter('retail');
    const found = await model.findDataset('insurer');
    assert.ok(found, 'found ignoring case');
    assert.equal(found.dataset.private_id, 'Insurer');
    assert.equal(model.filter, '');
    const parent = model.getParent(found);
    assert.ok(parent?.kind === 'group' && parent.group === 'shared');
    assert.ok((await model.getChildren(parent)).includes(found), 'the same object the tree is given');
    assert.equal(await model.findDataset('Publisher2'), undefined);
  });

  test('an API key the service refuses becomes one row offering to set the key', async () => {
    const model = new DatasetsModel(readyScope(emulator.createClient('demo-key-wrong').client), MODEL_OPTIONS);
    const roots = await model.getChildren();
    assert.equal(roots.length, 1);
    const message = roots[0] as MessageNode;
    assert.equal(message.kind, 'message');
    assert.equal(message.severity, 'problem');
    assert.deepEqual(message.action, { command: 'iql.setApiKey', title: 'Set API Key…', arguments: ['demo'] });
    assert.match(message.detail ?? '', /401/);
    assert.equal(describeNode(message).command?.command, 'iql.setApiKey');
  });
});

describe('DatasetsModel with an unreachable service', () => {
  test('shows a retry row, not an exception', async (t) => {
    const emulator = await startExplorerEmulator();
    await emulator.close();
    // The emulator's port is closed now: nothing answers there.
    const created = ServiceClient.create({ name: 'demo', baseUrl: emulator.url, apiKey: 'demo-key-ana' }, { version: 'test', retry: { maxAttempts: 1 } });
    assert.ok(created.ok);
    const client = created.value;
    t.after(() => client.close());
    const model = new DatasetsModel(readyScope(client), MODEL_OPTIONS);
    const roots = await model.getChildren();
    assert.equal(roots.length, 1);
    const message = roots[0] as MessageNode;
    assert.equal(message.severity, 'problem');
    assert.equal(message.text, 'Cannot reach the clean-room service of profile "demo".');
    assert.match(message.detail ?? '', /127\.0\.0\.1/);
    assert.equal(message.action?.command, 'test.refresh');
  });
});

describe('DatasetsModel with a big catalogue', () => {
  const COUNT = 10_000;
  const datasets: Dataset[] = Array.from({ length: COUNT }, (_, index) => ({
    private_id: `Data${String(index).padStart(5, '0')}`,
    public_name: `Public dataset ${index}`,
    product: 'INSIGHT',
    stats: { row_count: String(index * 1000) },
  }));
  // The service layer's streamed read of List Datasets 1.0 and the pages of 2.0, answering from memory.
  const fake = {
    listDatasetsConverted: <T>(convert: (dataset: Dataset) => T, query?: { 'filter.ownership'?: string }) =>
      Promise.resolve({ ok: true, value: (query?.['filter.ownership'] === 'OWNED' ? datasets : []).map(convert) }),
    call: (operation: string, input: { query: { 'pagination.page': number; 'pagination.per_page': number } }) => {
      assert.equal(operation, 'listDatasetsV2');
      const { 'pagination.page': page, 'pagination.per_page': perPage } = input.query;
      const items = datasets.slice((page - 1) * perPage, page * perPage).map((dataset) => ({ dataset_id: `id-${dataset.private_id}`, private_id: dataset.private_id, public_name: dataset.public_name }));
      const more = page * perPage < COUNT;
      return Promise.resolve({ ok: true, value: { datasets: items, pagination: { results: items.length, total_results: COUNT, ...(more ? { next_page: page + 1 } : {}) } } });
    },
  } as unknown as ServiceClient;

  test('shows the first page with "Show more…", builds rows quickly, and pages on demand', async () => {
    const model = new DatasetsModel(readyScope(fake), { ...MODEL_OPTIONS, pageSize: 200 });
    const started = performance.now();
    const owned = await group(model, 'owned');
    const children = await model.getChildren(owned);
    for (const node of children) describeNode(node);
    const elapsed = performance.now() - started;
    assert.equal(children.length, 201);
    const more = children.at(-1) as MoreNode;
    assert.equal(more.kind, 'more');
    assert.equal(describeNode(more).description, `200 of ${COUNT} shown`);
    assert.deepEqual(describeNode(more).command?.arguments, [more]);
    assert.ok(elapsed < 500, `listing 10,000 datasets took ${elapsed.toFixed(1)} ms`);

    const changed: (ExplorerNode | undefined)[] = [];
    model.onDidChange((node) => changed.push(node));
    model.showMore(more);
    assert.deepEqual(changed, [owned]);
    assert.equal((await model.getChildren(owned)).length, 401);

    const filterStarted = performance.now();
    model.setFilter('data0999');
    const filtered = await model.getChildren(await group(model, 'owned'));
    assert.ok(performance.now() - filterStarted < 200, 'filtering 10,000 datasets is quick');
    assert.deepEqual(labels(filtered), Array.from({ length: 10 }, (_, i) => `Data0999${i}`));
  });

  test('findDataset extends the list past "Show more…" to reach the dataset', async () => {
    const model = new DatasetsModel(readyScope(fake), { ...MODEL_OPTIONS, pageSize: 100 });
    const found = await model.findDataset('Data09876');
    assert.ok(found);
    const parent = model.getParent(found)!;
    const children = await model.getChildren(parent);
    assert.ok(children.includes(found));
    assert.ok(children.length >= 9877 && children.length <= 9878);
  });
});
