/**
 * The waiting verbs of `iql segment`: `calculate` (through the service layer's
 * calculateSegment) and `export` (sent once, then read until it reaches a final state), each
 * with one progress line per request on stderr and `--no-wait` to return the ID at once.
 * Ctrl-C stops waiting (exit 130); the work goes on at the service.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { ActivationExport } from '../../../common/api';
import { calculateSegment, cancelledError, type ServiceResult } from '../../../service/src';
import { ExitCode } from '../io';
import { readJsonObjectArgument } from './json-argument';
import { formatSeconds } from './run-progress';
import { segmentOf, type SegmentContext } from './segment-context';
import { count, describeExport, errorMessage } from './segment-read';
import { reportFailure } from './service-session';
import { callOptions, formatOf, printAnswer, required, writeJson, type Verb } from './verb-command';

/** Waits between reads of a running export: growing from 250 ms to 2 s. */
const EXPORT_POLL = { firstMs: 250, maxMs: 2_000, factor: 1.5 } as const;

export const SEGMENT_JOB_VERBS: Readonly<Record<string, Verb<SegmentContext['options']>>> = {
  calculate: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const segment = segmentOf(context);
    if (context.options['no-wait'] === true) {
      const started = await context.client.calculateActivationSegment(segment, callOptions(context.io));
      return printAnswer(context, started, format, (value) => [`Calculating ${segment.segmentId}: query ${value.query_id}.`]);
    }
    const say = progress(context);
    const run = await calculateSegment(context.client, segment, {
      ...callOptions(context.io),
      onProgress: (event) => say(event.phase === 'submit' ? 'asking for a calculation' : event.phase === 'poll' ? `calculating${event.id ? ` (query ${event.id})` : ''}, attempt ${event.attempt}, ${formatSeconds(event.elapsedMs)}` : 'reading the audience'),
    });
    if (!run.ok) return reportFailure(context.io, context.command, context.target, run.error);
    const read = await context.client.getActivationSegment(segment, callOptions(context.io));
    if (!read.ok) return reportFailure(context.io, context.command, context.target, read.error);
    say('done');
    return printAnswer(context, { ok: true, value: { query_id: run.value.queryId, activation_segment: read.value.activation_segment } }, format, (value) => [
      `Calculated ${segment.segmentId}: ${count(value.activation_segment.row_count) || '0'} rows (query ${value.query_id}).`,
    ]);
  },
  export: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const segment = segmentOf(context);
    const destination = required(context.options.destination, '--destination');
    const pushConfig = context.options['push-config'] === undefined ? undefined : await readJsonObjectArgument(context.options['push-config'], '--push-config', context.io);
    const started = await context.client.exportActivationSegment(segment, { destination_id: destination, ...(pushConfig ? { push_config: pushConfig } : {}) }, callOptions(context.io));
    if (!started.ok || context.options['no-wait'] === true) return printAnswer(context, started, format, (value) => [`Exporting ${segment.segmentId}: export ${value.export_id}.`]);
    const say = progress(context);
    say(`export ${started.value.export_id} started`);
    const finished = await waitForExport(context, started.value.export_id, say);
    if (!finished.ok) return reportFailure(context.io, context.command, context.target, finished.error);
    const details = finished.value;
    if (format === 'json') writeJson(context.io, details);
    else context.io.stdout.write(`Export ${describeExport(details)}\n`);
    if (details.status === 'EXPORT_STATUS_SUCCESSFUL') return ExitCode.ok;
    context.io.stderr.write(`iql ${context.command}: the export did not succeed: ${errorMessage(details.export_error) ?? details.status ?? 'no status'}\n`);
    return ExitCode.findings;
  },
};

/** One line per step on stderr: `iql segment calculate: ATS.demo1: …`. */
function progress(context: SegmentContext): (text: string) => void {
  const id = context.args[0] ?? '';
  return (text) => context.io.stderr.write(`iql ${context.command}: ${id}: ${text}\n`);
}

/** Reads the export until it is no longer running (nor yet unstated). */
async function waitForExport(context: SegmentContext, exportId: string, say: (text: string) => void): Promise<ServiceResult<ActivationExport>> {
  const segment = segmentOf(context);
  const begun = Date.now();
  let wait: number = EXPORT_POLL.firstMs;
  for (let attempt = 1; ; attempt += 1) {
    const read = await context.client.getActivationSegmentExport(segment, exportId, callOptions(context.io));
    if (!read.ok) return read;
    const status = read.value.export_details.status;
    if (status !== undefined && status !== 'EXPORT_STATUS_RUNNING' && status !== 'EXPORT_STATUS_INVALID') return { ok: true, value: read.value.export_details };
    say(`exporting, attempt ${attempt}, ${formatSeconds(Date.now() - begun)}`);
    try {
      await sleep(wait, undefined, callOptions(context.io));
    } catch {
      return { ok: false, error: cancelledError('Get Activation Segment Export') };
    }
    wait = Math.min(EXPORT_POLL.maxMs, wait * EXPORT_POLL.factor);
  }
}
