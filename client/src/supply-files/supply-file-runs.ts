/**
 * The "Run" lens of a saved data-supply file: what the file configures, started and followed
 * to its end — an importer's import; a recordset config's Create a Recordset over files of a
 * vault; a normalization config's run over a recordset into a new one; a prepare config's run
 * of a normalized recordset for a dataset (then Publish is one click in the Data Supply view).
 * What a run needs besides the file is picked from the service's lists.
 */
import * as vscode from 'vscode';
import type { SupplyExecutionKind } from '../../../common/protocol/jobs';
import type { ServiceResult } from '../../../common/service-result';
import { inform, warnOf } from '../explorer/dataset-commands';
import type { ProfileService } from '../service/profile-service';
import { follow, report } from '../supply/follow-execution';
import { pickOwnedDataset } from '../supply/pick-owned-dataset';
import { runImporter } from '../supply/supply-commands';
import type { SupplyTree } from '../supply/supply-tree';
import type { SupplyFileKind } from './supply-file-kinds';
import type { SupplyDraft } from './supply-file';

/** What a scripted caller (tests) may give instead of picking. */
export interface SupplyRunChoices {
  readonly vaultId?: string;
  readonly files?: readonly string[];
  readonly recordsetId?: string;
  readonly datasetId?: string;
  readonly outputName?: string;
}

/** The lens title of a saved file of `kind`. */
export function runTitle(kind: SupplyFileKind): string {
  switch (kind.id) {
    case 'importer':
      return '$(play) Run Import';
    case 'recordsetConfig':
      return '$(play) Create Recordset…';
    case 'normalization':
      return '$(play) Run Normalization…';
    case 'prepare':
      return '$(play) Run Prepare…';
    default:
      return '';
  }
}

class Cancelled extends Error {}

export async function runSupplyFile(client: ProfileService, tree: SupplyTree, kind: SupplyFileKind, draft: SupplyDraft & { readonly id: string }, given: SupplyRunChoices = {}): Promise<unknown> {
  const name = String(draft.object.name ?? draft.id);
  try {
    switch (kind.id) {
      case 'importer':
        return await runImporter(client, tree, draft.id, name);
      case 'recordsetConfig': {
        const vault = given.vaultId ?? (await pickVault(client));
        const files = given.files ?? (await pickFiles(client, vault));
        const output = given.outputName ?? (await askName('Name of the new recordset', `${name} recordset`));
        const started = value(await client.call('createRecordset', { body: { cloud_vault_id: vault, config_id: draft.id, recordset_name: output, filepaths: [...files] } }));
        return await followed(client, tree, 'recordset', started.execution_id, `Reading ${files.length} file(s) into "${output}"`, 'Its columns and statistics are in the Data Supply view.');
      }
      case 'normalization': {
        const input = given.recordsetId !== undefined && given.vaultId !== undefined ? { vaultId: given.vaultId, recordsetId: given.recordsetId } : await pickRecordset(client, 'Which recordset to normalize?', false);
        const output = given.outputName ?? (await askName('Name of the normalized recordset', `${name} output`));
        const started = value(await client.call('startNormalization', { body: { cloud_vault_id: input.vaultId, input_recordset_id: input.recordsetId, normalization_config_id: draft.id, output_recordset_name: output } }));
        return await followed(client, tree, 'normalization', started.execution_id, `Normalizing into "${output}"`, 'Prepare it next: "Run Prepare…" on a prepare config file.');
      }
      case 'prepare': {
        const input = given.recordsetId !== undefined && given.vaultId !== undefined ? { vaultId: given.vaultId, recordsetId: given.recordsetId } : await pickRecordset(client, 'Which normalized recordset to prepare?', true);
        const dataset = given.datasetId ?? (await pickDataset(client));
        const started = value(await client.call('startPrepare', { body: { cloud_vault_id: input.vaultId, config_id: draft.id, dataset_id: dataset, recordset_id: input.recordsetId } }));
        return await followed(client, tree, 'prepare', started.execution_id, 'Preparing the dataset', 'Publish it from the Data Supply view (Prepare Configs → the prepare → Publish).');
      }
      default:
        return inform(`A ${kind.noun} is not run by itself: importers use it.`);
    }
  } catch (error) {
    if (error instanceof Cancelled) return error.message === '' ? undefined : inform(error.message);
    throw error;
  }
}

async function followed(client: ProfileService, tree: SupplyTree, kind: SupplyExecutionKind, id: string | undefined, title: string, next: string): Promise<unknown> {
  if (id === undefined) return inform('The service started it but gave no execution ID; the Data Supply view shows it.');
  tree.refresh();
  const state = await follow(client, kind, id, title);
  tree.refresh();
  if (state !== undefined) report(state, title, next);
  return state;
}

function value<T>(result: ServiceResult<T>): T {
  if (result.ok) return result.value;
  warnOf(result.error);
  throw new Cancelled('');
}

async function pick<T>(items: readonly (vscode.QuickPickItem & { readonly value: T })[], title: string, none: string): Promise<T> {
  if (items.length === 0) throw new Cancelled(none);
  const picked = await vscode.window.showQuickPick(items, { title, ignoreFocusOut: true });
  if (picked === undefined) throw new Cancelled('');
  return picked.value;
}

async function pickVault(client: ProfileService): Promise<string> {
  const vaults = value(await client.listAll('listCloudVaults', {}));
  return pick(vaults.flatMap((vault) => (vault.id ? [{ label: vault.name ?? vault.id, description: vault.id, value: vault.id }] : [])), 'Files of which cloud vault?', 'Your company has no cloud vault yet.');
}

async function pickFiles(client: ProfileService, vault: string): Promise<string[]> {
  const files = value(await client.listAll('listVaultFiles', { params: { cloud_vault_id: vault, name: '' } })).flatMap((file) => (file.name && !file.name.startsWith('Recordsets/') ? [file.name] : []));
  if (files.length === 0) throw new Cancelled('This vault has no file yet: run an import first.');
  const picked = await vscode.window.showQuickPick(files.map((file) => ({ label: file })), { title: 'Which files? (all in one format)', canPickMany: true, ignoreFocusOut: true });
  if (picked === undefined || picked.length === 0) throw new Cancelled('');
  return picked.map((item) => item.label);
}

async function pickRecordset(client: ProfileService, title: string, normalizedOnly: boolean): Promise<{ vaultId: string; recordsetId: string }> {
  const items = await listRecordsets(client, normalizedOnly);
  return pick(items, title, normalizedOnly ? 'No normalized recordset yet: run a normalization first.' : 'No recordset yet: create one from a recordset config file.');
}

/** The company's recordsets of every vault as quick-pick items (only publishable ones with `normalizedOnly`). */
export async function listRecordsets(client: ProfileService, normalizedOnly: boolean): Promise<(vscode.QuickPickItem & { readonly value: { vaultId: string; recordsetId: string } })[]> {
  const vaults = value(await client.listAll('listCloudVaults', {}));
  const items: (vscode.QuickPickItem & { readonly value: { vaultId: string; recordsetId: string } })[] = [];
  for (const vault of vaults) {
    if (!vault.id) continue;
    const recordsets = value(await client.listAll('listRecordsets', { params: { cloud_vault_id: vault.id } }));
    for (const recordset of recordsets) {
      if (!recordset.id || (normalizedOnly && recordset.is_publishable !== true)) continue;
      items.push({ label: recordset.name ?? recordset.id, description: `${vault.name ?? vault.id} · ${recordset.record_count ?? '?'} records`, value: { vaultId: vault.id, recordsetId: recordset.id } });
    }
  }
  return items;
}

async function pickDataset(client: ProfileService): Promise<string> {
  const picked = value(await pickOwnedDataset(client, { title: 'For which dataset?', describe: (dataset) => ({ label: dataset.private_id ?? dataset.dataset_id, description: dataset.public_name ?? '' }) }));
  if (picked === 'none') throw new Cancelled('No dataset yet: create one with "iql dataset create" or "Publish a Dataset from Files…".');
  if (picked === undefined) throw new Cancelled('');
  return picked.dataset_id;
}

async function askName(title: string, initial: string): Promise<string> {
  const answer = await vscode.window.showInputBox({ title, value: initial.replace(/[^\w\- ]/g, ' ').trim(), ignoreFocusOut: true, validateInput: (text) => (/^[\w\- ]+$/.test(text.trim()) ? undefined : 'Letters, digits, spaces, - and _ only.') });
  if (answer === undefined) throw new Cancelled('');
  return answer.trim();
}
