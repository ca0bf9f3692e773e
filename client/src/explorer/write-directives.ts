/**
 * The directive lines (LANGUAGE.md §7) that make a new document run where it came from:
 * `-- @profile` and, inside a collaboration, `-- @collaboration`.
 */
import { oneLine } from './display-text';

/** Where a new document's queries go. */
export interface DocumentDirectives {
  readonly profile?: string;
  readonly collaboration?: string;
}

/**
 * The directive lines for `target`, each ended by a newline; '' when it names nothing. A
 * directive's value is the rest of its line, so values are made one line. Never throws.
 */
export function writeDirectives(target: DocumentDirectives): string {
  const lines: string[] = [];
  if (target.profile) lines.push(`-- @profile ${oneLine(target.profile)}`);
  if (target.collaboration) lines.push(`-- @collaboration ${oneLine(target.collaboration)}`);
  return lines.map((line) => `${line}\n`).join('');
}
