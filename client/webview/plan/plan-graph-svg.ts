/**
 * The join path as an SVG drawing: datasets as boxes, hops as arrows labelled with their keys
 * and overlaps. dagre places them (plan-layout.ts); the elements are built one by one with
 * their text set as `textContent`, so a dataset's name is only ever drawn as characters.
 */
import type { PlanEdge, PlanNode, PlanView } from '../../../common/webview/plan-view';
import { layoutPlanGraph } from './plan-layout';
import { h, svg } from '../shared/dom';
import { zoomableGraph } from './graph-viewport';

const PADDING_X = 12;
const PADDING_Y = 8;
const LINE_HEIGHT = 18;
const NOTE_LINE_HEIGHT = 16;
const LABEL_PADDING = 4;

/** Text widths from a canvas using the page's own fonts, so the boxes fit their names. */
function createMeasurer(): (text: string, kind: 'name' | 'note' | 'edge') => number {
  const context = document.createElement('canvas').getContext('2d');
  const style = getComputedStyle(document.body);
  const family = style.fontFamily || 'sans-serif';
  const size = Number.parseFloat(style.fontSize) || 13;
  const fonts = { name: `600 ${size}px ${family}`, note: `${size - 2}px ${family}`, edge: `${size - 2}px ${family}` };
  return (text, kind) => {
    if (!context) return text.length * size * 0.6;
    context.font = fonts[kind];
    return context.measureText(text).width;
  };
}

/** The lines of an edge's label: one per key, `email · overlap 898`. */
export function edgeLabelLines(edge: PlanEdge): string[] {
  if (edge.keys.length === 0) return [edge.kind === 'filter' ? 'filter' : 'join'];
  return edge.keys.map((key) => `${key.key} · overlap ${key.overlap}`);
}

function edgeTooltip(edge: PlanEdge, from: string, to: string): string {
  const lines = edge.keys.map((key) => `${key.key}: overlap ${key.overlap} of ${key.fromSize} → ${key.toSize} distinct values, duplicates ${key.duplicates}`);
  const kind = edge.kind === 'filter' ? 'Filter hop' : 'Audience hop';
  return [`${kind} ${from} → ${to}${edge.inferred ? ' (keys chosen by the service)' : ''}`, ...lines].join('\n');
}

/** Draws `view.graph` into a figure; an empty graph gets a sentence instead. */
export function drawPlanGraph(view: PlanView): HTMLElement {
  const { nodes, edges } = view.graph;
  if (nodes.length === 0) return h('p', { className: 'note', text: 'The plan names no dataset to draw.' });
  const measure = createMeasurer();
  const boxes = nodes.map((node) => {
    const width = Math.max(measure(node.label, 'name'), ...node.notes.map((note) => measure(note, 'note'))) + PADDING_X * 2;
    const height = LINE_HEIGHT + node.notes.length * NOTE_LINE_HEIGHT + PADDING_Y * 2;
    return { id: node.id, width: Math.ceil(width), height };
  });
  const labels = edges.map(edgeLabelLines);
  const layout = layoutPlanGraph({
    nodes: boxes,
    edges: edges.map((edge, index) => ({
      from: edge.from,
      to: edge.to,
      width: Math.ceil(Math.max(...labels[index].map((line) => measure(line, 'edge'))) + LABEL_PADDING * 2),
      height: labels[index].length * NOTE_LINE_HEIGHT + LABEL_PADDING * 2,
    })),
  });

  const names = new Map(nodes.map((node) => [node.id, node.label]));
  const drawing = svg('svg', {
    class: 'plan-graph',
    width: Math.ceil(layout.width),
    height: Math.ceil(layout.height),
    viewBox: `0 0 ${Math.ceil(layout.width)} ${Math.ceil(layout.height)}`,
    role: 'img',
    'aria-label': `Join path: ${nodes.length} datasets, ${edges.length} hops`,
  });
  const marker = svg('marker', { id: 'arrow', viewBox: '0 0 10 10', refX: 9, refY: 5, markerWidth: 8, markerHeight: 8, orient: 'auto-start-reverse' });
  marker.append(svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrow-head' }));
  const definitions = svg('defs');
  definitions.append(marker);
  drawing.append(definitions);

  for (const placed of layout.edges) {
    const edge = edges[placed.index];
    const group = svg('g', { class: `edge edge-${edge.kind}${edge.inferred ? ' edge-inferred' : ''}` });
    group.append(svg('title', {}, edgeTooltip(edge, names.get(edge.from) ?? '?', names.get(edge.to) ?? '?')));
    const path = placed.points.map((point, index) => `${index === 0 ? 'M' : 'L'} ${point.x.toFixed(1)} ${point.y.toFixed(1)}`).join(' ');
    group.append(svg('path', { d: path, class: 'edge-line', 'marker-end': 'url(#arrow)' }));
    const lines = labels[placed.index];
    const width = Math.max(...lines.map((line) => measure(line, 'edge'))) + LABEL_PADDING * 2;
    const height = lines.length * NOTE_LINE_HEIGHT + LABEL_PADDING * 2;
    group.append(svg('rect', { class: 'edge-label-box', x: placed.labelX - width / 2, y: placed.labelY - height / 2, width, height, rx: 3 }));
    const text = svg('text', { class: 'edge-label', x: placed.labelX, y: placed.labelY - height / 2 + LABEL_PADDING });
    lines.forEach((line, index) => text.append(svg('tspan', { x: placed.labelX, dy: index === 0 ? '1em' : NOTE_LINE_HEIGHT, 'text-anchor': 'middle' }, line)));
    group.append(text);
    drawing.append(group);
  }

  for (const placed of layout.nodes) {
    const node = nodes.find((candidate) => candidate.id === placed.id);
    if (node) drawing.append(drawNode(node, placed));
  }
  return h('figure', { className: 'graph' }, zoomableGraph(drawing, Math.ceil(layout.width), Math.ceil(layout.height)), legend());
}

function drawNode(node: PlanNode, placed: { x: number; y: number; width: number; height: number }): SVGGElement {
  const group = svg('g', { class: ['node', ...node.roles.map((role) => `role-${role}`)].join(' '), transform: `translate(${placed.x.toFixed(1)} ${placed.y.toFixed(1)})` });
  group.append(svg('title', {}, [node.label, ...node.notes].join('\n')));
  group.append(svg('rect', { class: 'node-box', width: placed.width, height: placed.height, rx: 5 }));
  const text = svg('text', { x: PADDING_X, y: PADDING_Y });
  text.append(svg('tspan', { class: 'node-name', x: PADDING_X, dy: '1em' }, node.label));
  node.notes.forEach((note, index) => text.append(svg('tspan', { class: 'node-note', x: PADDING_X, dy: index === 0 ? LINE_HEIGHT : NOTE_LINE_HEIGHT }, note)));
  group.append(text);
  return group;
}

function legend(): HTMLElement {
  return h(
    'figcaption',
    { className: 'graph-legend' },
    h('span', { className: 'legend-audience', text: 'solid: audience hop' }),
    h('span', { className: 'legend-filter', text: 'dashed: filter hop' }),
    h('span', { text: 'hover a box or an arrow for the figures' }),
  );
}
