/**
 * Where the plan graph's boxes and arrows go, computed by dagre (a layered graph layout) from
 * the sizes the webview measured. Pure geometry: no DOM, so it runs in the webview bundle and
 * in unit tests alike.
 */
import { Graph, layout } from '@dagrejs/dagre';
import type { EdgeLabel, GraphLabel, NodeLabel } from '@dagrejs/dagre';

export interface LayoutBox {
  readonly width: number;
  readonly height: number;
}

export interface LayoutInput {
  /**
   * Ids must be plain identifiers, like the plan graph's synthetic `n0`, `n1`: dagre keeps them
   * as object keys, where a name such as `__proto__` would break it. Names are labels only.
   */
  readonly nodes: readonly (LayoutBox & { readonly id: string })[];
  /** Edges between node ids, each with the size of its label. */
  readonly edges: readonly (LayoutBox & { readonly from: string; readonly to: string })[];
}

export interface PlacedNode {
  readonly id: string;
  /** Top-left corner. */
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface PlacedEdge {
  /** The index of the edge in `LayoutInput.edges`. */
  readonly index: number;
  readonly points: readonly { readonly x: number; readonly y: number }[];
  /** Centre of the label. */
  readonly labelX: number;
  readonly labelY: number;
}

export interface PlanLayout {
  readonly width: number;
  readonly height: number;
  readonly nodes: readonly PlacedNode[];
  readonly edges: readonly PlacedEdge[];
}

const MARGIN = 16;

/**
 * Lays the graph out left to right (the counted dataset first, hops rightwards). An edge to an
 * unknown node is left out. Never throws for any input; an empty graph has a margin-only size.
 */
export function layoutPlanGraph(input: LayoutInput): PlanLayout {
  const graph = new Graph<GraphLabel, NodeLabel, EdgeLabel>({ multigraph: true });
  graph.setGraph({ rankdir: 'LR', nodesep: 36, ranksep: 72, edgesep: 24, marginx: MARGIN, marginy: MARGIN });
  graph.setDefaultEdgeLabel(() => ({}));
  const known = new Set<string>();
  for (const node of input.nodes) {
    graph.setNode(node.id, { width: node.width, height: node.height });
    known.add(node.id);
  }
  input.edges.forEach((edge, index) => {
    if (!known.has(edge.from) || !known.has(edge.to)) return;
    graph.setEdge(edge.from, edge.to, { width: edge.width, height: edge.height, labelpos: 'c' }, `e${index}`);
  });
  layout(graph);

  const nodes: PlacedNode[] = input.nodes.map((node) => {
    const placed = graph.node(node.id);
    return { id: node.id, x: (placed.x ?? 0) - node.width / 2, y: (placed.y ?? 0) - node.height / 2, width: node.width, height: node.height };
  });
  const edges: PlacedEdge[] = [];
  for (const edge of graph.edges()) {
    const label = graph.edge(edge);
    const index = Number((edge.name ?? '').slice(1));
    if (!Number.isInteger(index)) continue;
    const points = (label.points ?? []).map((point: { x: number; y: number }) => ({ x: point.x, y: point.y }));
    const middle = points[Math.floor(points.length / 2)] ?? { x: 0, y: 0 };
    edges.push({ index, points, labelX: label.x ?? middle.x, labelY: label.y ?? middle.y });
  }
  edges.sort((a, b) => a.index - b.index);
  const size = graph.graph();
  return { width: Math.max(size.width ?? 0, MARGIN * 2), height: Math.max(size.height ?? 0, MARGIN * 2), nodes, edges };
}
