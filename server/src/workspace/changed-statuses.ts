import type { StatusParams } from '../../../common/protocol';

/**
 * Passes on a document's `iql/status` only when it differs from the last one sent for that
 * document. Every keystroke republishes the diagnostics and works out the status again, which
 * is nearly always the same; sending it anyway was a second message (two pipe writes) per
 * keystroke for the client to read and ignore.
 */
export class ChangedStatuses {
  private readonly sent = new Map<string, string>();

  constructor(private readonly send: (status: StatusParams) => void) {}

  update(status: StatusParams): void {
    const key = JSON.stringify(status);
    if (this.sent.get(status.uri) === key) return;
    this.sent.set(status.uri, key);
    this.send(status);
  }

  /** The document was closed: its next status, if it opens again, is sent. */
  forget(uri: string): void {
    this.sent.delete(uri);
  }
}
