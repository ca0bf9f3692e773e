/**
 * A query's collaboration rules, checked against the catalog of a collaboration target: the
 * rules module (language/src/rules) with the catalog telling which dataset an unqualified
 * category belongs to. Only datasets that carry restrictions are checked, so a catalog read
 * without Get Collaboration (or outside a collaboration) yields nothing.
 */
import type { Catalog } from '../catalog/catalog';
import { createQueryScope, resolveReference } from '../catalog/resolve-reference';
import type { Query } from '../parser/ast';
import { checkCollaborationRules } from '../rules/collaboration-rules';
import type { AnalysisProblem } from './problem';
import { namedDatasetUses } from './query-walk';

export function checkQueryAgainstCollaboration(query: Query, catalog: Catalog): AnalysisProblem[] {
  // Without FROM there is no audience to judge; the missing-from problem comes first.
  if (!query.from || !hasRestrictions(catalog)) return [];
  const scope = createQueryScope(catalog, namedDatasetUses(query).map((use) => use.name));
  return checkCollaborationRules(query, {
    restrictionsOf: (name) => catalog.findDataset(name)?.restrictions,
    datasetOfRef: (ref) => {
      if (ref.dataset) return ref.dataset.text;
      const resolution = resolveReference(ref, scope);
      return resolution.kind === 'resolved' ? resolution.dataset.name : undefined;
    },
  }).map((violation) => ({ ...violation, severity: 'error' as const }));
}

const restricted = new WeakMap<Catalog, boolean>();

/**
 * Whether any dataset of `catalog` carries restrictions, looked at once per catalog: a catalog
 * is never changed (a new one replaces it), and every keystroke asks, where a look through ten
 * thousand datasets would cost more than the rest of the query's checks.
 */
function hasRestrictions(catalog: Catalog): boolean {
  let answer = restricted.get(catalog);
  if (answer === undefined) {
    answer = catalog.datasets.some((dataset) => dataset.restrictions !== undefined);
    restricted.set(catalog, answer);
  }
  return answer;
}
