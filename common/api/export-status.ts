/**
 * When an activation segment's export has ended, for every side that follows one (the service
 * layer's runner, the editor's Collaborations view). No schema here: the editor imports it at
 * activation, where the API schemas are loaded lazily.
 */

/** RUNNING, and INVALID (the enum's unset value): an export not yet stated as ended. */
const EXPORT_NOT_ENDED = new Set(['EXPORT_STATUS_RUNNING', 'EXPORT_STATUS_INVALID']);

/** Whether an export with `status` has ended (SUCCESSFUL, FAILED, or a status added later); not without a status. */
export function isFinalExportStatus(status: string | undefined): boolean {
  return status !== undefined && status !== '' && !EXPORT_NOT_ENDED.has(status);
}
