/**
 * Cross-reference checks on a catalog that already matches the schema: everything a field
 * names must exist, and everything used as a name must be unique where the service needs it
 * to be. Pure: returns the problems, each with the JSON path of the offending value.
 */
import type { ResolvedCatalog } from './loaded-data';

export interface CatalogReferenceProblem {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

/** Lists every broken reference and duplicate name of the catalog (empty when it is sound). */
export function checkCatalogReferences(catalog: ResolvedCatalog): CatalogReferenceProblem[] {
  const problems: CatalogReferenceProblem[] = [];
  const report = (path: (string | number)[], message: string): void => {
    problems.push({ path, message });
  };
  const companies = new Set<string>();
  catalog.companies.forEach((company, i) => {
    if (companies.has(company.id)) report(['companies', i, 'id'], `duplicate company id '${company.id}'`);
    companies.add(company.id);
  });
  const knownCompany = (id: string, path: (string | number)[]): void => {
    if (!companies.has(id)) report(path, `unknown company '${id}': add it to "companies" or fix the id`);
  };

  const userIds = new Set<string>();
  const apiKeys = new Set<string>();
  catalog.users.forEach((user, i) => {
    if (userIds.has(user.id)) report(['users', i, 'id'], `duplicate user id '${user.id}'`);
    if (apiKeys.has(user.api_key)) report(['users', i, 'api_key'], 'duplicate api_key: every user needs its own key');
    userIds.add(user.id);
    apiKeys.add(user.api_key);
    knownCompany(user.company_id, ['users', i, 'company_id']);
  });

  const datasets = new Map<string, string>();
  const datasetIds = new Set<string>();
  catalog.datasets.forEach((dataset, i) => {
    if (datasets.has(dataset.private_id)) {
      report(['datasets', i, 'private_id'], `duplicate private_id '${dataset.private_id}': private IDs must be unique`);
    }
    datasets.set(dataset.private_id, dataset.owner_company_id);
    if (datasetIds.has(dataset.dataset_id)) {
      report(['datasets', i, 'dataset_id'], `duplicate dataset_id '${dataset.dataset_id}'`);
    }
    datasetIds.add(dataset.dataset_id);
    knownCompany(dataset.owner_company_id, ['datasets', i, 'owner_company_id']);
    if (dataset.file.includes('..') || dataset.file.startsWith('/') || dataset.file.includes('\\')) {
      report(['datasets', i, 'file'], `file '${dataset.file}' must be a plain file name inside the data folder`);
    }
    const labels = new Set<string>();
    dataset.categories.forEach((category, c) => {
      if (labels.has(category.label)) {
        report(['datasets', i, 'categories', c, 'label'], `duplicate category '${category.label}'`);
      }
      labels.add(category.label);
      const representations = new Set<string>();
      category.representations.forEach((representation, r) => {
        const path = ['datasets', i, 'categories', c, 'representations', r];
        if (representations.has(representation.label)) {
          report([...path, 'label'], `duplicate representation '${representation.label}' in category '${category.label}'`);
        }
        representations.add(representation.label);
        const bins = representation.bins;
        if (bins !== undefined) {
          if (bins.length < 2) report([...path, 'bins'], 'bins need at least two boundaries, e.g. [18, 25, 35]');
          if (bins.some((bin, b) => b > 0 && bin <= (bins[b - 1] ?? bin))) {
            report([...path, 'bins'], 'bins must be strictly ascending');
          }
        }
      });
    });
    if (dataset.activation && dataset.output_columns.length === 0) {
      report(['datasets', i, 'output_columns'], 'an activation dataset needs at least one output column');
    }
  });

  catalog.permissions.forEach((permission, i) => {
    const owner = datasets.get(permission.private_id);
    if (owner === undefined) {
      report(['permissions', i, 'private_id'], `unknown dataset '${permission.private_id}'`);
    } else if (owner !== permission.owner_company_id) {
      report(['permissions', i, 'owner_company_id'], `dataset '${permission.private_id}' is owned by '${owner}'`);
    }
    knownCompany(permission.recipient_company_id, ['permissions', i, 'recipient_company_id']);
  });

  const collaborationIds = new Set<string>();
  catalog.collaborations.forEach((collaboration, i) => {
    if (collaborationIds.has(collaboration.id)) report(['collaborations', i, 'id'], `duplicate collaboration id '${collaboration.id}'`);
    collaborationIds.add(collaboration.id);
    knownCompany(collaboration.owner_company_id, ['collaborations', i, 'owner_company_id']);
    const members = new Set<string>([collaboration.owner_company_id]);
    collaboration.members.forEach((member, m) => {
      knownCompany(member.company_id, ['collaborations', i, 'members', m, 'company_id']);
      if (members.has(member.company_id)) {
        report(['collaborations', i, 'members', m, 'company_id'], `company '${member.company_id}' is listed twice (the owner is implicit)`);
      }
      members.add(member.company_id);
    });
    const names = new Set<string>();
    collaboration.datasets.forEach((entry, d) => {
      const path = ['collaborations', i, 'datasets', d];
      if (names.has(entry.collaboration_dataset_name.toLowerCase())) {
        report([...path, 'collaboration_dataset_name'], `duplicate collaboration_dataset_name '${entry.collaboration_dataset_name}'`);
      }
      names.add(entry.collaboration_dataset_name.toLowerCase());
      const owner = datasets.get(entry.private_id);
      if (owner === undefined) report([...path, 'private_id'], `unknown dataset '${entry.private_id}'`);
      else if (!members.has(owner)) {
        report([...path, 'private_id'], `dataset '${entry.private_id}' belongs to '${owner}', which is not in the collaboration`);
      }
      entry.exportable_to_members.forEach((company, e) => {
        if (!members.has(company)) report([...path, 'exportable_to_members', e], `'${company}' is not in the collaboration`);
      });
    });
    const segmentIds = new Set<string>();
    collaboration.activation_segments.forEach((segment, s) => {
      if (segmentIds.has(segment.id)) report(['collaborations', i, 'activation_segments', s, 'id'], `duplicate segment id '${segment.id}'`);
      segmentIds.add(segment.id);
    });
    const destinationIds = new Set<string>();
    collaboration.destinations.forEach((destination, s) => {
      const path = ['collaborations', i, 'destinations', s];
      if (destinationIds.has(destination.id)) report([...path, 'id'], `duplicate destination id '${destination.id}'`);
      destinationIds.add(destination.id);
      if (!members.has(destination.owner_company_id)) {
        report([...path, 'owner_company_id'], `'${destination.owner_company_id}' is not in the collaboration`);
      }
    });
  });
  return problems;
}
