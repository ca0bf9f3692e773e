import type { DocumentStatuses } from './document-statuses';

/** How long a command waits for the server to take in a document before asking anyway. */
const DEFAULT_WAIT_MS = 10_000;

/**
 * Resolves once the language server has taken in the document `uri` (its first `iql/status`
 * for it has arrived), or after `timeoutMs`. A Run or Explain pressed while the extension is
 * still starting would otherwise reach the server before the document's `didOpen` and be told
 * the document is not open. Never rejects.
 */
export function whenServerKnows(statuses: DocumentStatuses, uri: string, timeoutMs = DEFAULT_WAIT_MS): Promise<void> {
  if (statuses.get(uri)) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      subscription.dispose();
      resolve();
    };
    const subscription = statuses.onDidChange((status) => {
      if (status.uri === uri) done();
    });
    const timer = setTimeout(done, timeoutMs);
  });
}
