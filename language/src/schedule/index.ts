/**
 * Automation schedules, one implementation for the editor (checks and the next runs on hover)
 * and the emulator (when configs fire): cron syntax, IANA zones, RFC 3339 bounds.
 */
export { checkCron, checkTimeZone, dueInstants, MAX_FIRES_PER_CATCH_UP, readInstant } from './schedule';
export type { Schedule } from './schedule';
