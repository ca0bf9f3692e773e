/**
 * The words of a run's progress notification: its title, and a message with the phase and the
 * elapsed time, from the service layer's progress events.
 */
import type { ProgressEvent } from '../../../common/protocol';
import { firstQueryLine, formatDuration } from './history-item-model';
import type { RunRecord } from './run-record';

const TITLE_QUERY_LIMIT = 60;

/**
 * `Running query: SELECT COUNT() FROM Retail`, or `Running activation: …`; with local errors
 * it says the query is sent anyway, since the service may accept what the local checks doubt.
 */
export function describeRunTitle(record: RunRecord, hasLocalErrors: boolean): string {
  const line = firstQueryLine(record.query);
  const shown = line.length > TITLE_QUERY_LIMIT ? `${line.slice(0, TITLE_QUERY_LIMIT - 1)}…` : line;
  const what = record.kind === 'activation' ? 'activation' : 'query';
  const caveat = hasLocalErrors ? ' (local checks found errors; sent anyway, the service decides)' : '';
  return `Running ${what}${caveat}: ${shown}`;
}

/**
 * The phase in words and the elapsed time, e.g. `waiting for the service (check 3) · 4.2 s ·
 * Q-81f`. `event` is the latest progress event, if any yet; `elapsedMs` is measured by the caller
 * so that the time moves on between events.
 */
export function describeRunProgress(event: ProgressEvent | undefined, elapsedMs: number, serviceId?: string): string {
  const phase = describePhase(event);
  const id = serviceId ?? event?.id;
  return [phase, formatDuration(elapsedMs), ...(id ? [id] : [])].join(' · ');
}

function describePhase(event: ProgressEvent | undefined): string {
  switch (event?.phase) {
    case undefined:
      return 'starting';
    case 'submit':
      return 'sending to the service';
    case 'poll':
      return `waiting for the service (check ${event.attempt})`;
    case 'result':
      return event.attempt > 1 ? `fetching the result (try ${event.attempt})` : 'fetching the result';
  }
}
