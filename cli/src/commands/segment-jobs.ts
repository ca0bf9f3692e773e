/**
 * The waiting verbs of `iql segment`: `calculate` (through the service layer's
 * calculateSegment) and `export` (sent once, then read until it reaches a final state), each
 * with one progress line per request on stderr and `--no-wait` to return the ID at once.
 * Ctrl-C stops waiting (exit 130); the work goes on at the service.
 */
import type { ActivationExport } from '../../../common/api';
import { calculateSegment, type ServiceResult, calculateActivationSegment, exportActivationSegment, getActivationSegment, getActivationSegmentExport } from '../../../service/src';
import { ExitCode } from '../io';
import { readJsonObjectArgument } from './json-argument';
import { pollUntilFinal } from './poll-service';
import { formatSeconds } from './run-progress';
import { segmentOf, type SegmentContext } from './segment-context';
import { count, describeExport, errorMessage } from './segment-read';
import { reportFailure } from './service-session';
import { callOptions, formatOf, printAnswer, progressOf, required, writeJson, type Verb } from './verb-command';

export const SEGMENT_JOB_VERBS: Readonly<Record<string, Verb<SegmentContext['options']>>> = {
  calculate: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const segment = segmentOf(context);
    if (context.options['no-wait'] === true) {
      const started = await calculateActivationSegment(context.client, segment, callOptions(context.io));
      return printAnswer(context, started, format, (value) => [`Calculating ${segment.segmentId}: query ${value.query_id}.`]);
    }
    const say = progressOf(context, context.args[0] ?? '');
    const run = await calculateSegment(context.client, segment, {
      ...callOptions(context.io),
      onProgress: (event) => say(event.phase === 'submit' ? 'asking for a calculation' : event.phase === 'poll' ? `calculating${event.id ? ` (query ${event.id})` : ''}, attempt ${event.attempt}, ${formatSeconds(event.elapsedMs)}` : 'reading the audience'),
    });
    if (!run.ok) return reportFailure(context.io, context.command, context.target, run.error);
    const read = await getActivationSegment(context.client, segment, callOptions(context.io));
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
    const started = await exportActivationSegment(context.client, segment, { destination_id: destination, ...(pushConfig ? { push_config: pushConfig } : {}) }, callOptions(context.io));
    if (!started.ok || context.options['no-wait'] === true) return printAnswer(context, started, format, (value) => [`Exporting ${segment.segmentId}: export ${value.export_id}.`]);
    const say = progressOf(context, context.args[0] ?? '');
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

/** Reads the export until it is no longer running (nor yet unstated). */
async function waitForExport(context: SegmentContext, exportId: string, say: (text: string) => void): Promise<ServiceResult<ActivationExport>> {
  const segment = segmentOf(context);
  return pollUntilFinal({
    read: async (options) => {
      const read = await getActivationSegmentExport(context.client, segment, exportId, options);
      return read.ok ? { ok: true, value: read.value.export_details } : read;
    },
    done: (details) => details.status !== undefined && details.status !== 'EXPORT_STATUS_RUNNING' && details.status !== 'EXPORT_STATUS_INVALID',
    say: (_, attempt) => say(`exporting, ${attempt}`),
    operation: 'Get Activation Segment Export',
    ...callOptions(context.io),
  });
}
