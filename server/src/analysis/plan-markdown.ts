import type { ExplainQueryResponse, Hop, PlanJoin, PlanRepresentation } from '../../../common/api';
import { readOptionalInt64 } from '../../../common/api';
import { escapeMarkdown, inlineCode } from './catalog-docs';

/** A command link under the plan, e.g. "Open full plan"; arguments are JSON-encoded into the URI. */
export interface PlanLink {
  readonly title: string;
  readonly command: string;
  readonly args: readonly unknown[];
}

const COMBINATOR_WORDS: Record<string, string> = {
  AND: 'AND — individuals in every branch (INTERSECT)',
  OR: 'OR — individuals in any branch (UNION)',
  NOT: 'NOT — the first branch without the others (EXCLUDE)',
  TRANSLATE: 'TRANSLATE — through a glue dataset',
};

function count(value: string | number | undefined): string {
  const read = readOptionalInt64(value);
  return read === undefined ? '?' : read.toLocaleString('en-GB');
}

/**
 * The service's ExplainQuery answer as readable Markdown: the audience join tree with keys,
 * overlaps and sizes per hop; the representation and bins per dimension, marking what the
 * service inferred; the filter; the thresholds. Every value from the service is escaped.
 */
export function formatPlanMarkdown(explain: ExplainQueryResponse, link?: PlanLink): string {
  const queryPlan = explain.query_plan;
  const plan = queryPlan?.plan;
  const results = queryPlan?.results;
  const lines: string[] = ['**Query plan** — as the service will run it', ''];

  if (plan?.aggregation_joins) {
    lines.push(`**Audience**${plan.private_id ? ` — counted in ${inlineCode(plan.private_id)}` : ''}`, '');
    lines.push(...formatJoin(plan.aggregation_joins, 0));
    lines.push('');
  }
  if (plan?.filter_joins) {
    lines.push('**Filter joins**', '');
    lines.push(...formatJoin(plan.filter_joins, 0));
    lines.push('');
  }
  if (results?.filter) lines.push(`**Filter:** ${inlineCode(results.filter)}`, '');

  const dimensions = results?.dimensions ?? [];
  if (dimensions.length > 0 || plan?.representation) {
    lines.push('**Dimensions**', '', '| Category | Representation | Bins |', '|---|---|---|');
    const representations = collectRepresentations(plan?.aggregation_joins, plan?.representation);
    for (const dimension of dimensions) {
      const representation = representations.find((r) => r.category === dimension.category);
      const chosen = representation?.selected_representation
        ? `${escapeMarkdown(representation.selected_representation)}${representation.inferred ? ' _(inferred)_' : ' _(from the query)_'}`
        : '—';
      const bins = dimension.bins && dimension.bins.length > 0 ? escapeMarkdown(abbreviate(dimension.bins)) : 'values decided when run';
      const binsNote = dimension.inferred_bins ? ' _(inferred)_' : ' _(from the query)_';
      const where = dimension.private_id ? `${inlineCode(dimension.private_id)}.` : '';
      lines.push(`| ${where}${escapeMarkdown(dimension.category ?? '?')} | ${chosen} | ${bins}${binsNote} |`);
    }
    lines.push('');
  }

  const thresholds: string[] = [];
  for (const [label, threshold] of [
    ['Redaction', results?.redaction_threshold],
    ['Rounding', results?.rounding_threshold],
  ] as const) {
    if (!threshold) continue;
    const per = (threshold.datasets ?? []).map((d) => `${escapeMarkdown(d.private_id ?? '?')} ${d.threshold ?? '?'}`).join(', ');
    thresholds.push(`${label} threshold ${threshold.threshold ?? '?'}${per ? ` (${per})` : ''}`);
  }
  if (thresholds.length > 0) lines.push(`**Privacy:** ${thresholds.join(' · ')}`, '');

  if (explain.hop_table.length > 0 && !plan?.aggregation_joins) {
    lines.push('**Hops**', '', ...explain.hop_table.map((hop) => `- ${formatHop(hop)}`), '');
  }
  if (link) lines.push(`[${link.title}](command:${link.command}?${encodeURIComponent(JSON.stringify(link.args))})`);
  return lines.join('\n').trimEnd();
}

function formatJoin(join: PlanJoin, depth: number): string[] {
  const indent = '  '.repeat(depth);
  const combinator = join.combinator;
  if (combinator?.type && combinator.joins && combinator.joins.length > 0) {
    const word = COMBINATOR_WORDS[combinator.type] ?? escapeMarkdown(combinator.type);
    return [`${indent}- ${word}`, ...combinator.joins.flatMap((child) => formatJoin(child, depth + 1))];
  }
  return [`${indent}- ${formatLeaf(join)}`];
}

function formatLeaf(join: PlanJoin): string {
  const from = join.from_private_id ? inlineCode(join.from_private_id) : '?';
  const to = join.to_private_id ? inlineCode(join.to_private_id) : undefined;
  if (!to || join.to_private_id === join.from_private_id) return `${from}`;
  const keys = join.keys?.keys ?? [];
  const used = join.keys?.used ?? keys.map((k) => k.key_name ?? '?');
  const detail = keys
    .filter((k) => used.length === 0 || used.includes(k.key_name ?? ''))
    .map((k) => `${inlineCode(k.key_name ?? '?')}: overlap ${count(k.overlap)} of ${count(k.from_dataset_size)} → ${count(k.to_dataset_size)}, duplicates ${count(k.duplicates)}`);
  const inferred = join.keys?.inferred ? ' _(keys inferred)_' : '';
  return `${from} → ${to} on ${used.map((k) => inlineCode(k)).join(', ') || '?'}${inferred}${detail.length > 0 ? ` — ${detail.join('; ')}` : ''}`;
}

function formatHop(hop: Hop): string {
  return `${inlineCode(hop.from_private_id ?? '?')} → ${inlineCode(hop.to_private_id ?? '?')} on ${inlineCode(hop.key_name ?? '?')}: overlap ${count(hop.overlap)}, duplicates ${count(hop.duplicates)}, sizes ${count(hop.from_dataset_size)} → ${count(hop.to_dataset_size)}`;
}

/** Every representation mentioned in a join tree, the plan's own first. */
function collectRepresentations(join: PlanJoin | undefined, own: PlanRepresentation | undefined): PlanRepresentation[] {
  const found: PlanRepresentation[] = own ? [own] : [];
  const visit = (node: PlanJoin | undefined): void => {
    if (!node) return;
    if (node.representation) found.push(node.representation);
    node.combinator?.joins?.forEach(visit);
  };
  visit(join);
  return found;
}

function abbreviate(bins: readonly string[]): string {
  return bins.length <= 8 ? bins.join(', ') : `${bins.slice(0, 6).join(', ')}, … (${bins.length} bins)`;
}
