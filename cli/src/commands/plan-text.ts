/**
 * A query plan as terminal text for `iql explain`: the same reading of the service's answer as
 * the hover's Markdown (`outlinePlan`), laid out for a terminal — full bin lists, one line per
 * key of a join, aligned dimension columns.
 */
import type { ExplainQueryResponse } from '../../../common/api';
import { outlinePlan, type HopOutline, type JoinOutline } from '../../../common/plan/plan-outline';
import { formatTextTable, printable } from './text-table';

/**
 * The plan's lines, without a trailing newline: audience join tree (datasets, keys, overlaps,
 * sizes and duplicates per join, marking inferred keys), filter joins, filter, dimensions
 * with their representation and bins (marking what the service inferred), thresholds, and
 * the hop table when there is no join tree. Values from the service are made printable.
 */
export function formatPlanText(explain: ExplainQueryResponse): string[] {
  const outline = outlinePlan(explain);
  const lines: string[] = [];
  if (outline.audience) {
    const countedIn = outline.audience.countedIn;
    lines.push(`Audience${countedIn ? `, counted in ${printable(countedIn)}` : ''}:`, ...formatJoin(outline.audience.join, 1));
  }
  if (outline.filterJoins) lines.push('Filter joins:', ...formatJoin(outline.filterJoins, 1));
  if (outline.filter) lines.push(`Filter: ${printable(outline.filter)}`);
  if (outline.dimensions && outline.dimensions.length > 0) {
    const rows = outline.dimensions.map((dimension) => {
      const representation = dimension.representation;
      return [
        dimension.dataset ? `${dimension.dataset}.${dimension.category}` : dimension.category,
        representation ? `${representation.name} (${representation.inferred ? 'inferred' : 'from the query'})` : '—',
        dimension.bins.length > 0 ? `${dimension.bins.join(', ')} (${dimension.binsInferred ? 'inferred' : 'from the query'})` : 'decided when the query runs',
      ];
    });
    lines.push('Dimensions:', ...formatTextTable(['Category', 'Representation', 'Bins'], rows).map((line) => `  ${line}`));
  }
  if (outline.thresholds.length > 0) {
    lines.push('Privacy:');
    for (const threshold of outline.thresholds) {
      const per = threshold.datasets.map((d) => `${printable(d.dataset ?? '?')} ${d.threshold ?? '?'}`).join(', ');
      lines.push(`  ${threshold.label} threshold ${threshold.threshold ?? '?'}${per ? ` (${per})` : ''}`);
    }
  }
  if (outline.hops.length > 0) lines.push('Hops:', ...outline.hops.map((hop) => `  ${formatHop(hop)}`));
  if (lines.length === 0) lines.push('The service gave no plan details for this query.');
  return lines;
}

function formatJoin(join: JoinOutline, depth: number): string[] {
  const indent = '  '.repeat(depth);
  switch (join.kind) {
    case 'combinator':
      return [`${indent}${join.meaning ?? printable(join.type)}`, ...join.branches.flatMap((branch) => formatJoin(branch, depth + 1))];
    case 'dataset':
      return [`${indent}${printable(join.dataset ?? '?')}`];
    case 'join': {
      const keys = join.keys.length > 0 ? join.keys.map(printable).join(', ') : '?';
      const heading = `${indent}${printable(join.from ?? '?')} → ${printable(join.to)} on ${keys}${join.keysInferred ? ' (keys inferred)' : ''}`;
      const stats = join.keyStats.map(
        (k) => `${indent}    ${printable(k.key)}: overlap ${k.overlap} of ${k.fromSize} → ${k.toSize}, duplicates ${k.duplicates}`,
      );
      return [heading, ...stats];
    }
  }
}

function formatHop(hop: HopOutline): string {
  return `${printable(hop.from ?? '?')} → ${printable(hop.to ?? '?')} on ${printable(hop.key ?? '?')}: overlap ${hop.overlap}, duplicates ${hop.duplicates}, sizes ${hop.fromSize} → ${hop.toSize}`;
}
