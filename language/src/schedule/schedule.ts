/**
 * An automation's schedule (seed 001 §4.3, §8): a UNIX crontab expression (five fields,
 * read by cron-parser) evaluated in an IANA time zone (checked by the platform's Intl, the
 * same zone database cron-parser's luxon uses), between optional RFC 3339 start and end
 * instants. Each check answers a message naming the field, or undefined.
 */
import { cronParser } from './lazy-cron';

/** The most executions one catch-up creates for one config, so a clock jump cannot flood the state. */
export const MAX_FIRES_PER_CATCH_UP = 1000;

export function checkCron(cron: string): string | undefined {
  const fields = cron.trim().split(/\s+/).filter((field) => field !== '');
  if (fields.length !== 5) {
    return `cron_timer: write the five fields of a UNIX crontab (minute hour day-of-month month day-of-week), e.g. '0 6 * * 1'; got ${fields.length}`;
  }
  try {
    cronParser().CronExpressionParser.parse(fields.join(' '), { tz: 'UTC' });
    return undefined;
  } catch (error) {
    return `cron_timer: ${error instanceof Error ? error.message : String(error)}`;
  }
}

export function checkTimeZone(zone: string): string | undefined {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.trim() === '' ? 'timezone_identifier: name an IANA time zone, e.g. Europe/London' : undefined;
  } catch {
    return `timezone_identifier: '${zone.slice(0, 80)}' is not an IANA time zone name (e.g. Europe/London, America/New_York, UTC)`;
  }
}

/** Milliseconds of an RFC 3339 date-time; one without an offset is UTC (§4.3). */
export function readInstant(text: string): number {
  const hasOffset = /(Z|[+-]\d{2}:?\d{2})$/i.test(text);
  return Date.parse(hasOffset ? text : `${text}Z`);
}

export interface Schedule {
  readonly cron: string;
  readonly timeZone: string;
  readonly start?: number;
  readonly end?: number;
}

/** The due instants of `schedule` in (after, until], within its start and end, oldest first. */
export function dueInstants(schedule: Schedule, after: number, until: number): number[] {
  const from = Math.max(after, (schedule.start ?? -Infinity) - 1);
  const to = Math.min(until, schedule.end ?? Infinity);
  if (to <= from) return [];
  const expression = cronParser().CronExpressionParser.parse(schedule.cron.trim(), {
    tz: schedule.timeZone,
    currentDate: new Date(from),
    endDate: new Date(to),
  });
  const due: number[] = [];
  while (due.length < MAX_FIRES_PER_CATCH_UP && expression.hasNext()) {
    const instant = expression.next().getTime();
    if (instant > from && instant <= to) due.push(instant);
  }
  return due;
}
