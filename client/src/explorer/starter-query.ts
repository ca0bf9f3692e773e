/**
 * The text of the document "New Query from Here" opens: the directives of the dataset's
 * profile (and collaboration), then a starter query on the dataset.
 */
import { writeName } from '../../../common/iql/names';
import { writeDirectives } from './write-directives';
import type { DocumentDirectives } from './write-directives';

/**
 * A new document for dataset `name` (a private ID, or a collaboration dataset name when
 * `target.collaboration` is set): the directives and `SELECT COUNT() FROM <name>`, the name
 * quoted only when it must be. With `category`, a breakdown by that category is suggested in
 * a comment. Never throws.
 */
export function buildStarterQuery(name: string, target: DocumentDirectives, category?: string): string {
  const dataset = writeName(name);
  const hint = category === undefined ? '' : `-- Break it down: SELECT AGGREGATE(${dataset}.${writeName(category)}) FROM ${dataset}\n`;
  return `${writeDirectives(target)}${hint}SELECT COUNT() FROM ${dataset}\n`;
}
