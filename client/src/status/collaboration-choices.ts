/**
 * The collaborations a profile can target, for the status bar's picker. Goes through
 * ServiceAccess, which refuses in an untrusted workspace before any request is made.
 */
import { loadServiceLayer } from '../service/lazy-service';
import type { ServiceAccess } from '../service/service-access';

export interface CollaborationChoice {
  readonly id: string;
  readonly name?: string;
  readonly description?: string;
  readonly status?: string;
}

export type CollaborationChoices = { readonly ok: true; readonly choices: readonly CollaborationChoice[] } | { readonly ok: false; readonly message: string };

/**
 * Every collaboration `profile` (the default profile when undefined) can see, sorted by name,
 * or the calm reason there are none to show (no key, untrusted workspace, service failure: the
 * service's own message). Never throws; `signal` cancels the listing.
 */
export async function listCollaborationChoices(
  access: Pick<ServiceAccess, 'clientFor'>,
  profile: string | undefined,
  signal?: AbortSignal,
): Promise<CollaborationChoices> {
  const client = await access.clientFor(profile);
  if (!client.ok) return { ok: false, message: client.error.message };
  const listed = await loadServiceLayer().collectAllPages(client.value, 'listCollaborations', {}, { signal });
  if (!listed.ok) return { ok: false, message: listed.error.message };
  const choices = listed.value.map((collaboration) => ({
    id: collaboration.id,
    ...(collaboration.name ? { name: collaboration.name } : {}),
    ...(collaboration.description ? { description: collaboration.description } : {}),
    ...(collaboration.status ? { status: collaboration.status } : {}),
  }));
  choices.sort((a, b) => (a.name ?? a.id).localeCompare(b.name ?? b.id));
  return { ok: true, choices };
}
