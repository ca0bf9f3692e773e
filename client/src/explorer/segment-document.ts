/**
 * The text of the document "Open Segment Query" opens: directives, a comment naming the
 * segment, then its query as the service holds it.
 */
import { oneLine } from './display-text';
import { writeDirectives } from './write-directives';
import type { DocumentDirectives } from './write-directives';

/** The segment document for `segment` in `target`. The query is kept verbatim. Never throws. */
export function buildSegmentDocument(segment: { readonly id: string; readonly name?: string; readonly query?: string }, target: DocumentDirectives): string {
  const title = segment.name ? `"${oneLine(segment.name)}" (${oneLine(segment.id)})` : oneLine(segment.id);
  const query = (segment.query ?? '').trim();
  return `${writeDirectives(target)}-- Activation segment ${title}\n${query === '' ? '-- The service returned no query for this segment.' : query}\n`;
}
