/**
 * The Data Supply view's commands: open a row's object (read-only JSON), run an importer and
 * follow the import to its end, publish a completed prepare and offer a query over the new
 * dataset, delete a vault, file, recordset or dataset after asking (a vault in use is offered
 * "Delete Anyway", which the service does with `force`). Every failure shows the service's
 * own message; the view refreshes after each change.
 */
import * as vscode from 'vscode';
import type { SupplyExecutionState } from '../../../common/protocol/jobs';
import type { ServiceError } from '../../../common/service-result';
import { inform, openQueryDocument, warnOf } from '../explorer/dataset-commands';
import { followedProfile } from '../explorer/followed-profile';
import type { MetadataDocuments } from '../explorer/metadata-documents';
import { buildStarterQuery } from '../explorer/starter-query';
import type { ExtensionServices } from '../extension-services';
import type { ProfileService } from '../service/profile-service';
import { follow, report } from './follow-execution';
import { publishDatasetFromFiles, type PublishWizardChoices } from './publish-wizard';
import { openRequestOf, type SupplyRow } from './supply-rows';
import { SUPPLY_VIEW, SupplyTree } from './supply-tree';

export const SUPPLY_COMMANDS = {
  refresh: 'iql.supply.refresh',
  open: 'iql.supply.open',
  runImport: 'iql.supply.runImport',
  publish: 'iql.supply.publish',
  delete: 'iql.supply.delete',
  publishWizard: 'iql.supply.publishFromFiles',
  /** Not in package.json: only the "Show more…" row runs it. */
  showMore: 'iql.supply.showMore',
} as const;

export function registerDataSupply(services: ExtensionServices, documents: MetadataDocuments): SupplyTree {
  const tree = new SupplyTree(() => followedProfile(services), SUPPLY_COMMANDS.open, SUPPLY_COMMANDS.showMore);
  services.context.subscriptions.push(
    tree,
    vscode.window.createTreeView(SUPPLY_VIEW, { treeDataProvider: tree, showCollapseAll: true }),
    services.profiles.onDidChange(() => tree.refresh()),
    vscode.commands.registerCommand(SUPPLY_COMMANDS.refresh, () => tree.refresh()),
    vscode.commands.registerCommand(SUPPLY_COMMANDS.showMore, (row?: SupplyRow) => tree.showMore(row)),
    vscode.commands.registerCommand(SUPPLY_COMMANDS.open, (row?: SupplyRow) => openRow(services, documents, row)),
    vscode.commands.registerCommand(SUPPLY_COMMANDS.runImport, (row?: SupplyRow) => runImport(services, tree, row)),
    vscode.commands.registerCommand(SUPPLY_COMMANDS.publish, (row?: SupplyRow) => publish(services, tree, row)),
    vscode.commands.registerCommand(SUPPLY_COMMANDS.delete, (row?: SupplyRow) => deleteRow(services, tree, row)),
    vscode.commands.registerCommand(SUPPLY_COMMANDS.publishWizard, (given?: PublishWizardChoices) => publishDatasetFromFiles(services, tree, given)),
  );
  return tree;
}

async function serviceOf(services: ExtensionServices, row: SupplyRow): Promise<ProfileService | undefined> {
  if (row.kind === 'message') return undefined;
  const client = await services.service.forProfile(row.profile);
  return client.ok ? client.value : warnOf(client.error);
}

async function openRow(services: ExtensionServices, documents: MetadataDocuments, row: SupplyRow | undefined): Promise<void> {
  const request = row === undefined ? undefined : openRequestOf(row);
  if (row === undefined || row.kind === 'message' || request === undefined) return inform('Choose a vault, connector, importer, recordset, config, execution or dataset in the Data Supply view.');
  const client = await serviceOf(services, row);
  if (client === undefined) return;
  const answer = await client.call(request.operation, request.input as never);
  if (!answer.ok) return warnOf(answer.error);
  await documents.show(row.profile, request.title, answer.value);
}

async function runImport(services: ExtensionServices, tree: SupplyTree, row: SupplyRow | undefined): Promise<void> {
  if (row?.kind !== 'importer') return inform('Run this command on an importer in the Data Supply view.');
  const client = await serviceOf(services, row);
  if (client === undefined) return;
  await runImporter(client, tree, row.importer.id, row.importer.name ?? row.importer.id);
}

/** Executes an importer and follows the import to its end; resolves to its last state. */
export async function runImporter(client: ProfileService, tree: SupplyTree, importerId: string, name: string): Promise<SupplyExecutionState | undefined> {
  const started = await client.call('executeImport', { params: { import_id: importerId } });
  if (!started.ok) return warnOf(started.error);
  tree.refresh();
  const id = started.value.execution_id;
  if (id === undefined) return inform('The service started the import but gave no execution ID; refresh the view to follow it.');
  const state = await follow(client, 'import', id, `Importing with ${name}`);
  tree.refresh();
  if (state !== undefined) report(state, `Import ${id}`, 'The files are in the vault: create a recordset from them.');
  return state;
}

async function publish(services: ExtensionServices, tree: SupplyTree, row: SupplyRow | undefined): Promise<void> {
  if (row?.kind !== 'execution' || row.execution.kind !== 'prepare') return inform('Run this command on a completed prepare in the Data Supply view.');
  const client = await serviceOf(services, row);
  if (client === undefined) return;
  const started = await client.call('publishPrepare', { params: { execution_id: row.execution.id } });
  if (!started.ok) return warnOf(started.error);
  tree.refresh();
  const state = await follow(client, 'publish', started.value.execution_id ?? row.execution.id, 'Publishing');
  tree.refresh();
  if (state === undefined) return;
  if (state.status !== 'COMPLETED') return report(state, 'The publish', '');
  const dataset = state.resultId === undefined ? undefined : await client.call('getDatasetV2', { params: { dataset_id: state.resultId } });
  const privateId = dataset?.ok === true ? dataset.value.dataset.private_id : undefined;
  if (privateId === undefined) return inform('Published. Refresh the Datasets view to query it.');
  const choice = await vscode.window.showInformationMessage(`Published ${privateId}: it can be queried now.`, 'New Query');
  if (choice === 'New Query') await openQueryDocument(buildStarterQuery(privateId, { profile: row.profile }));
}

/** What deleting a row loses, and the call that deletes it. */
function deletionOf(row: SupplyRow, client: ProfileService): { what: string; loss: string; run: (force: boolean) => ReturnType<ProfileService['call']> } | undefined {
  switch (row.kind) {
    case 'vault':
      return {
        what: `cloud vault "${row.vault.name ?? row.vault.id}"`,
        loss: 'Its files and recordsets go with it.',
        run: (force) => client.call('deleteCloudVault', { params: { cloud_vault_id: row.vault.id }, ...(force ? { query: { force: 'true' } } : {}) }),
      };
    case 'file':
      return { what: `file "${row.file.name ?? ''}"`, loss: 'It cannot be restored.', run: () => client.call('deleteVaultFile', { params: { cloud_vault_id: row.vaultId, name: row.file.name ?? '' } }) };
    case 'recordset':
      return { what: `recordset "${row.recordset.name ?? row.recordset.id}"`, loss: 'Its rows go with it.', run: () => client.call('deleteRecordset', { params: { cloud_vault_id: row.vaultId, recordset_id: row.recordset.id } }) };
    case 'dataset':
      return { what: `dataset "${row.dataset.private_id ?? row.dataset.dataset_id}"`, loss: 'Its data goes with it; queries naming it stop working.', run: () => client.call('deleteDataset', { params: { dataset_id: row.dataset.dataset_id } }) };
    default:
      return undefined;
  }
}

async function deleteRow(services: ExtensionServices, tree: SupplyTree, row: SupplyRow | undefined): Promise<void> {
  if (row === undefined) return inform('Run this command on a vault, file, recordset or dataset in the Data Supply view.');
  const client = await serviceOf(services, row);
  if (client === undefined) return;
  const deletion = deletionOf(row, client);
  if (deletion === undefined) return inform('Only vaults, files, recordsets and datasets can be deleted here.');
  const choice = await vscode.window.showWarningMessage(`Delete ${deletion.what}?`, { modal: true, detail: deletion.loss }, 'Delete');
  if (choice !== 'Delete') return;
  let answer = await deletion.run(false);
  if (!answer.ok && row.kind === 'vault' && inUse(answer.error)) {
    const again = await vscode.window.showWarningMessage(`The service refused: ${answer.error.serviceMessage ?? answer.error.message}`, { modal: true, detail: 'Delete it anyway? What uses it stops working.' }, 'Delete Anyway');
    if (again !== 'Delete Anyway') return;
    answer = await deletion.run(true);
  }
  tree.refresh();
  if (!answer.ok) return warnOf(answer.error);
  inform(`Deleted ${deletion.what}.`);
}

/** A refusal because the vault is in use (400 or 409 saying so): "Delete Anyway" may force it. */
function inUse(error: ServiceError): boolean {
  return /in use|uses it|used by|force/i.test(error.serviceMessage ?? error.message);
}
