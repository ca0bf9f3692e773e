/**
 * Create and read a private-path collaboration (Document 2 §4.1). The seed says only that it
 * lists the datasets allowed in it, so the emulator keeps exactly that: the datasets, checked
 * when the path is made, and who made it. A private path is not a collaboration with members:
 * List and Get Collaboration do not show it.
 *
 * Create: `dataset_ids` names at least one dataset, each once, each one the caller may see
 * (400 `unknown dataset` otherwise, worded as for one that does not exist), and the caller's
 * company must own one of them (403): a path between two other companies' datasets is not the
 * caller's to open. Read: the creator and the owners of its datasets; anyone else gets 404,
 * worded as for an ID that names nothing.
 */
import type { CreatePrivatePathRequest } from '../../../../common/api';
import { hashId } from '../../state/emulator-state';
import { requireBodyDataset } from '../body-dataset';
import { requireWellFormedId } from '../management-policy';
import { badRequest, forbidden, notFound, quote } from '../reply-error';
import type { RouteHandler } from '../route-context';
import { param } from '../route-context';
import { EMULATOR_EPOCH } from '../wire-time';

export const createPrivatePathRoute: RouteHandler = (context) => {
  const ids = (context.body as CreatePrivatePathRequest).dataset_ids ?? [];
  if (ids.length === 0) throw badRequest('dataset_ids: name the datasets allowed in the private path');
  const seen = new Set<string>();
  const owners = ids.map((value, index) => {
    const field = `dataset_ids[${index}]`;
    const dataset = requireBodyDataset(context, value, field);
    if (seen.has(value)) throw badRequest(`${field}: dataset ${quote(value)} is listed twice`);
    seen.add(value);
    return dataset.meta.owner_company_id;
  });
  const companyId = context.caller.companyId;
  if (!owners.includes(companyId)) {
    throw forbidden(`your company ${quote(companyId)} owns none of these datasets: a private path includes one of your own`);
  }
  const paths = context.state.privatePaths;
  const id = hashId('CLB.', ['private-path', companyId, ...ids, String(paths.nextNumber())]);
  paths.add({ id, creatorCompanyId: companyId, datasetIds: ids, ownerCompanyIds: [...new Set(owners)] });
  return { collaboration_id: id };
};

export const getPrivatePathRoute: RouteHandler = (context) => {
  const id = requireWellFormedId(param(context, 'collaboration_id'), 'collaboration_id');
  const path = context.state.privatePaths.get(id);
  const companyId = context.caller.companyId;
  if (path === undefined || (path.creatorCompanyId !== companyId && !path.ownerCompanyIds.includes(companyId))) {
    throw notFound(`private path collaboration ${quote(id)} not found`);
  }
  // The emulator's one instant (wire-time.ts): answers stay reproducible.
  return { private_path_datasets: path.datasetIds.map((datasetId) => ({ dataset_id: datasetId, use_time: EMULATOR_EPOCH })) };
};
