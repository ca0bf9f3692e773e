/**
 * "Create Collaboration…" in the Collaborations view's title: a guided flow. The name is
 * typed; the members are picked from the companies the user already works with (the owners
 * and members of their collaborations, by display name), never typed as IDs; the rights they
 * get are picked too. Members are fixed at creation (Document 2 §4.4), so the flow says so.
 */
import * as vscode from 'vscode';
import type { CollaborationSummary, MemberRights } from '../../../common/api';
import type { ExtensionServices } from '../extension-services';
import type { CollaborationsModel } from './collaborations-model';
import { serviceOrWarn } from './dataset-commands';
import { defuseLinks, oneLine } from './display-text';

export const CREATE_COLLABORATION_COMMAND = 'iql.collaboration.create';

/** The flow's questions answered up front (tests, scripts); `profile` defaults to the default one. */
export interface CreateCollaborationChoices {
  readonly profile?: string;
  readonly name?: string;
  readonly members?: readonly string[];
  readonly rights?: readonly (keyof MemberRights)[];
}

const RIGHTS: readonly { right: keyof MemberRights; label: string; detail: string }[] = [
  { right: 'operator', label: 'Operator', detail: 'runs queries and activations, manages segments' },
  { right: 'contributor', label: 'Contributor', detail: 'adds and removes its own datasets and destinations' },
  { right: 'detailed_logs', label: 'Detailed logs', detail: 'reads the event log and dataset statistics' },
];

/** Creates the collaboration; resolves to its ID, or undefined when cancelled or refused. */
export async function createCollaboration(services: ExtensionServices, collaborations: CollaborationsModel, given: CreateCollaborationChoices = {}): Promise<string | undefined> {
  const profile = given.profile ?? services.profiles.defaultProfile();
  if (profile === undefined) return warn('Choose a connection profile first (IQL: Add Connection Profile).');
  const client = await serviceOrWarn(services, profile);
  if (client === undefined) return undefined;

  const name = given.name ?? (await vscode.window.showInputBox({ title: 'Create a collaboration', prompt: 'Its name', validateInput: (value) => (value.trim() === '' ? 'Give it a name.' : undefined) }))?.trim();
  if (!name) return undefined;

  let members = given.members;
  if (members === undefined) {
    const known = await collaborations.collaborationList();
    const companies = knownCompanies(known?.ok ? known.value : []);
    const picked = await vscode.window.showQuickPick(
      companies.map((company) => ({ label: oneLine(company.name), description: company.id, picked: false, id: company.id })),
      { title: 'Members (fixed once the collaboration is created)', placeHolder: 'Companies you already work with', canPickMany: true },
    );
    if (picked === undefined) return undefined;
    members = picked.map((item) => item.id);
  }

  let rights = given.rights;
  if (rights === undefined && members.length > 0) {
    const picked = await vscode.window.showQuickPick(
      RIGHTS.map((entry) => ({ label: entry.label, detail: entry.detail, right: entry.right, picked: entry.right === 'operator' })),
      { title: 'Rights the members get', canPickMany: true },
    );
    if (picked === undefined) return undefined;
    rights = picked.map((item) => item.right);
  }
  const granted = Object.fromEntries(RIGHTS.map((entry) => [entry.right, (rights ?? []).includes(entry.right)])) as MemberRights;

  const answer = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `Creating "${name}"…` }, () =>
    client.call('createCollaboration', {
      body: { name, creator_rights: { operator: true, contributor: true, detailed_logs: true }, collaborators: members.map((company) => ({ company_id: company, rights: granted })) },
    }),
  );
  if (!answer.ok) return warn(answer.error.serviceMessage ?? answer.error.message);
  collaborations.refresh();
  vscode.window.setStatusBarMessage(`$(check) Created collaboration "${oneLine(name)}"`, 4000);
  return answer.value.collaboration_id;
}

/** The companies of the user's collaborations (owners and members), each once, by name. */
export function knownCompanies(collaborations: readonly CollaborationSummary[]): { id: string; name: string }[] {
  const byId = new Map<string, string>();
  for (const collaboration of collaborations) {
    for (const company of [collaboration.owner, ...collaboration.members]) {
      if (company?.id && !byId.has(company.id)) byId.set(company.id, company.display_name || company.id);
    }
  }
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

function warn(message: string): undefined {
  void vscode.window.showWarningMessage(defuseLinks(message));
  return undefined;
}
