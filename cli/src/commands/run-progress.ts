/**
 * Progress of `iql run` on stderr, one line per step, so that stdout carries results only and
 * can be piped. Lines start with `iql run:` and name the query.
 */
import type { ProgressEvent } from '../../../service/src';
import type { FileQuery } from './query-file';

export interface RunProgress {
  /** For `RunOptions.onProgress`: one line per request of the run. */
  readonly onProgress: (event: ProgressEvent) => void;
  /** The last line: done, with the time the whole run took. */
  done(): void;
  /** The id the service gave the query or activation, once known. */
  readonly id: string | undefined;
}

/** A reporter for one query's run, writing to `stderr`. */
export function reportRunProgress(stderr: NodeJS.WritableStream, entry: FileQuery): RunProgress {
  const started = Date.now();
  let id: string | undefined;
  const say = (text: string): void => {
    stderr.write(`iql run: ${entry.label}: ${text}\n`);
  };
  return {
    onProgress: (event) => {
      if (event.id !== undefined) id = event.id;
      if (event.phase === 'submit') say(`submitting the ${entry.type === 'activation' ? 'activation' : 'query'}`);
      else if (event.phase === 'poll') say(`polling${event.id ? ` ${event.id}` : ''} (attempt ${event.attempt}, ${formatSeconds(event.elapsedMs)})`);
      else say(`reading the result of ${event.id ?? 'the query'} (${formatSeconds(event.elapsedMs)})`);
    },
    done: () => say(`done in ${formatSeconds(Date.now() - started)}`),
    get id() {
      return id;
    },
  };
}

/** Milliseconds as seconds with one decimal, e.g. `1.2 s`. */
export function formatSeconds(ms: number): string {
  return `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
}
