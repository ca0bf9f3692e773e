/**
 * The data-supply steps of an automation (seed 001 §4.3 with seed 002): each starts the same
 * execution its operation starts, as the config's creator, and chains on the step before it.
 * - import {config_id: importer}: Execute Import; it makes the files it copied;
 * - recordset_creation {config_id: recordset config}: Create a Recordset over the files the
 *   import before it copied (without one, every file of the config's vault outside
 *   Recordsets/); it makes the recordset;
 * - normalization {config_id}: Start a Normalization of the recordset before it;
 * - publish {config_id: prepare config, dataset_id}: Start a Prepare of the normalized
 *   recordset before it for the dataset, then Publish once the prepare completed.
 * A step is RUNNING until its execution has ended, and fails with that execution's error.
 * Names of what steps make carry the automation execution's ID, so runs never collide.
 */
import type { AutomationStep } from '../../../common/api';
import { ReplyError } from '../http/reply-error';
import type { RouteContext } from '../http/route-context';
import { executeImportRoute } from '../http/routes/v2-importer-routes';
import { startNormalizationRoute } from '../http/routes/v2-normalization-routes';
import { publishPrepareRoute, startPrepareRoute } from '../http/routes/v2-prepare-routes';
import { createRecordsetRoute } from '../http/routes/v2-recordset-creation-routes';
import type { AutomationConfigRecord, PendingWork, StepOutcome, SupplyProduct } from '../state/automations';
import type { SupplyExecution } from '../supply/supply-execution';
import { RECORDSETS_FOLDER } from '../supply/vault-storage';

type Services = Pick<RouteContext, 'data' | 'engine' | 'state'>;

export function isSupplyStep(step: AutomationStep): boolean {
  return step.import !== undefined || step.recordset_creation !== undefined || step.normalization !== undefined || step.publish !== undefined;
}

/** Starts a data-supply step; a refusal of its operation is a failed outcome at once. */
export async function startSupplyStep(services: Services, config: AutomationConfigRecord, step: AutomationStep, before: SupplyProduct | undefined, executionId: string): Promise<StepOutcome | PendingWork> {
  const asCreator = (params: Record<string, string>, body?: unknown, query = new URLSearchParams()): RouteContext => ({ ...services, caller: config.creator, params, query, body });
  const supply = services.state.supply;
  const label = `${config.name} ${executionId}`.replace(/[^\w\- ]/g, '-');
  try {
    if (step.import) {
      const { execution_id: id } = (await executeImportRoute(asCreator({ import_id: step.import.config_id ?? '' }))) as { execution_id: string };
      const record = supply.importExecutions.get(id);
      return waitFor(id, record?.execution, () => ({ kind: 'files', vaultId: record?.vaultId ?? '', importExecutionId: id }));
    }
    if (step.recordset_creation) {
      const vaultId = before?.vaultId ?? config.cloudVaultId;
      const files = await filesFor(services, vaultId, before);
      const body = { cloud_vault_id: vaultId, config_id: step.recordset_creation.config_id ?? '', recordset_name: `${label} recordset`, filepaths: files };
      const { execution_id: id } = (await createRecordsetRoute(asCreator({}, body))) as { execution_id: string };
      const record = supply.recordsetExecutions.get(id);
      return waitFor(id, record?.execution, () => ({ kind: 'recordset', vaultId, recordsetId: record?.recordsetId ?? '' }));
    }
    if (step.normalization) {
      if (before?.kind !== 'recordset') return failed('a normalization step needs a recordset_creation step before it');
      const body = { cloud_vault_id: before.vaultId, input_recordset_id: before.recordsetId, normalization_config_id: step.normalization.config_id ?? '', output_recordset_name: `${label} normalized` };
      const { execution_id: id } = (await startNormalizationRoute(asCreator({}, body))) as { execution_id: string };
      const record = supply.normalizations.get(id);
      return waitFor(id, record?.execution, () => ({ kind: 'recordset', vaultId: before.vaultId, recordsetId: record?.outputRecordsetId ?? '' }));
    }
    if (step.publish) {
      if (before?.kind !== 'recordset') return failed('a publish step needs a normalization step before it');
      const body = { cloud_vault_id: before.vaultId, config_id: step.publish.config_id ?? '', dataset_id: step.publish.dataset_id ?? '', recordset_id: before.recordsetId };
      const { execution_id: id } = (await startPrepareRoute(asCreator({}, body))) as { execution_id: string };
      return publishWhenPrepared(services, asCreator, id);
    }
    return failed('the step has no block');
  } catch (error) {
    if (error instanceof ReplyError) return failed(error.message);
    throw error;
  }
}

/** A prepare followed by its publish: the step ends when the publish has. */
function publishWhenPrepared(services: Services, asCreator: (params: Record<string, string>) => RouteContext, prepareId: string): PendingWork {
  const prepare = services.state.supply.prepares.get(prepareId);
  let publishing: PendingWork | undefined;
  return {
    taskId: prepareId,
    settle: () => {
      if (publishing) return publishing.settle();
      const prepared = prepare?.execution.outcome;
      if (prepared === undefined) return undefined;
      if (prepared.status === 'FAILED') return { taskId: prepareId, status: 'FAILED', error: `prepare ${prepareId}: ${prepared.error ?? 'failed'}` };
      // The publish operation asks that its caller has seen the prepare COMPLETED: this step is that caller.
      while (prepare?.execution.status !== 'COMPLETED') prepare?.execution.observe();
      try {
        publishPrepareRoute(asCreator({ execution_id: prepareId }));
      } catch (error) {
        if (error instanceof ReplyError) return { taskId: prepareId, status: 'FAILED', error: error.message };
        throw error;
      }
      publishing = waitFor(prepareId, prepare.publish, () => undefined);
      return publishing.settle();
    },
  };
}

function waitFor(taskId: string, execution: SupplyExecution | undefined, product: () => SupplyProduct | undefined): PendingWork {
  return {
    taskId,
    settle: () => {
      const outcome = execution?.outcome;
      if (execution === undefined) return { taskId, status: 'FAILED', error: `execution ${taskId} was lost` };
      if (outcome === undefined) return undefined;
      if (outcome.status === 'FAILED') return { taskId, status: 'FAILED', error: `${taskId}: ${outcome.error ?? 'failed'}` };
      const made = product();
      return { taskId, status: 'COMPLETED', ...(made ? { product: made } : {}) };
    },
  };
}

/** The files a recordset step reads: those the import before it copied, else the vault's own files. */
async function filesFor(services: Services, vaultId: string, before: SupplyProduct | undefined): Promise<string[]> {
  const files = await services.state.supply.storage.list(vaultId);
  const imported = before?.kind === 'files' ? before.importExecutionId : undefined;
  return files
    .filter((file) => (imported === undefined ? !file.name.startsWith(`${RECORDSETS_FOLDER}/`) : file.origin?.taskId === imported))
    .map((file) => file.name);
}

function failed(error: string): StepOutcome {
  return { taskId: '', status: 'FAILED', error };
}
