import { api } from './lazy-api';
import type { ServiceTarget } from './service-target';

/**
 * Why a catalog without a single dataset is reported as the service's problem, not the query's.
 *
 * The service's JSON leaves empty lists out (protobuf's convention), so an empty body, `{}` or
 * an answer whose list is under another name all read as "no dataset". From the answer alone no
 * one can tell a key that sees nothing from a service that answered with nothing; reporting
 * every name of every query as an unknown dataset would blame the user for what may be the
 * service's fault. So `iql check` and the editor say what the service answered and leave the
 * dataset names unchecked (the check exits 2, like any service that could not be asked).
 */
export function describeEmptyCatalog(target: ServiceTarget): string {
  const collaboration = target.collaborationId;
  const { buildOperationPath, operations } = api();
  const operation = collaboration === undefined ? operations.listDatasets : operations.listCollaborationDatasets;
  const path = buildOperationPath(operation.path, collaboration === undefined ? {} : { collaboration_id: collaboration });
  const whose = collaboration === undefined ? 'for this key' : `in collaboration ${collaboration}`;
  return (
    `Profile '${target.profile.name}': the service listed no datasets ${whose} (${operation.title}, ${operation.method} ${path}, answered an empty list), ` +
    `so dataset names cannot be checked: either the key sees no dataset, or the service's answer was empty. Check the key and the base URL.`
  );
}
