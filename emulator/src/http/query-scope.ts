/**
 * The datasets a query may name, for the caller: its visible datasets by private ID, or — with
 * a `collaboration_id` — the collaboration's datasets by collaboration dataset name (which
 * needs the operator right). Routes never build this list themselves.
 */
import { findVisibleCollaboration, rightsIn, visibleDatasets } from '../access/access-rules';
import type { Caller } from '../access/access-rules';
import type { CatalogCollaboration } from '../data/catalog-schema';
import type { EmulatorData } from '../data/loaded-data';
import type { NamedDataset } from '../query-engine';
import { restrictionsFromWire } from '../../../language/src/rules/index';
import { collaborationDatasetRules } from '../views/collaboration-dataset-rules';
import { forbidden, notFound, quote } from './reply-error';

export interface QueryScope {
  readonly datasets: readonly NamedDataset[];
  readonly collaboration?: CatalogCollaboration;
}

/**
 * The scope of a query sent with `collaborationId` (empty or absent: no collaboration).
 * Throws 404 for a collaboration the caller does not belong to, 403 without the operator
 * right or when the collaboration is closed.
 */
export function resolveQueryScope(data: EmulatorData, caller: Caller, collaborationId: string | undefined): QueryScope {
  if (collaborationId === undefined || collaborationId === '') {
    return {
      datasets: visibleDatasets(data, caller).map((dataset) => ({
        name: dataset.meta.private_id,
        dataset,
        activation: dataset.meta.activation,
      })),
    };
  }
  const collaboration = requireOperator(data, caller, collaborationId, 'run, validate or explain queries');
  return { datasets: collaborationDatasets(data, collaboration), collaboration };
}

/** The collaboration's datasets, named as its queries name them. */
export function collaborationDatasets(data: EmulatorData, collaboration: CatalogCollaboration): NamedDataset[] {
  return collaboration.datasets.flatMap((entry) => {
    const dataset = data.datasets.get(entry.private_id);
    if (!dataset) return [];
    const restrictions = restrictionsFromWire(collaborationDatasetRules(entry));
    return [{ name: entry.collaboration_dataset_name, dataset, activation: entry.kind === 'activation', restrictions }];
  });
}

/** The collaboration, if the caller belongs to it (else 404). */
export function requireCollaboration(data: EmulatorData, caller: Caller, collaborationId: string): CatalogCollaboration {
  const collaboration = findVisibleCollaboration(data, caller, collaborationId);
  if (!collaboration) throw notFound(`unknown collaboration ${quote(collaborationId)}`);
  return collaboration;
}

/** The collaboration, if the caller is an operator in it and it is open (else 404 or 403). */
export function requireOperator(data: EmulatorData, caller: Caller, collaborationId: string, action: string): CatalogCollaboration {
  const collaboration = requireCollaboration(data, caller, collaborationId);
  if (!rightsIn(collaboration, caller)?.operator) {
    throw forbidden(`you need the operator right in collaboration ${quote(collaboration.id)} to ${action}; ask its owner to grant it`);
  }
  if (collaboration.status === 'STATUS_CLOSED') {
    throw forbidden(`collaboration ${quote(collaboration.id)} is closed: it accepts no new queries or exports`);
  }
  return collaboration;
}
