import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { automationHover, automationProblems } from '../../../../language/src/embedded/automation-file';

function config(fields: Record<string, unknown>): string {
  return JSON.stringify({ name: 'nightly', enabled: true, cron_timer: '0 6 * * 1', timezone_identifier: 'Europe/London', automation_steps: [{ activation_calculation: { activation_segment_id: 'SEG.1' } }], ...fields }, null, 2);
}

function marked(file: string, problem: { span: { start: number; end: number } }): string {
  return file.slice(problem.span.start, problem.span.end);
}

describe('automation files', () => {
  it('a valid config has no problem', () => {
    assert.deepEqual(automationProblems(config({ start_date_time: '2026-01-01T00:00:00Z', end_date_time: '2027-01-01T00:00:00Z' })), []);
  });

  it('an impossible cron, an unknown zone, an end before the start and a step with two blocks are each said on their value', () => {
    const file = config({
      cron_timer: '61 6 * * 1',
      timezone_identifier: 'Mars/Olympus',
      start_date_time: '2026-02-01T00:00:00Z',
      end_date_time: '2026-01-01T00:00:00Z',
      automation_steps: [{ import: {}, publish: {} }, {}],
    });
    const problems = automationProblems(file);
    const byText = new Map(problems.map((problem) => [marked(file, problem), problem.message]));
    assert.match(byText.get('"61 6 * * 1"') ?? '', /cron_timer/);
    assert.match(byText.get('"Mars/Olympus"') ?? '', /not an IANA time zone/);
    assert.match(byText.get('"2026-01-01T00:00:00Z"') ?? '', /ends before it starts/);
    assert.ok(problems.some((problem) => /exactly one of .*; this one has import and publish/.test(problem.message)));
    assert.ok(problems.some((problem) => /this one has none/.test(problem.message)));
    assert.equal(problems.length, 5, problems.map((problem) => problem.message).join('\n'));
  });

  it('a cron with four fields and a date that is not RFC 3339 name what to write', () => {
    const file = config({ cron_timer: '0 6 * *', start_date_time: 'next monday' });
    const messages = automationProblems(file).map((problem) => problem.message);
    assert.ok(messages.some((message) => /five fields/.test(message)));
    assert.ok(messages.some((message) => /RFC 3339/.test(message)));
    assert.deepEqual(automationProblems('{ not json'), []);
  });

  it("the hover on the cron lists the next five runs in the config's zone and the user's, across a DST change", () => {
    const file = config({ cron_timer: '30 1 * * *', timezone_identifier: 'Europe/London' });
    const now = Date.parse('2026-03-27T12:00:00Z'); // London moves to BST on 29 March 2026
    const hover = automationHover(file, file.indexOf('30 1'), now, 'America/New_York');
    assert.ok(hover);
    assert.equal(file.slice(hover.span.start, hover.span.end), '"30 1 * * *"');
    const runs = hover.markdown.split('\n').filter((line) => line.startsWith('- '));
    assert.equal(runs.length, 5);
    assert.match(runs[0]!, /Sat, 28 Mar 2026, 01:30 GMT — Fri, 27 Mar 2026, 21:30 (EDT|GMT-4)/);
    // 01:30 does not exist in London that night (clocks jump from 01:00 to 02:00): the run comes after the gap.
    assert.match(runs[1]!, /Sun, 29 Mar 2026, 02:30 (BST|GMT\+1)/, 'the run in the gap comes after it');
    assert.match(runs[2]!, /Mon, 30 Mar 2026, 01:30 (BST|GMT\+1) — Sun, 29 Mar 2026, 20:30/, 'then 01:30 BST, five hours ahead of New York');
    assert.equal(automationHover(file, file.indexOf('"name"'), now, 'UTC'), undefined, 'nothing away from the cron');
  });

  it('a disabled config says none of the runs happens; a wrong cron says why instead', () => {
    const disabled = config({ enabled: false });
    assert.match(automationHover(disabled, disabled.indexOf('0 6'), Date.parse('2026-01-01T00:00:00Z'), 'UTC')!.markdown, /disabled/);
    const wrong = config({ cron_timer: 'every day' });
    assert.match(automationHover(wrong, wrong.indexOf('every'), 0, 'UTC')!.markdown, /five fields/);
  });
});
