/**
 * Records of an object-mode stream (a csv-parse parser) taken in batches: everything the
 * stream has buffered is read at once, so the per-record cost of an async iteration (a
 * promise and a microtask per record, which made reading a 1 GB file several times slower)
 * is paid once per batch. Backpressure still holds: the stream is read only when the
 * consumer asks for the next batch.
 */
import type { Readable } from 'node:stream';

export async function* recordBatches<T>(stream: Readable): AsyncGenerator<T[]> {
  let ended = false;
  let failure: unknown;
  let wake: (() => void) | undefined;
  const signal = (): void => {
    wake?.();
    wake = undefined;
  };
  stream.on('readable', signal);
  stream.on('end', () => {
    ended = true;
    signal();
  });
  stream.on('error', (error) => {
    failure = error;
    signal();
  });
  try {
    for (;;) {
      if (failure !== undefined) throw failure;
      const batch: T[] = [];
      let record: T | null;
      while ((record = stream.read() as T | null) !== null) batch.push(record);
      if (batch.length > 0) {
        yield batch;
        continue;
      }
      if (ended) return;
      await new Promise<void>((resolve) => {
        wake = resolve;
      });
    }
  } finally {
    // A consumer that stops early (a failed execution) releases the file.
    if (!ended) stream.destroy();
  }
}
