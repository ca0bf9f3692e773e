import type { ExplainQueryResponse } from '../../../common/api';
import { escapeMarkdown, inlineCode } from './catalog-docs';
import { outlinePlan, type HopOutline, type JoinOutline } from '../../../common/plan/plan-outline';

/** A command link under the plan, e.g. "Open full plan"; arguments are JSON-encoded into the URI. */
export interface PlanLink {
  readonly title: string;
  readonly command: string;
  readonly args: readonly unknown[];
}

/**
 * The service's ExplainQuery answer as readable Markdown: the audience join tree with keys,
 * overlaps and sizes per hop; the representation and bins per dimension, marking what the
 * service inferred; the filter; the thresholds. Every value from the service is escaped.
 * The reading of the answer is `outlinePlan`'s, shared with the command line's text.
 */
export function formatPlanMarkdown(explain: ExplainQueryResponse, link?: PlanLink): string {
  const outline = outlinePlan(explain);
  const lines: string[] = ['**Query plan** — as the service will run it', ''];

  if (outline.audience) {
    const countedIn = outline.audience.countedIn;
    lines.push(`**Audience**${countedIn ? ` — counted in ${inlineCode(countedIn)}` : ''}`, '');
    lines.push(...formatJoin(outline.audience.join, 0));
    lines.push('');
  }
  if (outline.filterJoins) {
    lines.push('**Filter joins**', '');
    lines.push(...formatJoin(outline.filterJoins, 0));
    lines.push('');
  }
  if (outline.filter) lines.push(`**Filter:** ${inlineCode(outline.filter)}`, '');

  if (outline.dimensions) {
    lines.push('**Dimensions**', '', '| Category | Representation | Bins |', '|---|---|---|');
    for (const dimension of outline.dimensions) {
      const representation = dimension.representation;
      const chosen = representation ? `${escapeMarkdown(representation.name)}${representation.inferred ? ' _(inferred)_' : ' _(from the query)_'}` : '—';
      const bins = dimension.bins.length > 0 ? escapeMarkdown(abbreviate(dimension.bins)) : 'values decided when run';
      const binsNote = dimension.binsInferred ? ' _(inferred)_' : ' _(from the query)_';
      const where = dimension.dataset ? `${inlineCode(dimension.dataset)}.` : '';
      lines.push(`| ${where}${escapeMarkdown(dimension.category)} | ${chosen} | ${bins}${binsNote} |`);
    }
    lines.push('');
  }

  const thresholds = outline.thresholds.map((threshold) => {
    const per = threshold.datasets.map((d) => `${escapeMarkdown(d.dataset ?? '?')} ${d.threshold ?? '?'}`).join(', ');
    return `${threshold.label} threshold ${threshold.threshold ?? '?'}${per ? ` (${per})` : ''}`;
  });
  if (thresholds.length > 0) lines.push(`**Privacy:** ${thresholds.join(' · ')}`, '');

  if (outline.hops.length > 0) {
    lines.push('**Hops**', '', ...outline.hops.map((hop) => `- ${formatHop(hop)}`), '');
  }
  if (link) lines.push(commandLink(link));
  return lines.join('\n').trimEnd();
}

function formatJoin(join: JoinOutline, depth: number): string[] {
  const indent = '  '.repeat(depth);
  switch (join.kind) {
    case 'combinator':
      return [`${indent}- ${join.meaning ?? escapeMarkdown(join.type)}`, ...join.branches.flatMap((branch) => formatJoin(branch, depth + 1))];
    case 'dataset':
      return [`${indent}- ${join.dataset ? inlineCode(join.dataset) : '?'}`];
    case 'join': {
      const from = join.from ? inlineCode(join.from) : '?';
      const detail = join.keyStats.map((k) => `${inlineCode(k.key)}: overlap ${k.overlap} of ${k.fromSize} → ${k.toSize}, duplicates ${k.duplicates}`);
      const inferred = join.keysInferred ? ' _(keys inferred)_' : '';
      return [`${indent}- ${from} → ${inlineCode(join.to)} on ${join.keys.map((k) => inlineCode(k)).join(', ') || '?'}${inferred}${detail.length > 0 ? ` — ${detail.join('; ')}` : ''}`];
    }
  }
}

function formatHop(hop: HopOutline): string {
  return `${inlineCode(hop.from ?? '?')} → ${inlineCode(hop.to ?? '?')} on ${inlineCode(hop.key ?? '?')}: overlap ${hop.overlap}, duplicates ${hop.duplicates}, sizes ${hop.fromSize} → ${hop.toSize}`;
}

function abbreviate(bins: readonly string[]): string {
  return bins.length <= 8 ? bins.join(', ') : `${bins.slice(0, 6).join(', ')}, … (${bins.length} bins)`;
}

/** What a hover says when the service has not answered within `waitedMs`. */
export function describeSlowPlan(waitedMs: number, link: PlanLink): string {
  return `**Query plan** — the service did not answer within ${(waitedMs / 1000).toLocaleString('en')} s. ${commandLink(link)} waits for it.`;
}

function commandLink(link: PlanLink): string {
  return `[${link.title}](command:${link.command}?${encodeURIComponent(JSON.stringify(link.args))})`;
}
