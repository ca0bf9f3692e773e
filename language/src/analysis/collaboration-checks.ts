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
  if (!query.from || !catalog.datasets.some((dataset) => dataset.restrictions !== undefined)) return [];
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
