/**
 * Create a PAIR enabled activation query (Document 2 §4.1). The emulator makes it an ordinary
 * activation of the caller's dataset intersected with the collaborator's, exporting the one
 * column the body names:
 *
 *   SELECT <dataset>.<column_name> FROM <dataset> INTERSECT <collaborator dataset>
 *
 * so its rows are the caller's records that match the collaborator's on a key label both
 * datasets have (the same matching as Calculate match rate). The `query_id` answered is the
 * activation's ID: Get an Activation and List Activations (API 1.0) show it, `query_name` as
 * its campaign name, and its query text says what it runs.
 *
 * `dataset_id` must be the caller's company's own activation dataset (403 for another's),
 * `collaborator_dataset_id` another company's dataset the caller sees (400), `column_name` one
 * of the caller's dataset's output columns and `column_type` PAIR_COLUMN_TYPE_EMAIL, the one
 * type the swagger names besides the INVALID placeholder.
 */
import { writeName } from '../../../../common/iql/names';
import type { CreatePairQueryRequest } from '../../../../common/api';
import { hashId } from '../../state/emulator-state';
import { requireBodyDataset } from '../body-dataset';
import { spendCredits } from '../credit-spend';
import { resolveQueryScope } from '../query-scope';
import { badRequest, forbidden, quote } from '../reply-error';
import type { RouteHandler } from '../route-context';
import { queryProblemError } from './query-problem';

export const createPairQueryRoute: RouteHandler = (context) => {
  const body = context.body as CreatePairQueryRequest;
  const companyId = context.caller.companyId;
  const own = requireBodyDataset(context, body.dataset_id, 'dataset_id');
  if (own.meta.owner_company_id !== companyId) {
    throw forbidden(`dataset_id: dataset ${quote(own.meta.dataset_id)} belongs to another company; a PAIR query activates one of your own datasets`);
  }
  if (!own.meta.activation) throw badRequest(`dataset_id: dataset ${quote(own.meta.dataset_id)} is not an activation dataset: it has no output columns to export`);
  const partner = requireBodyDataset(context, body.collaborator_dataset_id, 'collaborator_dataset_id');
  if (partner.meta.owner_company_id === companyId) {
    throw badRequest(`collaborator_dataset_id: dataset ${quote(partner.meta.dataset_id)} is your company's own; name a collaborator's dataset`);
  }
  const column = body.column_identifier?.column_name ?? '';
  if (!own.meta.output_columns.includes(column)) {
    throw badRequest(`column_identifier.column_name: ${quote(column)} is not an output column of dataset ${quote(own.meta.dataset_id)}; its output columns are ${own.meta.output_columns.join(', ')}`);
  }
  if (body.column_identifier?.column_type !== 'PAIR_COLUMN_TYPE_EMAIL') {
    throw badRequest('column_identifier.column_type: give PAIR_COLUMN_TYPE_EMAIL, the type of the column the PAIR query exports');
  }
  const ownName = writeName(own.meta.private_id);
  const query = `SELECT ${ownName}.${writeName(column)} FROM ${ownName} INTERSECT ${writeName(partner.meta.private_id)}`;
  const scope = resolveQueryScope(context.data, context.caller, undefined);
  const valid = context.engine.validate(query, scope.datasets, 'activation');
  if (!valid.ok) throw queryProblemError(valid.problem);
  // The same request is the same query, as for Queue an Activation.
  const id = hashId('ACT.', [companyId, 'pair', JSON.stringify(body)]);
  const activations = context.state.activations;
  if (!activations.has(id)) {
    const { engine } = context;
    spendCredits(context, scope.datasets, valid.value);
    activations.set(id, {
      id,
      companyId,
      campaignName: body.query_name ?? '',
      query,
      columnSeparator: ',',
      stringLiteralColumns: [],
      datasetId: own.meta.dataset_id,
      outputColumns: valid.value.outputColumns ?? [column],
      job: context.state.startJob(() => engine.runActivation(query, scope.datasets)),
      serial: activations.size,
    });
  }
  return { query_id: id };
};
