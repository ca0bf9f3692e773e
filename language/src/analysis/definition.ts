import type { Catalog, CatalogDataset } from '../catalog/catalog';
import { createQueryScope, resolveReference } from '../catalog/resolve-reference';
import type { IqlFile, Span } from '../parser/ast';
import { findNameAt } from './node-at';
import { namedDatasetUses } from './query-walk';

/** What a name is defined by: its dataset's page, at the category's heading for a category. */
export interface DefinitionSubject {
  readonly dataset: CatalogDataset;
  /** The category whose heading the page should show, for a category or representation name. */
  readonly category?: string;
  /** The name under the cursor (the editor underlines it as a link). */
  readonly span: Span;
}

/**
 * The definition of the name at `offset`: a dataset name (FROM, ENRICH WITH, LINK WITH, a
 * qualifier, an output column's dataset) is defined by its catalog entry; a category or
 * representation by its dataset's entry, at the category. Names the catalog does not know
 * have none.
 */
export function findDefinitionSubject(file: IqlFile, offset: number, catalog: Catalog): DefinitionSubject | undefined {
  const found = findNameAt(file, offset);
  if (!found) return undefined;
  const span = found.name.span;
  switch (found.role) {
    case 'dataset': {
      const dataset = catalog.findDataset(found.name.text);
      return dataset ? { dataset, span } : undefined;
    }
    case 'column': {
      const dataset = catalog.findDataset(found.dataset.text);
      return dataset ? { dataset, span } : undefined;
    }
    case 'category':
    case 'representation': {
      const scope = createQueryScope(catalog, namedDatasetUses(found.query).map((use) => use.name));
      const resolution = resolveReference(found.ref, scope);
      return resolution.kind === 'resolved' ? { dataset: resolution.dataset, category: resolution.category.label, span } : undefined;
    }
  }
}
