/**
 * The two Markdown tables of the peer benchmark: IQL beside each peer with the best peer, the
 * ratio and the goal; and IQL alone across catalog sizes, with how each figure grows.
 */
import type { RunFigures } from './server-run';

export interface Measured {
  readonly figures: RunFigures;
  /** A second start with the same storage folder; undefined when the server keeps no catalog cache. */
  readonly warmCatalogReadyMs: number | undefined;
}

export interface Peer {
  readonly name: string;
  readonly figures: RunFigures;
}

export type ScalePoint =
  | { readonly datasets: number; readonly runs: number; readonly figures: RunFigures }
  | { readonly datasets: number; readonly runs: number; readonly failure: string };

interface Figure {
  readonly label: string;
  readonly iql: number;
  readonly peer: (figures: RunFigures) => number;
  readonly unit: 'ms' | 'MB';
  /** The least ratio (best peer ÷ IQL) the goal asks for. */
  readonly minRatio?: number;
  /** The most the IQL figure may be. */
  readonly max?: number;
  readonly goal: string;
}

export function comparisonTable(iql: Measured, peers: readonly Peer[]): string[] {
  const f = iql.figures;
  const figures: Figure[] = [
    { label: 'Spawn → initialize answered', iql: f.initializeMs, peer: (p) => p.initializeMs, unit: 'ms', minRatio: 2, max: 250, goal: '≥ 2× (≤ 250 ms)' },
    { label: 'Open → first diagnostics', iql: f.firstDiagnosticsMs, peer: (p) => p.firstDiagnosticsMs, unit: 'ms', max: 5, goal: '≤ 5 ms' },
    { label: 'Catalog ready, cold (spawn → completion lists the catalog)', iql: f.catalogReadyMs, peer: (p) => p.catalogReadyMs, unit: 'ms', max: 500, goal: '≤ 500 ms' },
    {
      label: `Catalog ready, warm (second start, same storage folder)${iql.warmCatalogReadyMs === undefined ? ': no catalog cache in the server yet, so = cold' : ''}`,
      iql: iql.warmCatalogReadyMs ?? f.catalogReadyMs,
      peer: (p) => p.catalogReadyMs,
      unit: 'ms',
      max: 100,
      goal: '≤ 100 ms',
    },
    { label: 'Edit → diagnostics: median', iql: f.editMedianMs, peer: (p) => p.editMedianMs, unit: 'ms', minRatio: 2, max: 1.5, goal: '≥ 2× (≤ 1.5 ms)' },
    { label: 'Edit → diagnostics: p95', iql: f.editP95Ms, peer: (p) => p.editP95Ms, unit: 'ms', minRatio: 2, max: 3, goal: '≥ 2× (≤ 3 ms)' },
    { label: 'Completion of the catalog list (IQL after FROM, SQL after `FROM `, GraphQL type position): median', iql: f.listMedianMs, peer: (p) => p.listMedianMs, unit: 'ms', minRatio: 2, goal: 'hold ≥ 2×' },
    { label: 'Completion of the catalog list: p95', iql: f.listP95Ms, peer: (p) => p.listP95Ms, unit: 'ms', minRatio: 2, goal: 'hold ≥ 2×' },
    { label: 'Completion of one entry’s columns (after `Dataset0.` / `table0.` / in `table0 { }`): median', iql: f.memberMedianMs, peer: (p) => p.memberMedianMs, unit: 'ms', minRatio: 2, goal: 'hold ≥ 2×' },
    { label: 'Completion of one entry’s columns: p95', iql: f.memberP95Ms, peer: (p) => p.memberP95Ms, unit: 'ms', minRatio: 2, goal: 'hold ≥ 2×' },
    { label: 'Peak RSS of the server process (VmHWM)', iql: f.peakRssMb, peer: (p) => p.peakRssMb, unit: 'MB', minRatio: 2, max: 115, goal: '≥ 2× (≤ 115 MB)' },
  ];
  const rows = figures.map((figure) => {
    const values = peers.map((peer) => figure.peer(peer.figures));
    const best = Math.min(...values);
    const bestName = peers[values.indexOf(best)]!.name;
    const ratio = best / figure.iql;
    const met = (figure.minRatio === undefined || ratio >= figure.minRatio) && (figure.max === undefined || figure.iql <= figure.max);
    return [
      figure.label,
      format(figure.iql, figure.unit),
      ...values.map((value) => format(value, figure.unit)),
      `${format(best, figure.unit)} (${bestName})`,
      `${ratio.toFixed(2)}×`,
      figure.goal,
      met ? 'yes' : '**no**',
    ];
  });
  const counts = [
    'Items in the catalog list (last run)',
    items(f.listItems, f.listIncomplete),
    ...peers.map((peer) => items(peer.figures.listItems, peer.figures.listIncomplete)),
    '—',
    '—',
    '—',
    '',
  ];
  const memberCounts = ['Items in one entry’s columns (last run)', items(f.memberItems, false), ...peers.map((peer) => items(peer.figures.memberItems, false)), '—', '—', '—', ''];
  return [
    `| Figure | IQL | ${peers.map((peer) => peer.name).join(' | ')} | Best peer | Ratio | Goal | Met |`,
    `|---|---|${peers.map(() => '---|').join('')}---|---|---|---|`,
    ...[...rows, counts, memberCounts].map((row) => `| ${row.join(' | ')} |`),
  ];
}

export function scaleTable(points: readonly ScalePoint[], columns: number): string[] {
  if (points.length === 0) return [];
  const rows: string[] = [];
  let previous: { datasets: number; figures: RunFigures } | undefined;
  for (const point of points) {
    const size = `${point.datasets.toLocaleString('en-GB')} (${point.runs === 1 ? 'one run' : `median of ${point.runs}`})`;
    if ('failure' in point) {
      rows.push(`| ${size} | not measured: ${point.failure} | | | | | |`);
      continue;
    }
    const f = point.figures;
    const growth = previous === undefined ? '—' : growthNote(previous, point.datasets, f);
    rows.push(`| ${size} | ${format(f.catalogReadyMs, 'ms')} | ${format(f.listMedianMs, 'ms')} | ${format(f.memberMedianMs, 'ms')} | ${format(f.peakRssMb, 'MB')} | ${growth} |`);
    previous = { datasets: point.datasets, figures: f };
  }
  return [
    `The IQL server alone, catalogs of N datasets × ${columns} categories (same runs and client as above):`,
    '',
    '| Datasets | Catalog ready (cold) | Completion after FROM: median | Completion after `Dataset0.`: median | Peak RSS | Growth from the row above |',
    '|---|---|---|---|---|---|',
    ...rows,
  ];
}

/**
 * How much each figure grew against how much the catalog grew (raw ratios: a fixed startup
 * cost makes the small sizes look better than linear; the steps between large sizes tell).
 */
function growthNote(previous: { datasets: number; figures: RunFigures }, datasets: number, now: RunFigures): string {
  const factor = datasets / previous.datasets;
  const ready = now.catalogReadyMs / previous.figures.catalogReadyMs;
  const rss = now.peakRssMb / previous.figures.peakRssMb;
  const list = now.listMedianMs / previous.figures.listMedianMs;
  const linear = ready <= factor * 1.2 && rss <= factor * 1.2 && list <= factor * 1.2;
  return `×${factor.toFixed(0)} datasets: ready ×${ready.toFixed(2)}, FROM completion ×${list.toFixed(2)}, RSS ×${rss.toFixed(2)} — ${linear ? 'linear or better' : '**worse than linear**'}`;
}

function format(value: number, unit: 'ms' | 'MB'): string {
  if (!Number.isFinite(value)) return '—';
  if (unit === 'MB') return `${value.toFixed(0)} MB`;
  return `${value < 10 ? value.toFixed(2) : value.toFixed(0)} ms`;
}

function items(count: number, incomplete: boolean): string {
  return `${count.toLocaleString('en-GB')}${incomplete ? ' (capped, isIncomplete)' : ''}`;
}
