/**
 * "Add Dataset…" on a collaboration: a guided flow, never a field for IDs. The user picks one
 * of their company's datasets (List Datasets 2.0 lists only those, a page at a time), how it joins (insight or
 * activation), and the name queries will use (checked against the service's rule, 1 to 17
 * letters or digits, before anything is sent). The service's own message is shown if it
 * refuses; on success the collaboration's Datasets list reloads.
 */
import * as vscode from 'vscode';
import type { ExtensionServices } from '../extension-services';
import { pickOwnedDataset } from '../supply/pick-owned-dataset';
import type { CollaborationsModel } from './collaborations-model';
import { serviceOrWarn } from './dataset-commands';
import { defuseLinks, oneLine } from './display-text';
import type { CollaborationNode } from './explorer-node';

export const ADD_DATASET_COMMAND = 'iql.collaboration.addDataset';

/** What the flow asks, given up front by tests and scripts (each skips its question). */
export interface AddDatasetChoices {
  readonly datasetId?: string;
  readonly kind?: 'insight' | 'activation';
  readonly name?: string;
}

/** Collaboration dataset names (Document 2 §8): 1 to 17 letters or digits. */
const NAME_RULE = /^[A-Za-z0-9]{1,17}$/;

export function describeNameProblem(name: string): string | undefined {
  return NAME_RULE.test(name) ? undefined : 'A collaboration dataset name is 1 to 17 letters or digits, with no spaces or punctuation.';
}

export async function addCollaborationDataset(services: ExtensionServices, collaborations: CollaborationsModel, node: CollaborationNode | undefined, given: AddDatasetChoices = {}): Promise<boolean> {
  if ((node as { kind?: unknown } | undefined)?.kind !== 'collaboration' || node === undefined) {
    void vscode.window.showInformationMessage('Run this command on a collaboration in the IQL Clean Room explorer.');
    return false;
  }
  const client = await serviceOrWarn(services, node.profile);
  if (client === undefined) return false;
  const collaborationId = node.collaboration.id;

  let datasetId = given.datasetId;
  let suggested = '';
  if (datasetId === undefined) {
    const picked = await pickOwnedDataset(client, {
      title: `Add a dataset to "${oneLine(node.collaboration.name || collaborationId)}"`,
      placeHolder: "One of your company's datasets",
      describe: (dataset) => ({ label: oneLine(dataset.public_name || dataset.private_id || dataset.dataset_id), description: oneLine(dataset.private_id ?? ''), detail: oneLine(dataset.description ?? '') }),
    });
    if (!picked.ok) return warn(picked.error.serviceMessage ?? picked.error.message);
    if (picked.value === 'none') return warn('Your company owns no dataset to add.');
    if (picked.value === undefined) return false;
    datasetId = picked.value.dataset_id;
    suggested = (picked.value.private_id ?? '').replace(/[^A-Za-z0-9]/g, '').slice(0, 17);
  }

  const kind =
    given.kind ??
    (
      await vscode.window.showQuickPick(
        [
          { label: 'Insight dataset', description: 'members may query it', joins: 'insight' as const },
          { label: 'Activation dataset', description: 'members may export its output columns to destinations', joins: 'activation' as const },
        ],
        { title: 'How does the dataset join?' },
      )
    )?.joins;
  if (kind === undefined) return false;

  const name =
    given.name ??
    (await vscode.window.showInputBox({
      title: 'The name queries in this collaboration will use',
      value: suggested,
      prompt: '1 to 17 letters or digits',
      validateInput: (value) => describeNameProblem(value.trim()),
    }))?.trim();
  if (name === undefined) return false;
  const problem = describeNameProblem(name);
  if (problem !== undefined) return warn(problem);

  const body = { collaboration_dataset_name: name, dataset_id: datasetId };
  const answer = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `Adding ${name}…` }, () =>
    kind === 'activation'
      ? client.call('addActivationDataset', { params: { collaboration_id: collaborationId }, body })
      : client.call('addInsightDataset', { params: { collaboration_id: collaborationId }, body }),
  );
  if (!answer.ok) return warn(answer.error.serviceMessage ?? answer.error.message);
  await collaborations.reloadSection(collaborationId, 'datasets');
  vscode.window.setStatusBarMessage(`$(check) Added ${name} to "${oneLine(node.collaboration.name || collaborationId)}"`, 4000);
  return true;
}

function warn(message: string): false {
  void vscode.window.showWarningMessage(defuseLinks(message));
  return false;
}
