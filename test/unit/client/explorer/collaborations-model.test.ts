import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CollaborationsModel } from '../../../../client/src/explorer/collaborations-model';
import type { CollaborationNode, ExplorerNode, MessageNode, SectionNode } from '../../../../client/src/explorer/explorer-node';
import { describeNode } from '../../../../client/src/explorer/node-items';
import { MODEL_OPTIONS, readyScope, startExplorerEmulator } from './explorer-fixture';
import type { ExplorerEmulator } from './explorer-fixture';
import { createActivationSegment } from '../../../../service/src';

function labels(nodes: readonly ExplorerNode[]): string[] {
  return nodes.map((node) => describeNode(node).label);
}

async function section(model: CollaborationsModel, id: string, which: SectionNode['section']): Promise<SectionNode> {
  const found = await model.findSection(id, which);
  assert.ok(found, `section ${which} of ${id}`);
  return found;
}

describe('CollaborationsModel against the emulator (demo-key-ana)', () => {
  let emulator: ExplorerEmulator;
  before(async () => {
    emulator = await startExplorerEmulator();
  });
  after(() => emulator.close());

  test("lists Ana's collaborations with their ID as description, and not the one she is not in", async () => {
    const model = new CollaborationsModel(readyScope(emulator.createClient('demo-key-ana').client), MODEL_OPTIONS);
    const roots = (await model.getChildren()) as CollaborationNode[];
    assert.deepEqual(labels(roots), ['Bank x Retail insights', 'Retail x Publisher']);
    assert.deepEqual(roots.map((node) => describeNode(node).description), ['CLB.finance · active · you: member', 'CLB.demo · active · you: owner']);
    assert.ok(!roots.some((node) => node.collaboration.id === 'CLB.media'));
    assert.match(describeNode(roots[1]!).tooltip ?? '', /RetailCo customers meet Daily Courier readers/);
    assert.deepEqual(labels(await model.getChildren(roots[1])), ['Members', 'Datasets', 'Destinations', 'Activation segments', 'Events (newest first)']);
  });

  test("each collaboration carries the company's role and rights, read from Get Collaboration when the list has none", async () => {
    const model = new CollaborationsModel(readyScope(emulator.createClient('demo-key-ana').client), MODEL_OPTIONS);
    const roots = (await model.getChildren()) as CollaborationNode[];
    // RetailCo owns CLB.demo with every right; in CLB.finance it is a member with operator and detailed logs, not contributor.
    assert.deepEqual(roots.map((node) => describeNode(node).contextValue), ['iql.collaboration:active:member:operator:logs', 'iql.collaboration:active:owner:contributor:operator:logs']);
    const financeDatasets = await model.getChildren(await section(model, 'CLB.finance', 'datasets'));
    // Not a contributor there: even its own dataset is not removable; stats are (detailed logs).
    assert.deepEqual(financeDatasets.map((node) => describeNode(node).contextValue), ['iql.collaborationDataset:stats', 'iql.collaborationDataset:stats', 'iql.collaborationDataset:stats']);
    const members = await model.getChildren(await section(model, 'CLB.finance', 'members'));
    assert.deepEqual(labels(members), ['BankCo', 'InsureCo', 'RetailCo']);
    assert.deepEqual(members.map((node) => describeNode(node).description), ['owner · operator, contributor, detailed logs', 'contributor', 'your company · operator, detailed logs']);
    const events = await model.getChildren(await section(model, 'CLB.finance', 'events'));
    assert.ok(labels(events).includes('BankCo created the collaboration'), labels(events).join(' | '));
  });

  test('a collaboration lists its datasets with attributes, keys and output columns', async () => {
    const model = new CollaborationsModel(readyScope(emulator.createClient('demo-key-ana').client), MODEL_OPTIONS);
    const datasets = await model.getChildren(await section(model, 'CLB.demo', 'datasets'));
    assert.deepEqual(labels(datasets), ['graph', 'self', 'them']);
    const self = datasets.find((node) => node.kind === 'collaborationDataset' && node.dataset.collaboration_dataset_name === 'self')!;
    const item = describeNode(self);
    // RetailCo's own dataset, in a collaboration where it is a contributor: removable; the others are not.
    assert.equal(item.contextValue, 'iql.collaborationDataset:removable:stats');
    assert.equal(describeNode(datasets[2]!).contextValue, 'iql.collaborationDataset:stats');
    assert.equal(item.description, 'Retail customers');
    const children = await model.getChildren(self);
    const kinds = new Set(children.map((node) => node.kind));
    assert.ok(kinds.has('attribute') && kinds.has('collaborationKey') && kinds.has('outputColumn'), [...kinds].join(', '));
    assert.ok(labels(children).includes('ID'), 'the ID output column is listed');
    assert.ok(labels(children).includes('Age'), 'the Age attribute is listed');
  });

  test('a collaboration lists its destinations and activation segments', async () => {
    const model = new CollaborationsModel(readyScope(emulator.createClient('demo-key-ana').client), MODEL_OPTIONS);
    const destinations = await model.getChildren(await section(model, 'CLB.demo', 'destinations'));
    assert.deepEqual(labels(destinations), ['Courier ad server', 'RetailCo SFTP drop']);
    assert.equal(describeNode(destinations[1]!).description, 'sftp');
    const segments = await model.getChildren(await section(model, 'CLB.demo', 'segments'));
    assert.deepEqual(labels(segments), ['Cyclists and runners', 'Young readers']);
    assert.ok(segments.every((node) => describeNode(node).contextValue === 'iql.segment:operate'));
    assert.deepEqual(destinations.map((node) => describeNode(node).contextValue), ['iql.destination', 'iql.destination:removable']);
    const finance = await model.getChildren(await section(model, 'CLB.finance', 'segments'));
    assert.deepEqual(labels(finance), ['High earners']);
  });

  test("a segment expands to its exports, newest first, with the destination's name, rows and status", async () => {
    const { client } = emulator.createClient('demo-key-ana');
    const model = new CollaborationsModel(readyScope(client), MODEL_OPTIONS);
    const segments = await model.getChildren(await section(model, 'CLB.demo', 'segments'));
    const cyclists = segments.find((node) => node.kind === 'segment' && node.segment.name === 'Cyclists and runners');
    assert.ok(cyclists && cyclists.kind === 'segment');
    assert.equal(describeNode(cyclists).collapsible, 'collapsed');
    const before = await model.getChildren(cyclists);
    const started = await client.call('exportActivationSegment', { params: { collaboration_id: 'CLB.demo', activation_segment_id: cyclists.segment.id }, body: { destination_id: 'DST.retail-sftp' } });
    assert.ok(started.ok, started.ok ? '' : started.error.message);
    model.reloadSegmentExports(cyclists);
    const exports = await model.getChildren(cyclists);
    assert.equal(exports.filter((node) => node.kind === 'segmentExport').length, before.filter((node) => node.kind === 'segmentExport').length + 1);
    const newest = exports[0]!;
    assert.ok(newest.kind === 'segmentExport' && newest.record.export_id === started.value.export_id, 'the newest export first');
    assert.match(describeNode(newest).label, /RetailCo SFTP drop/, 'the destination by name');
  });

  test('finds a collaboration dataset by its name for reveal, through cached nodes', async () => {
    const model = new CollaborationsModel(readyScope(emulator.createClient('demo-key-ana').client), MODEL_OPTIONS);
    model.setFilter('finance');
    const found = await model.findCollaborationDataset('CLB.demo', 'THEM');
    assert.ok(found, 'found ignoring case, with the filter cleared');
    assert.equal(found.dataset.collaboration_dataset_name, 'them');
    assert.equal(model.filter, '');
    const sectionNode = model.getParent(found)!;
    assert.ok((await model.getChildren(sectionNode)).includes(found));
    const collaboration = model.getParent(sectionNode)!;
    assert.ok(collaboration.kind === 'collaboration' && collaboration.collaboration.id === 'CLB.demo');
    assert.equal(model.getParent(collaboration), undefined);
    assert.equal(await model.findCollaborationDataset('CLB.media', 'herald'), undefined);
    assert.equal(await model.findCollaborationDataset('CLB.demo', 'nosuch'), undefined);
  });

  test('reloadSection reads a section again after a change at the service', async () => {
    const { client, calls } = emulator.createClient('demo-key-ana');
    const model = new CollaborationsModel(readyScope(client), MODEL_OPTIONS);
    const segments = await section(model, 'CLB.finance', 'segments');
    assert.deepEqual(labels(await model.getChildren(segments)), ['High earners']);
    const created = await createActivationSegment(client, 'CLB.finance', { name: 'Shoppers', query: 'SELECT shop.ID FROM shop INTERSECT bank' });
    assert.ok(created.ok, created.ok ? '' : created.error.message);
    const changed: (ExplorerNode | undefined)[] = [];
    model.onDidChange((node) => changed.push(node));
    await model.reloadSection('CLB.finance', 'segments');
    assert.deepEqual(changed, [segments]);
    assert.deepEqual(labels(await model.getChildren(segments)), ['High earners', 'Shoppers']);
    assert.equal(calls.get('call:listActivationSegments'), 2, 'listed once before and once after the reload');
  });

  test('filters collaborations by name or ID, ignoring case', async () => {
    const model = new CollaborationsModel(readyScope(emulator.createClient('demo-key-ana').client), MODEL_OPTIONS);
    model.setFilter('clb.DEMO');
    assert.deepEqual(labels(await model.getChildren()), ['Retail x Publisher']);
    model.setFilter('nothing like it');
    assert.deepEqual(labels(await model.getChildren()), ['No collaboration matches "nothing like it".']);
  });
});

describe('CollaborationsModel and exports started elsewhere', () => {
  test('a running export is followed in the background and its row ends with its rows and rejected rows', async (t) => {
    const emulator = await startExplorerEmulator();
    t.after(() => emulator.close());
    const { client } = emulator.createClient('demo-key-ana');
    const model = new CollaborationsModel(readyScope(client), MODEL_OPTIONS);
    const segments = await model.getChildren(await section(model, 'CLB.demo', 'segments'));
    const cyclists = segments.find((node) => describeNode(node).label === 'Cyclists and runners');
    assert.ok(cyclists);
    // Started as the command line would, not by the tree.
    const started = await client.call('exportActivationSegment', {
      params: { collaboration_id: 'CLB.demo', activation_segment_id: 'ATS.demo1' },
      body: { destination_id: 'DST.retail-sftp', push_config: { path: '/elsewhere' } },
    });
    assert.ok(started.ok);
    const rowOf = async (): Promise<{ label: string; description?: string } | undefined> =>
      (await model.getChildren(cyclists)).map((node) => describeNode(node)).find((item) => (item.description ?? '').includes(started.value.export_id));
    assert.match((await rowOf())?.label ?? '', /^running · /);
    const changed = new Promise<void>((resolve) => model.onDidChange(() => resolve()));
    await changed;
    const ended = await rowOf();
    assert.match(ended?.label ?? '', /^successful · RetailCo SFTP drop$/);
    assert.match(ended?.description ?? '', /^[\d,]+ rows · 0 rejected · export /);
  });
});

describe('CollaborationsModel when the service refuses', () => {
  test('a 403 becomes one calm row, without an action', async (t) => {
    const emulator = await startExplorerEmulator({ faults: 'list-collaborations:403' });
    t.after(() => emulator.close());
    const model = new CollaborationsModel(readyScope(emulator.createClient('demo-key-ana').client), MODEL_OPTIONS);
    const roots = await model.getChildren();
    assert.equal(roots.length, 1);
    const message = roots[0] as MessageNode;
    assert.equal(message.kind, 'message');
    assert.equal(message.severity, 'problem');
    assert.equal(message.action, undefined);
    assert.match(message.detail ?? '', /403/);
  });

  test('a failing section shows its problem under the section only', async (t) => {
    const emulator = await startExplorerEmulator({ faults: 'list-destinations:500' });
    t.after(() => emulator.close());
    const model = new CollaborationsModel(readyScope(emulator.createClient('demo-key-ana').client), MODEL_OPTIONS);
    assert.equal((await model.getChildren()).length, 2, 'the collaborations are still listed');
    const destinations = await model.getChildren(await section(model, 'CLB.demo', 'destinations'));
    assert.equal(destinations.length, 1);
    assert.equal((destinations[0] as MessageNode).text, 'The clean-room service could not answer just now.');
    assert.equal((destinations[0] as MessageNode).action?.command, 'test.refresh');
  });
});
