/**
 * The reading verbs of `iql segment`: `list`, `get`, `status`, `exports`, `destinations` and
 * `push-schema`. Names, queries and messages come from the service and pass through
 * `printable` before they reach the terminal.
 */
import type { ActivationExport, ActivationSegment, ErrorInfo } from '../../../common/api';
import { collectAllPages, getActivationSegment, getActivationSegmentDestinationPushSchema, listActivationSegmentDestinations } from '../../../service/src';
import { ExitCode } from '../io';
import { collaborationOption, segmentOf, type SegmentContext } from './segment-context';
import { reportFailure } from './service-session';
import { formatTextTable } from './text-table';
import { argument, callOptions, formatOf, printAnswer, readableStatus, show, writeJson, writeLines, type Verb } from './verb-command';

export const SEGMENT_READ_VERBS: Readonly<Record<string, Verb<SegmentContext['options']>>> = {
  list: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const collaborationId = collaborationOption(context.options, context.io);
    const listed = await collectAllPages(context.client, 'listActivationSegments', { params: { collaboration_id: collaborationId } }, callOptions(context.io));
    return printAnswer(context, listed, format, (segments) =>
      segments.length === 0
        ? [`No activation segment in ${collaborationId}.`]
        : formatTextTable(
            ['ID', 'Name', 'Status', 'Rows', 'Last calculated'],
            segments.map((segment) => [segment.id, segment.name ?? '', readableStatus(segment.status), count(segment.row_count), segment.last_calculated_date_time ?? '']),
            [false, false, false, true, false],
          ),
    );
  },
  get: async (context) => show(context, (call) => getActivationSegment(context.client, segmentOf(context), call), (value) => describeSegment(value.activation_segment)),
  status: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const segment = segmentOf(context);
    const read = await getActivationSegment(context.client, segment, callOptions(context.io));
    if (!read.ok) return reportFailure(context.io, context.command, context.target, read.error);
    const exports = await collectAllPages(context.client, 'listActivationSegmentExports', { params: { collaboration_id: segment.collaborationId, activation_segment_id: segment.segmentId } }, callOptions(context.io));
    if (!exports.ok) return reportFailure(context.io, context.command, context.target, exports.error);
    const last = latestExport(exports.value);
    if (format === 'json') {
      writeJson(context.io, { activation_segment: read.value.activation_segment, last_export: last ?? null });
      return ExitCode.ok;
    }
    const value = read.value.activation_segment;
    writeLines(context.io, [
      `${value.id}  ${value.name ?? ''}  (${readableStatus(value.status)})`,
      `Rows: ${count(value.row_count) || 'not calculated'}${value.last_calculated_date_time ? `, calculated ${value.last_calculated_date_time}` : ''}`,
      ...(errorMessage(value.error) ? [`Error: ${errorMessage(value.error)}`] : []),
      last === undefined ? 'Last export: none' : `Last export: ${describeExport(last)}`,
    ]);
    return ExitCode.ok;
  },
  exports: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const segment = segmentOf(context);
    const listed = await collectAllPages(context.client, 'listActivationSegmentExports', { params: { collaboration_id: segment.collaborationId, activation_segment_id: segment.segmentId } }, callOptions(context.io));
    return printAnswer(context, listed, format, (items) =>
      items.length === 0
        ? [`No export of ${segment.segmentId} yet.`]
        : formatTextTable(
            ['Export', 'Destination', 'Status', 'Rows', 'Rejected', 'Started'],
            items.map((item) => [item.export_id, item.destination_id ?? '', readableStatus(item.status), count(item.row_count), count(item.rejected_rows), item.started_at_date_time ?? '']),
            [false, false, false, true, true, false],
          ),
    );
  },
  destinations: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const segment = segmentOf(context);
    const listed = await listActivationSegmentDestinations(context.client, segment, { perPage: 500 }, callOptions(context.io));
    return printAnswer(context, listed, format, ({ destinations: items = [] }) =>
      items.length === 0
        ? [`No destination of ${segment.collaborationId} may receive ${segment.segmentId}.`]
        : formatTextTable(['ID', 'Name', 'Type', 'Owner'], items.map((item) => [item.id ?? '', item.name ?? '', item.destination_type_id ?? '', item.owner_id ?? ''])),
    );
  },
  'push-schema': async (context) => {
    const segment = segmentOf(context);
    const destination = argument(context, 1, "the segment's ID and the destination's ID", `${segment.segmentId} DST.retail-sftp --collaboration ${segment.collaborationId}`);
    const answer = await getActivationSegmentDestinationPushSchema(context.client, segment, destination, callOptions(context.io));
    return printAnswer(context, answer, 'json', () => []);
  },
};

function describeSegment(segment: ActivationSegment): string[] {
  return [
    `${segment.id}  ${segment.name ?? ''}  (${readableStatus(segment.status)})`,
    ...(segment.query ? [`Query: ${segment.query}`] : []),
    ...(segment.target_dataset_id ? [`Target dataset: ${segment.target_dataset_id}`] : []),
    `Rows: ${count(segment.row_count) || 'not calculated'}${segment.last_calculated_date_time ? `, calculated ${segment.last_calculated_date_time}` : ''}`,
    ...(segment.exported_columns && segment.exported_columns.length > 0 ? [`Exported columns: ${segment.exported_columns.join(', ')}`] : []),
    ...(segment.column_separator ? [`Column separator: ${JSON.stringify(segment.column_separator)}`] : []),
    ...(segment.multi_value_delimiter ? [`Multi-value delimiter: ${JSON.stringify(segment.multi_value_delimiter)}`] : []),
    ...(segment.inaccuracy_proportion !== undefined ? [`Inaccuracy proportion: ${segment.inaccuracy_proportion}`] : []),
    ...Object.entries(segment.header_overrides ?? {}).map(([column, header]) => `Header: ${column} → ${header}`),
    ...(errorMessage(segment.error) ? [`Error: ${errorMessage(segment.error)}`] : []),
  ];
}

/** `EXP.1 to DST.x: successful, 120 rows, 3 rejected (started …)`, also used once an export ends. */
export function describeExport(item: ActivationExport): string {
  const counts = item.row_count === undefined ? '' : `, ${count(item.row_count)} rows, ${count(item.rejected_rows) || '0'} rejected`;
  const error = errorMessage(item.export_error) ? `: ${errorMessage(item.export_error)}` : '';
  return `${item.export_id} to ${item.destination_id ?? '?'}: ${readableStatus(item.status)}${counts}${error}${item.started_at_date_time ? ` (started ${item.started_at_date_time})` : ''}`;
}

function latestExport(items: readonly ActivationExport[]): ActivationExport | undefined {
  return items.reduce<ActivationExport | undefined>((latest, item) => (latest === undefined || (item.started_at_date_time ?? '') > (latest.started_at_date_time ?? '') ? item : latest), undefined);
}

/** A 64-bit count (string or number on the wire) as text; '' when absent. */
export function count(value: string | number | bigint | undefined): string {
  return value === undefined ? '' : String(value);
}

/** The message of a 2.0 ErrorInfo (`error`, `export_error`), if it has one. */
export function errorMessage(info: ErrorInfo | undefined): string | undefined {
  return info?.error?.message ?? info?.details?.message;
}
