import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { ExplorerNode, GroupNode, SectionNode } from '../../../../client/src/explorer/explorer-node';
import { describeNode } from '../../../../client/src/explorer/node-items';

const HOSTILE = '<img src=x onerror=alert(1)>';
const group: GroupNode = { kind: 'group', id: 'p/owned', profile: 'p', group: 'owned', total: 12, matching: 3, filtered: true };
const section: SectionNode = { kind: 'section', id: 'p/CLB.x/segments', profile: 'p', collaborationId: 'CLB.x', section: 'segments' };

/** One node of every kind, several with hostile service text. */
const SAMPLES: ExplorerNode[] = [
  group,
  { kind: 'dataset', id: 'p/owned/Hostile', parent: group, profile: 'p', group: 'owned', dataset: { private_id: 'Hostile', public_name: HOSTILE, product: 'INSIGHT' } },
  { kind: 'datasetKey', id: 'k', key: { label: HOSTILE, null_fraction: 0.25, num_distinct: 1200 } },
  { kind: 'outputColumn', id: 'o', name: 'ID' },
  { kind: 'category', id: 'c', category: { label: HOSTILE, representations: [{ label: 'Age', data_type: 'INTEGERS' }, { label: 'Bins', data_type: 'INTEGER_RANGES' }] } },
  { kind: 'representation', id: 'r', representation: { label: HOSTILE, data_type: 'STRINGS', possible_values: [HOSTILE, 'b'] } },
  { kind: 'collaboration', id: 'p/CLB.x', profile: 'p', collaboration: { id: 'CLB.x', name: HOSTILE, description: HOSTILE, members: [{ display_name: HOSTILE }] } },
  section,
  {
    kind: 'collaborationDataset',
    id: 'cd',
    profile: 'p',
    collaborationId: 'CLB.x',
    dataset: { id: 'D.1', collaboration_dataset_name: 'self', public_dataset_name: HOSTILE, attributes: [], keys: [], output_columns: ['ID'] },
  },
  { kind: 'attribute', id: 'a', attribute: { label: HOSTILE, value_type: 'STRING', fill_rate: 0.5 } },
  { kind: 'collaborationKey', id: 'ck', key: { label: 'email', fill_rate: 1 } },
  { kind: 'destination', id: 'd', profile: 'p', collaborationId: 'CLB.x', destination: { id: 'DST.1', name: HOSTILE, destination_type_id: 'sftp' } },
  { kind: 'segment', id: 's', parent: section, profile: 'p', collaborationId: 'CLB.x', segment: { id: 'ATS.1', name: HOSTILE, status: 'ACTIVATION_SEGMENT_STATUS_READY', row_count: '4200' } },
  { kind: 'more', id: 'm', parent: group, shown: 200, total: 10_000, action: { command: 'x.more', title: 'Show more' } },
  { kind: 'message', id: 'msg', text: 'Profile "p" has no API key yet.', severity: 'problem', action: { command: 'iql.setApiKey', title: 'Set API Key…', arguments: ['p'] } },
];

describe('describeNode', () => {
  test('service text reaches labels, descriptions and tooltips unchanged, as plain strings', () => {
    for (const node of SAMPLES) {
      const item = describeNode(node);
      for (const text of [item.label, item.description, item.tooltip]) {
        if (text === undefined) continue;
        assert.equal(typeof text, 'string');
        // Either the hostile text is there verbatim (plain text) or not at all; never altered into markup.
        if (text.includes('<img')) assert.ok(text.includes(HOSTILE), `${node.kind}: ${text}`);
      }
    }
    const dataset = describeNode(SAMPLES[1]!);
    assert.equal(dataset.label, 'Hostile');
    assert.equal(dataset.description, HOSTILE);
    assert.equal(describeNode(SAMPLES[6]!).label, HOSTILE);
  });

  test('context values match the menus of package.json', () => {
    const byKind = new Map(SAMPLES.map((node) => [node.kind, describeNode(node).contextValue]));
    assert.equal(byKind.get('dataset'), 'iql.dataset');
    // Without a collaboration above them (rights unknown), every action is offered.
    assert.equal(byKind.get('collaborationDataset'), 'iql.collaborationDataset:removable:stats');
    assert.equal(byKind.get('segment'), 'iql.segment:operate');
    // The dataset menus match /^iql\.dataset/: no other row may start that way.
    const others = SAMPLES.filter((node) => node.kind !== 'dataset').map((node) => describeNode(node).contextValue);
    assert.ok(others.every((value) => !/^iql\.dataset/.test(value)), others.join(', '));
  });

  test('an activation dataset has its own context value', () => {
    const node: ExplorerNode = { kind: 'dataset', id: 'x', profile: 'p', group: 'owned', dataset: { private_id: 'Retail', product: 'IDENTITY' } };
    assert.equal(describeNode(node).contextValue, 'iql.dataset.activation');
    assert.match(describeNode(node).tooltip ?? '', /Activation: yes/);
  });

  test('groups show how many datasets pass the filter', () => {
    assert.equal(describeNode(group).description, '3 of 12');
    assert.equal(describeNode({ ...group, filtered: false, matching: 12 }).description, '12');
    assert.equal(describeNode(group).collapsible, 'expanded');
  });

  test('rows summarise keys, categories, segments and attributes', () => {
    const items = SAMPLES.map(describeNode);
    assert.equal(items[2]!.description, 'key · 75% filled · 1,200 distinct');
    assert.equal(items[4]!.description, 'INTEGERS, INTEGER_RANGES');
    assert.equal(items[4]!.collapsible, 'collapsed');
    assert.equal(items[9]!.description, 'STRING · 50% filled');
    assert.equal(items[12]!.description, 'ready · 4,200 rows');
    assert.equal(items[8]!.collapsible, 'collapsed');
  });

  test('"Show more…" passes itself to its command; a message runs its fix', () => {
    const more = describeNode(SAMPLES[13]!);
    assert.deepEqual(more.command, { command: 'x.more', title: 'Show more', arguments: [SAMPLES[13]] });
    assert.equal(more.description, '200 of 10000 shown');
    const message = describeNode(SAMPLES[14]!);
    assert.equal(message.label, 'Profile "p" has no API key yet.');
    assert.equal(message.description, 'Set API Key…');
    assert.deepEqual(message.command?.arguments, ['p']);
    assert.equal(message.icon, 'warning');
  });

  test('ids are the node ids, so that expansion survives a refresh', () => {
    for (const node of SAMPLES) assert.equal(describeNode(node).id, node.id);
  });
});
