/**
 * What the History view shows for one run, worked out without the editor: label, description,
 * plain-text tooltip, context value and icon. Every string from the query or the service is
 * kept as plain text; the view never renders it as Markdown or HTML.
 */
import type { DocumentTarget } from '../../../common/protocol';
import type { RunRecord, RunStatus } from './run-record';
import type { HistoryEntry } from './stored-run';

/** A stored `running` run that no longer runs in this window was cut short by a restart. */
export type DisplayStatus = RunStatus | 'interrupted';

export interface HistoryItemModel {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  readonly tooltip: string;
  /** `iql.run.withResult` when a result is kept (the "Open Result" menu item needs it). */
  readonly contextValue: 'iql.run' | 'iql.run.withResult';
  readonly status: DisplayStatus;
  /** A codicon id. */
  readonly icon: string;
}

export interface DescribeContext {
  /** True for runs going on in this window right now. */
  readonly isActive: (id: string) => boolean;
  /** Now, for the time format (today's runs show the time only). */
  readonly now: number;
}

const LABEL_LIMIT = 80;

/** A quick pick row of History: Search History…, with the run's id. */
export interface HistoryPickModel {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  /** The file the run came from, and its service ID: what else a search may match. */
  readonly detail: string;
}

const ICONS: Record<DisplayStatus, string> = {
  running: 'sync~spin',
  succeeded: 'pass',
  failed: 'error',
  cancelled: 'circle-slash',
  interrupted: 'debug-disconnect',
};

/** The History view's item for `entry`. Pure. */
export function describeHistoryEntry(entry: HistoryEntry, context: DescribeContext): HistoryItemModel {
  const { record } = entry;
  const status = displayStatusOf(record, context.isActive);
  return {
    id: record.id,
    label: oneLineQuery(record.query),
    description: describeRunFacts(record, status, context.now),
    tooltip: describeTooltip(record, status),
    contextValue: entry.resultKept ? 'iql.run.withResult' : 'iql.run',
    status,
    icon: ICONS[status],
  };
}

/** The row of `entry` in Search History…: the same label and facts, plus where it came from. Pure. */
export function describeHistoryPick(entry: HistoryEntry, context: DescribeContext): HistoryPickModel {
  const { record } = entry;
  const status = displayStatusOf(record, context.isActive);
  const detail = [sourceName(record.documentUri), record.serviceId && `${record.kind === 'activation' ? 'activation' : 'query'} ${record.serviceId}`];
  return {
    id: record.id,
    label: oneLineQuery(record.query),
    description: describeRunFacts(record, status, context.now),
    detail: detail.filter((part): part is string => typeof part === 'string' && part !== '').join(' · '),
  };
}

/** `staging / CLB.1 · 14:03 · 2.3 s · succeeded · audience 1,130`: target, time, duration (once it ended), status, count. */
function describeRunFacts(record: RunRecord, status: DisplayStatus, now: number): string {
  const audience = formatAudience(record);
  const duration = record.finishedAt !== undefined ? formatDuration(record.finishedAt - record.startedAt) : undefined;
  return [describeTarget(record.target), formatRunTime(record.startedAt, now), duration, status, audience].filter((part) => part !== undefined && part !== '').join(' · ');
}

/**
 * The whole query on one line (every run of space collapsed), shortened to fit a tree row: after
 * formatting, a first line such as `SELECT COUNT()` is the same for many queries.
 */
export function oneLineQuery(query: string): string {
  const line = query.replace(/\s+/g, ' ').trim() || '(empty query)';
  return line.length > LABEL_LIMIT ? `${line.slice(0, LABEL_LIMIT - 1)}…` : line;
}

/** The file name at the end of a document URI (`untitled:Untitled-1` → `Untitled-1`); '' without one. */
function sourceName(documentUri: string | undefined): string {
  if (documentUri === undefined) return '';
  const path = documentUri.replace(/[?#].*$/, '');
  const name = path.slice(path.lastIndexOf('/') + 1).replace(/^untitled:/, '');
  try {
    return decodeURIComponent(name);
  } catch {
    return name;
  }
}

/** `running` in storage but not running in this window means a restart interrupted it. */
export function displayStatusOf(record: RunRecord, isActive: (id: string) => boolean): DisplayStatus {
  return record.status === 'running' && !isActive(record.id) ? 'interrupted' : record.status;
}

/** The first non-blank line of the query, trimmed and shortened to fit a tree row. */
export function firstQueryLine(query: string): string {
  const line = query.split(/\r?\n/).map((text) => text.trim()).find((text) => text !== '') ?? '(empty query)';
  return line.length > LABEL_LIMIT ? `${line.slice(0, LABEL_LIMIT - 1)}…` : line;
}

/** `staging`, `staging / CLB.7f3a2c`, or `default profile` when the run named none. */
export function describeTarget(target: DocumentTarget): string {
  const profile = target.profile ?? 'default profile';
  return target.collaboration ? `${profile} / ${target.collaboration}` : profile;
}

/** `14:03` for a run of today, `2025-03-04 14:03` otherwise (local time). */
export function formatRunTime(startedAt: number, now: number): string {
  const started = new Date(startedAt);
  const today = new Date(now);
  const time = `${pad(started.getHours())}:${pad(started.getMinutes())}`;
  const sameDay = started.getFullYear() === today.getFullYear() && started.getMonth() === today.getMonth() && started.getDate() === today.getDate();
  return sameDay ? time : `${started.getFullYear()}-${pad(started.getMonth() + 1)}-${pad(started.getDate())} ${time}`;
}

/** `audience 1,130` for a query, `157 rows` for an activation, '' when the run has no count. */
export function formatAudience(record: RunRecord): string {
  if (record.audience === undefined) return '';
  const count = groupDigits(record.audience);
  return record.kind === 'activation' ? `${count} rows` : `audience ${count}`;
}

/** Thousands separators on a decimal integer string of any length (64-bit counts stay exact). */
export function groupDigits(value: string): string {
  const match = /^(-?)(\d+)$/.exec(value);
  if (!match) return value;
  return `${match[1]}${(match[2] ?? '').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

function describeTooltip(record: RunRecord, status: DisplayStatus): string {
  const lines = [record.query.trim(), ''];
  lines.push(`Target: ${describeTarget(record.target)}`);
  const started = new Date(record.startedAt);
  const duration = record.finishedAt !== undefined ? ` (took ${formatDuration(record.finishedAt - record.startedAt)})` : '';
  lines.push(`Started: ${started.getFullYear()}-${pad(started.getMonth() + 1)}-${pad(started.getDate())} ${pad(started.getHours())}:${pad(started.getMinutes())}:${pad(started.getSeconds())}${duration}`);
  lines.push(`Status: ${status}`);
  if (record.serviceId) lines.push(`${record.kind === 'activation' ? 'Activation' : 'Query'} ID: ${record.serviceId}`);
  const audience = formatAudience(record);
  if (audience) lines.push(audience.charAt(0).toUpperCase() + audience.slice(1));
  if (status === 'interrupted') {
    lines.push('The editor closed while this run was going on; the service may still have finished it.');
  } else if (record.message) {
    lines.push(record.message);
  }
  return lines.join('\n');
}

/** `850 ms`, `2.3 s`, `4 min 05 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${pad(seconds % 60)} s`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
