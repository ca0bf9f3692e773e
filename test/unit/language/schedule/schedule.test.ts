/**
 * The schedule rules of automation configs (seed 001 §4.3, §8), one at a time: five-field
 * crontab syntax, IANA time zones, RFC 3339 instants (UTC without an offset), and the due
 * instants between start and end in the config's zone.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_FIRES_PER_CATCH_UP, checkCron, checkTimeZone, dueInstants, readInstant } from '../../../../language/src/schedule/schedule';
import { ManualClock, wireInstant } from '../../../../emulator/src/state/emulator-clock';

const iso = (instants: number[]): string[] => instants.map(wireInstant);
const at = (text: string): number => Date.parse(text);

describe('automation schedule rules', () => {
  it('cron: five fields of a UNIX crontab, each in range', () => {
    assert.equal(checkCron('0 6 * * 1-5'), undefined);
    assert.equal(checkCron(' */15  0-23 1,15 * MON '), undefined);
    assert.match(checkCron('0 6 * *') ?? '', /^cron_timer: write the five fields.*got 4/);
    assert.match(checkCron('0 0 6 * * *') ?? '', /got 6/);
    assert.match(checkCron('0 25 * * *') ?? '', /^cron_timer: .*25/);
    assert.match(checkCron('every day') ?? '', /^cron_timer: /);
  });

  it('time zone: an IANA name the platform knows', () => {
    assert.equal(checkTimeZone('Europe/London'), undefined);
    assert.equal(checkTimeZone('UTC'), undefined);
    assert.match(checkTimeZone('Europe/Atlantis') ?? '', /^timezone_identifier: 'Europe\/Atlantis' is not an IANA time zone/);
    assert.match(checkTimeZone('') ?? '', /^timezone_identifier: /);
  });

  it('instants: RFC 3339 with an offset as written, without one as UTC', () => {
    assert.equal(readInstant('2025-03-30T09:00:00+01:00'), at('2025-03-30T08:00:00Z'));
    assert.equal(readInstant('2025-03-30T09:00:00'), at('2025-03-30T09:00:00Z'));
    assert.equal(readInstant('2025-03-30T09:00:00Z'), at('2025-03-30T09:00:00Z'));
  });

  it('due instants: in the zone, after the last check, within start and end (both inclusive)', () => {
    const schedule = { cron: '0 9 * * *', timeZone: 'America/New_York', start: at('2025-03-08T14:00:00Z'), end: at('2025-03-10T13:00:00Z') };
    // New York moves to EDT on 9 March 2025: 09:00 is 14:00Z before and 13:00Z after.
    assert.deepEqual(iso(dueInstants(schedule, at('2025-03-01T00:00:00Z'), at('2025-03-20T00:00:00Z'))), [
      '2025-03-08T14:00:00Z', '2025-03-09T13:00:00Z', '2025-03-10T13:00:00Z',
    ]);
    assert.deepEqual(iso(dueInstants(schedule, at('2025-03-09T13:00:00Z'), at('2025-03-20T00:00:00Z'))), ['2025-03-10T13:00:00Z'], 'strictly after the last check');
    assert.deepEqual(dueInstants(schedule, at('2025-03-11T00:00:00Z'), at('2025-03-20T00:00:00Z')), [], 'nothing after the end');
  });

  it('a time in the skipped spring hour fires once, an hour later on the wall clock', () => {
    const due = dueInstants({ cron: '30 1 * * *', timeZone: 'Europe/London' }, at('2025-03-29T12:00:00Z'), at('2025-03-31T12:00:00Z'));
    assert.deepEqual(iso(due), ['2025-03-30T01:30:00Z', '2025-03-31T00:30:00Z']);
  });

  it('a clock jump fires at most MAX_FIRES_PER_CATCH_UP executions', () => {
    assert.equal(dueInstants({ cron: '* * * * *', timeZone: 'UTC' }, at('2025-01-01T00:00:00Z'), at('2025-02-01T00:00:00Z')).length, MAX_FIRES_PER_CATCH_UP);
  });

  it('the manual clock starts at the fixed instant and never goes back', () => {
    const clock = new ManualClock();
    assert.equal(wireInstant(clock.now()), '2025-01-01T00:00:00Z');
    clock.set('2025-02-01T00:00:00Z');
    clock.set('2024-01-01T00:00:00Z');
    clock.advance(1_500);
    assert.equal(new Date(clock.now()).toISOString(), '2025-02-01T00:00:01.500Z');
  });
});
