/**
 * Credit usage series (seed 000 §2.5, §4.4) from the credit ledger (state/credit-ledger.ts).
 * A series covers [start_time, end_time]: start_time defaults to the beginning of the current
 * month and is rounded down to the group boundary, end_time defaults to now (the emulator's
 * fixed clock) and the last group runs to the boundary after it. Each point holds the credits
 * spent in its group; TIME_GROUPING_UNSPECIFIED makes one point for the whole range. Groups
 * are UTC days, weeks from Monday, months and years.
 */
import type { CatalogPermission } from '../data/catalog-schema';
import type { EmulatorData, LoadedDataset } from '../data/loaded-data';
import { badRequest } from '../http/reply-error';
import { EMULATOR_EPOCH } from '../http/wire-time';
import { printableText } from '../printable-text';
import { DATASET_CREDIT_ALLOCATION } from '../state/credit-ledger';
import type { CreditSpend } from '../state/credit-ledger';
import { ownerRefOf } from './v1-dataset-view';

const GROUPINGS = ['TIME_GROUPING_UNSPECIFIED', 'DAY', 'WEEK', 'MONTH', 'YEAR'] as const;
type Grouping = (typeof GROUPINGS)[number];

/** More points than this is a request to narrow the range or coarsen the grouping. */
const MAX_POINTS = 1000;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;
const DAY_MS = 86_400_000;

/** One point's interval: spends with `from <= time < to` (`to` inclusive for the single point). */
interface Window {
  readonly from: number;
  readonly to: number;
  readonly inclusive: boolean;
}

/** The windows the request's start_time, end_time and grouping ask for; 400 for anything unreadable. */
export function readUsageWindows(query: URLSearchParams): Window[] {
  const now = Date.parse(EMULATOR_EPOCH);
  const monthStart = floorTo(now, 'MONTH');
  const start = readTime(query, 'start_time', monthStart);
  const end = readTime(query, 'end_time', now);
  const grouping = (query.get('grouping') ?? '') === '' ? 'TIME_GROUPING_UNSPECIFIED' : query.get('grouping');
  if (!GROUPINGS.includes(grouping as Grouping)) {
    throw badRequest(`grouping: '${printableText(grouping ?? '', 40)}' is not a grouping; use ${GROUPINGS.join(', ')}`);
  }
  if (start > end) throw badRequest('start_time: must not be after end_time');
  if (grouping === 'TIME_GROUPING_UNSPECIFIED') return [{ from: start, to: end, inclusive: true }];
  const windows: Window[] = [];
  for (let from = floorTo(start, grouping as Grouping); from <= end; from = nextBoundary(from, grouping as Grouping)) {
    if (windows.length >= MAX_POINTS) throw badRequest(`the range holds more than ${MAX_POINTS} ${grouping} groups: narrow it or use a coarser grouping`);
    windows.push({ from, to: nextBoundary(from, grouping as Grouping), inclusive: false });
  }
  return windows;
}

function readTime(query: URLSearchParams, name: string, fallback: number): number {
  const text = query.get(name) ?? '';
  if (text === '') return fallback;
  const time = RFC3339.test(text) ? Date.parse(text) : Number.NaN;
  if (!Number.isFinite(time)) throw badRequest(`${name}: '${printableText(text, 40)}' is not an RFC 3339 time such as 2025-01-01T00:00:00Z`);
  return time;
}

function floorTo(time: number, grouping: Grouping): number {
  const date = new Date(time);
  const [year, month, day] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
  if (grouping === 'YEAR') return Date.UTC(year, 0, 1);
  if (grouping === 'MONTH') return Date.UTC(year, month, 1);
  const midnight = Date.UTC(year, month, day);
  // Weeks start on Monday (getUTCDay: 0 is Sunday).
  return grouping === 'WEEK' ? midnight - ((date.getUTCDay() + 6) % 7) * DAY_MS : midnight;
}

function nextBoundary(time: number, grouping: Grouping): number {
  const date = new Date(time);
  if (grouping === 'YEAR') return Date.UTC(date.getUTCFullYear() + 1, 0, 1);
  if (grouping === 'MONTH') return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  return time + (grouping === 'WEEK' ? 7 : 1) * DAY_MS;
}

function wireTime(time: number): string {
  return new Date(time).toISOString().replace('.000Z', 'Z');
}

/** Credits of `spends` in `window`, by `spender` when given. */
function usedIn(spends: readonly CreditSpend[], window: Window, spender?: string): number {
  let used = 0;
  for (const spend of spends) {
    const time = Date.parse(spend.time);
    const inside = time >= window.from && (window.inclusive ? time <= window.to : time < window.to);
    if (inside && (spender === undefined || spend.spenderCompanyId === spender)) used += spend.credits;
  }
  return used;
}

/** One point per window: its start and `usage` built from the credits spent in it (all, and by the permission's recipient). */
function series(windows: readonly Window[], spends: readonly CreditSpend[], usage: (used: number, remaining: number, window: Window) => unknown): unknown {
  return {
    timeseries: windows.map((window) => {
      const used = usedIn(spends, window);
      return { timestamp: wireTime(window.from), usage: usage(used, DATASET_CREDIT_ALLOCATION - used, window) };
    }),
  };
}

/** Get Dataset credit usage: the dataset's allocation and spend, and each of its permissions' share. */
export function datasetUsageSeries(data: EmulatorData, dataset: LoadedDataset, spends: readonly CreditSpend[], windows: readonly Window[]): unknown {
  const meta = dataset.meta;
  const permissions = data.catalog.permissions.filter((permission) => permission.private_id === meta.private_id && permission.owner_company_id === meta.owner_company_id);
  return series(windows, spends, (used, remaining, window) => ({
    owner: ownerRefOf(data, meta.owner_company_id),
    allocation: DATASET_CREDIT_ALLOCATION,
    current_allocation: remaining,
    used,
    permissions: permissions.map((permission) => ({
      recipient: ownerRefOf(data, permission.recipient_company_id),
      allowance: DATASET_CREDIT_ALLOCATION,
      current_allowance: remaining,
      used: usedIn(spends, window, permission.recipient_company_id),
      uses_parent_allocation: true,
    })),
  }));
}

/** Get Permission credit usage: what the recipient spent through the permission, drawn from the dataset's allocation. */
export function permissionUsageSeries(permission: CatalogPermission, spends: readonly CreditSpend[], windows: readonly Window[]): unknown {
  return series(windows, spends, (_used, remaining, window) => ({
    allowance: DATASET_CREDIT_ALLOCATION,
    current_allowance: remaining,
    used: usedIn(spends, window, permission.recipient_company_id),
    uses_parent_allocation: true,
    parent_allocation: DATASET_CREDIT_ALLOCATION,
    current_parent_allocation: remaining,
  }));
}
