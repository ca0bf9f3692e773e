/**
 * How a segment export is listed for people: status, destination, rows, times and the
 * failure, as plain text for a quick pick.
 */
import type { ActivationExport } from '../../../common/api';
import { formatCount, oneLine, shortEnum } from './display-text';

export interface ExportSummary {
  readonly label: string;
  readonly description?: string;
  readonly detail?: string;
}

/**
 * One line per export: `successful · RetailCo SFTP drop`, with rows and rejected rows (shown
 * once it ended, none rejected included; a running one shows none of its zeros), then
 * the start and end times and the service's error message. `destinationNames` maps
 * destination ids to names. Never throws.
 */
export function summarizeExport(record: ActivationExport, destinationNames: ReadonlyMap<string, string>): ExportSummary {
  const status = shortEnum(record.status, 'EXPORT_STATUS_') ?? 'unknown status';
  const destination = record.destination_id === undefined ? 'unknown destination' : (destinationNames.get(record.destination_id) ?? record.destination_id);
  const rows = formatCount(record.row_count);
  const rejected = formatCount(record.rejected_rows);
  const error = record.export_error?.error?.message ?? record.export_error?.details?.message;
  const times = [record.started_at_date_time && `started ${record.started_at_date_time}`, record.completed_at_date_time && `completed ${record.completed_at_date_time}`];
  const detail = [...times, error && `error: ${error}`].filter((part): part is string => typeof part === 'string' && part !== '');
  // Once an export has ended its counts are news, zeros included; while it runs, zeros mean "not yet".
  const ended = record.completed_at_date_time !== undefined || (record.status !== undefined && record.status !== 'EXPORT_STATUS_RUNNING');
  const counted = (count: string | undefined, unit: string): string | undefined => (count !== undefined && (ended || count !== '0') ? `${count} ${unit}` : undefined);
  const description = [counted(rows, 'rows'), counted(rejected, 'rejected'), `export ${record.export_id}`].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  return {
    label: `${status} · ${oneLine(destination)}`,
    description: oneLine(description.join(' · ')),
    ...(detail.length > 0 ? { detail: oneLine(detail.join(' · ')) } : {}),
  };
}

/** One sentence for an export that ended: its status, the rows sent and rejected, or the service's error. */
export function describeEndedExport(record: ActivationExport, what: string): string {
  const rows = formatCount(record.row_count) ?? '0';
  const rejected = formatCount(record.rejected_rows) ?? '0';
  if (record.status === 'EXPORT_STATUS_SUCCESSFUL') return `The ${what} succeeded: ${rows} rows sent, ${rejected} rejected.`;
  const error = record.export_error?.error?.message ?? record.export_error?.details?.message;
  const status = (record.status ?? 'unknown').replace(/^EXPORT_STATUS_/, '').toLowerCase();
  return `The ${what} ended ${status}${error ? `: ${oneLine(error)}` : ''} (${rows} rows sent, ${rejected} rejected).`;
}
