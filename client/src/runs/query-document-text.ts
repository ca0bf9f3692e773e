/**
 * Re-opening a run's query: the text of a new document that targets what the run targeted,
 * and finding the query again in an existing document.
 */
import type { RunRecord } from './run-record';

/**
 * The run's query preceded by the directives (LANGUAGE.md §7) that send it where it went:
 * `-- @profile` and `-- @collaboration` when the run named them. Ends with a newline.
 */
export function buildQueryDocumentText(record: RunRecord): string {
  const directives: string[] = [];
  if (record.target.profile) directives.push(`-- @profile ${record.target.profile}`);
  if (record.target.collaboration) directives.push(`-- @collaboration ${record.target.collaboration}`);
  const query = record.query.replace(/\s+$/, '');
  return `${directives.length > 0 ? `${directives.join('\n')}\n\n` : ''}${query}\n`;
}

/**
 * Where `query` occurs in `documentText`: the occurrence nearest `near` (the offset it was run
 * from, when known), else the first; -1 when the document no longer holds the text.
 */
export function locateQuery(documentText: string, query: string, near?: number): number {
  if (query === '') return -1;
  let best = -1;
  for (let at = documentText.indexOf(query); at >= 0; at = documentText.indexOf(query, at + 1)) {
    if (near === undefined) return at;
    if (best < 0 || Math.abs(at - near) < Math.abs(best - near)) best = at;
  }
  return best;
}
