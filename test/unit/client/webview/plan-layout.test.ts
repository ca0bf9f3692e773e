import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { layoutPlanGraph } from '../../../../client/webview/plan/plan-layout';
import type { PlacedNode } from '../../../../client/webview/plan/plan-layout';

function overlaps(a: PlacedNode, b: PlacedNode): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('layoutPlanGraph', () => {
  it('places every box apart, left to right along the hops, inside the drawing', () => {
    const layout = layoutPlanGraph({
      nodes: [
        { id: 'n0', width: 120, height: 50 },
        { id: 'n1', width: 90, height: 40 },
        { id: 'n2', width: 90, height: 40 },
        { id: 'n3', width: 150, height: 60 },
      ],
      edges: [
        { from: 'n0', to: 'n1', width: 100, height: 20 },
        { from: 'n0', to: 'n2', width: 100, height: 36 },
        { from: 'n2', to: 'n3', width: 80, height: 20 },
        { from: 'n2', to: 'n3', width: 80, height: 20 },
      ],
    });
    for (const [index, node] of layout.nodes.entries()) {
      assert.ok(node.x >= 0 && node.y >= 0 && node.x + node.width <= layout.width && node.y + node.height <= layout.height, `n${index} inside`);
      for (const other of layout.nodes.slice(index + 1)) assert.ok(!overlaps(node, other), `${node.id} and ${other.id} apart`);
    }
    const x = Object.fromEntries(layout.nodes.map((node) => [node.id, node.x]));
    assert.ok(x.n0 < x.n1 && x.n0 < x.n2 && x.n2 < x.n3);
    assert.deepEqual(layout.edges.map((edge) => edge.index), [0, 1, 2, 3]);
    for (const edge of layout.edges) assert.ok(edge.points.length >= 2 && Number.isFinite(edge.labelX) && Number.isFinite(edge.labelY));
  });

  it('leaves out an edge to an unknown node and lays out an empty graph', () => {
    const layout = layoutPlanGraph({ nodes: [{ id: 'n0', width: 10, height: 10 }], edges: [{ from: 'n0', to: 'ghost', width: 1, height: 1 }] });
    assert.deepEqual(layout.edges, []);
    assert.equal(layout.nodes.length, 1);
    const empty = layoutPlanGraph({ nodes: [], edges: [] });
    assert.deepEqual([empty.nodes, empty.edges], [[], []]);
    assert.ok(empty.width > 0 && empty.height > 0);
  });
});
