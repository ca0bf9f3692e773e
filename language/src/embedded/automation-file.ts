/**
 * Automation config files (`*.iqlauto.json`): their schedule and steps checked where they
 * are written, with the same schedule rules as the emulator (language/src/schedule: cron by
 * cron-parser, zones by the platform's IANA database, RFC 3339 bounds), and a hover on the
 * cron expression that lists its next runs in the config's zone and in the user's own.
 */
import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';
import type { AnalysisProblem } from '../analysis/problem';
import { checkCron, checkTimeZone, dueInstants, readInstant } from '../schedule/schedule';

/** The step blocks of §4.3, in the order an execution runs them. */
export const STEP_BLOCKS = ['import', 'normalization', 'recordset_creation', 'publish', 'activation_calculation', 'activation'] as const;
/** How many next runs the hover lists. */
const NEXT_RUNS = 5;
/** How far ahead the hover looks for them. */
const LOOK_AHEAD_MS = 400 * 24 * 3600_000;

export function isAutomationFile(uri: string): boolean {
  return uri.endsWith('.iqlauto.json');
}

function stringAt(root: Node, key: string): Node | undefined {
  const node = findNodeAtLocation(root, [key]);
  return node?.type === 'string' ? node : undefined;
}

function problemOn(node: Node, message: string): AnalysisProblem {
  return { code: 'iql.automation', severity: 'error', message, span: { start: node.offset, end: node.offset + node.length } };
}

/** What is wrong with an automation file's schedule and steps, each on the value it is about. Never throws. */
export function automationProblems(file: string): AnalysisProblem[] {
  const root = parseTree(file, [], { allowTrailingComma: true });
  if (root?.type !== 'object') return [];
  const problems: AnalysisProblem[] = [];
  const cron = stringAt(root, 'cron_timer');
  const cronProblem = cron ? checkCron(String(cron.value)) : undefined;
  if (cron && cronProblem) problems.push(problemOn(cron, cronProblem));
  const zone = stringAt(root, 'timezone_identifier');
  const zoneProblem = zone ? checkTimeZone(String(zone.value)) : undefined;
  if (zone && zoneProblem) problems.push(problemOn(zone, zoneProblem));
  const bounds = (['start_date_time', 'end_date_time'] as const).map((key) => {
    const node = stringAt(root, key);
    if (node === undefined) return undefined;
    const instant = readInstant(String(node.value));
    if (Number.isNaN(instant)) problems.push(problemOn(node, `${key}: write an RFC 3339 date-time, e.g. 2026-01-31T06:00:00Z`));
    return { node, instant };
  });
  const [start, end] = bounds;
  if (start && end && !Number.isNaN(start.instant) && !Number.isNaN(end.instant) && end.instant <= start.instant) {
    problems.push(problemOn(end.node, 'end_date_time: the schedule ends before it starts; put the end after start_date_time'));
  }
  const steps = findNodeAtLocation(root, ['automation_steps']);
  for (const [index, step] of (steps?.type === 'array' ? (steps.children ?? []) : []).entries()) {
    if (step.type !== 'object') {
      problems.push(problemOn(step, `automation_steps[${index}]: a step is an object with one of ${STEP_BLOCKS.join(', ')}`));
      continue;
    }
    const blocks = (step.children ?? []).map((property) => String(property.children?.[0]?.value)).filter((key) => (STEP_BLOCKS as readonly string[]).includes(key));
    if (blocks.length !== 1) {
      problems.push(problemOn(step, `automation_steps[${index}]: a step holds exactly one of ${STEP_BLOCKS.join(', ')}; this one has ${blocks.length === 0 ? 'none' : blocks.join(' and ')}`));
    }
  }
  return problems;
}

/**
 * The hover of the cron expression: its next runs in the config's zone and in `localZone`
 * (the user's), within the start and end. Undefined elsewhere, or when the schedule is wrong.
 */
export function automationHover(file: string, offset: number, now: number, localZone: string): { readonly markdown: string; readonly span: { start: number; end: number } } | undefined {
  const root = parseTree(file, [], { allowTrailingComma: true });
  if (root?.type !== 'object') return undefined;
  const cron = stringAt(root, 'cron_timer');
  if (cron === undefined || offset < cron.offset || offset > cron.offset + cron.length) return undefined;
  const span = { start: cron.offset, end: cron.offset + cron.length };
  const zone = String(stringAt(root, 'timezone_identifier')?.value ?? 'UTC') || 'UTC';
  const problem = checkCron(String(cron.value)) ?? checkTimeZone(zone);
  if (problem) return { markdown: `**Schedule** — ${problem}`, span };
  const bound = (key: string): number | undefined => {
    const node = stringAt(root, key);
    const instant = node ? readInstant(String(node.value)) : Number.NaN;
    return Number.isNaN(instant) ? undefined : instant;
  };
  const start = bound('start_date_time');
  const end = bound('end_date_time');
  const runs = dueInstants({ cron: String(cron.value), timeZone: zone, ...(start !== undefined ? { start } : {}), ...(end !== undefined ? { end } : {}) }, now, now + LOOK_AHEAD_MS).slice(0, NEXT_RUNS);
  const enabled = findNodeAtLocation(root, ['enabled']);
  const lines = [`**Next ${runs.length === 1 ? 'run' : `${runs.length} runs`}** of \`${String(cron.value).trim()}\` in ${zone}${localZone !== zone ? ` (and in ${localZone}, your time)` : ''}:`, ''];
  if (runs.length === 0) lines.push(`None in the next ${Math.round(LOOK_AHEAD_MS / (24 * 3600_000))} days${end !== undefined ? ' (the schedule ends first)' : ''}.`);
  for (const run of runs) lines.push(`- ${formatInstant(run, zone)}${localZone !== zone ? ` — ${formatInstant(run, localZone)}` : ''}`);
  if (enabled?.value === false) lines.push('', 'The config is disabled: none of these runs happens until it is enabled.');
  return { markdown: lines.join('\n'), span };
}

function formatInstant(instant: number, zone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(new Date(instant));
}
