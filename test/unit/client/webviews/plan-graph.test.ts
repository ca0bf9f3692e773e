import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ExplainQueryResponse } from '../../../../common/api';
import { buildPlanGraph, describeJoinTree } from '../../../../client/src/webviews/plan-graph';
import type { PlanGraph } from '../../../../client/src/webviews/plan-graph';
import { formatPlanCount } from '../../../../common/plan/plan-outline';
import { HOSTILE_NAME, startWebviewsEmulator } from './webviews-fixture';
import type { WebviewsEmulator } from './webviews-fixture';

function nodeNamed(graph: PlanGraph, label: string) {
  const node = graph.nodes.find((candidate) => candidate.label === label);
  assert.ok(node, `a node for ${label} in ${JSON.stringify(graph.nodes.map((n) => n.label))}`);
  return node;
}

function edgeBetween(graph: PlanGraph, from: string, to: string) {
  const edge = graph.edges.find((candidate) => candidate.from === nodeNamed(graph, from).id && candidate.to === nodeNamed(graph, to).id);
  assert.ok(edge, `an edge ${from} → ${to} in ${JSON.stringify(graph.edges)}`);
  return edge;
}

describe('buildPlanGraph, on plans from the emulator', () => {
  let emulator: WebviewsEmulator;
  before(async () => {
    emulator = await startWebviewsEmulator();
  });
  after(async () => {
    await emulator.close();
  });

  it('draws an intersection as two datasets joined on their shared key, with its overlap', async () => {
    const plan = await emulator.explain("SELECT AGGREGATE(Retail.Gender) FROM Retail INTERSECT Publisher1 WHERE Retail.Region = 'Scotland'");
    const graph = buildPlanGraph(plan);
    assert.deepEqual(graph.nodes.map((node) => node.label), ['Retail', 'Publisher1']);
    assert.deepEqual(nodeNamed(graph, 'Retail').roles, ['counted', 'member']);
    assert.deepEqual(nodeNamed(graph, 'Publisher1').roles, ['member']);
    assert.equal(graph.edges.length, 1);
    const edge = edgeBetween(graph, 'Retail', 'Publisher1');
    assert.equal(edge.kind, 'audience');
    const hop = plan.hop_table.find((row) => row.to_private_id === 'Publisher1');
    assert.ok(hop?.key_name);
    assert.deepEqual(edge.keys.map((key) => key.key), [hop.key_name]);
    assert.equal(edge.keys[0].overlap, formatPlanCount(hop.overlap));
    assert.match(edge.keys[0].overlap, /^\d{1,3}(,\d{3})*$/);
  });

  it('marks the datasets an EXCLUDE removes, and reads the tree back in IQL words', async () => {
    const plan = await emulator.explain('SELECT AGGREGATE(Retail.Gender) FROM (Retail UNION Bank) EXCLUDE Publisher1');
    const graph = buildPlanGraph(plan);
    assert.deepEqual(nodeNamed(graph, 'Publisher1').roles, ['excluded']);
    assert.deepEqual(nodeNamed(graph, 'Bank').roles, ['member']);
    assert.ok(nodeNamed(graph, 'Publisher1').notes.includes('excluded from the audience'));
    assert.equal(describeJoinTree(plan.query_plan?.plan?.aggregation_joins), '(Retail UNION Bank) EXCLUDE Publisher1');
    assert.deepEqual(edgeBetween(graph, 'Retail', 'Bank').keys.map((key) => key.key).sort(), ['email', 'phone']);
  });

  it('routes a LINK WITH path through the glue dataset, hop by hop', async () => {
    const plan = await emulator.explain('SELECT COUNT() FROM Insurer INTERSECT PubAudience LINK WITH IdGraph');
    const graph = buildPlanGraph(plan);
    assert.deepEqual(nodeNamed(graph, 'IdGraph').roles, ['link']);
    edgeBetween(graph, 'Insurer', 'IdGraph');
    edgeBetween(graph, 'IdGraph', 'PubAudience');
    assert.ok(!graph.edges.some((edge) => edge.from === nodeNamed(graph, 'Insurer').id && edge.to === nodeNamed(graph, 'PubAudience').id), 'no shortcut edge besides the hops');
  });

  it('tells filter hops from audience hops', async () => {
    const plan = await emulator.explain('SELECT COUNT() FROM Retail WHERE Bank.Income > 20000 ENRICH WITH Bank');
    const graph = buildPlanGraph(plan);
    assert.deepEqual(nodeNamed(graph, 'Bank').roles, ['filter']);
    assert.equal(edgeBetween(graph, 'Retail', 'Bank').kind, 'filter');
  });
});

describe('buildPlanGraph, on hand-made plans', () => {
  const hostile: ExplainQueryResponse = {
    query_plan: {
      plan: {
        private_id: 'Retail',
        aggregation_joins: {
          id: 1,
          combinator: {
            type: 'AND',
            joins: [
              { id: 2, from_private_id: 'Retail', to_private_id: 'Retail' },
              { id: 3, from_private_id: 'Retail', to_private_id: HOSTILE_NAME, keys: { used: ['<b>email</b>'], keys: [{ key_name: '<b>email</b>', overlap: '12', duplicates: '0', from_dataset_size: '30', to_dataset_size: '40' }] } },
            ],
          },
        },
      },
    },
    hop_table: [],
  };

  it('keeps a dataset named like HTML as its label, exactly, and never as an id', () => {
    const graph = buildPlanGraph(hostile);
    const node = nodeNamed(graph, HOSTILE_NAME);
    assert.equal(node.label, '<img src=x onerror=alert(1)>');
    for (const each of graph.nodes) assert.match(each.id, /^n\d+$/);
    const edge = edgeBetween(graph, 'Retail', HOSTILE_NAME);
    assert.deepEqual(edge.keys, [{ key: '<b>email</b>', overlap: '12', duplicates: '0', fromSize: '30', toSize: '40' }]);
  });

  it('survives an empty or partial answer', () => {
    assert.deepEqual(buildPlanGraph({ hop_table: [] }), { nodes: [], edges: [] });
    const partial = buildPlanGraph({ query_plan: { plan: { aggregation_joins: { combinator: { type: 'OR', joins: [{}] } } } }, hop_table: [{ from_private_id: 'A' }] });
    assert.deepEqual(partial.edges, []);
    assert.equal(describeJoinTree(undefined), undefined);
  });

  it('names a dataset that only holds dimensions as enrichment', () => {
    const graph = buildPlanGraph({
      query_plan: { plan: { private_id: 'Retail', aggregation_joins: { from_private_id: 'Retail', to_private_id: 'Retail' } }, results: { dimensions: [{ private_id: 'Bank', category: 'Income' }] } },
      hop_table: [],
    });
    assert.deepEqual(nodeNamed(graph, 'Bank').roles, ['enrich']);
  });
});
