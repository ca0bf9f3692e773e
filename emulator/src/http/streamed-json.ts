/**
 * A JSON answer written as it is made: an object with one array property whose items are
 * serialized one at a time. List Datasets of a catalog of 10,000
 * datasets of 50 categories is about 65 MB of JSON; built whole it was a tree of millions of
 * objects, a 65 MB string and a 65 MB buffer at once, and the client received nothing until
 * all three existed. Written this way the server holds one batch of text at a time, honours
 * the socket's backpressure, and the client's streamed reader starts on the first dataset.
 * The bytes are those `JSON.stringify` of the whole object would give.
 */
import type { ServerResponse } from 'node:http';

/** Text gathered before a write: large enough that writes are few, small enough to stay cheap. */
const BATCH_CHARACTERS = 1 << 16;

export class StreamedJsonList<T> {
  /**
   * `{ [field]: items }`, each item written as `toJson` gives it (its wire object's JSON
   * text); `items` is read once, lazily, while the answer is written. `toJson` must not throw
   * for a valid item (a throw is a bug: the connection is cut, since the status line is sent).
   */
  constructor(
    readonly field: string,
    private readonly items: Iterable<T>,
    private readonly toJson: (item: T) => string,
  ) {}

  /** Writes the body to `response` (its status and headers already set); resolves when it ends. */
  async writeTo(response: ServerResponse): Promise<void> {
    let batch = `{${JSON.stringify(this.field)}:[`;
    let first = true;
    for (const item of this.items) {
      batch += (first ? '' : ',') + this.toJson(item);
      first = false;
      if (batch.length >= BATCH_CHARACTERS) {
        if (response.destroyed) return;
        if (!response.write(batch)) await drainOrClose(response);
        batch = '';
      }
    }
    if (!response.destroyed) response.end(`${batch}]}`);
  }
}

/** Waits until the socket takes more, or the client has gone. */
function drainOrClose(response: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}
