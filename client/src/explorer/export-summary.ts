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
 * One line per export: `successful · RetailCo SFTP drop`, with rows and rejected rows, then
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
  const description = [rows && `${rows} rows`, rejected && rejected !== '0' && `${rejected} rejected`, `export ${record.export_id}`].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  return {
    label: `${status} · ${oneLine(destination)}`,
    description: oneLine(description.join(' · ')),
    ...(detail.length > 0 ? { detail: oneLine(detail.join(' · ')) } : {}),
  };
}
