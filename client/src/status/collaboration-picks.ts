/**
 * The collaborations a profile can target, for the status bar's picker. Goes through the
 * ServiceGateway, which refuses in an untrusted workspace before any request is made.
 */
import type { ServiceGateway } from '../service/service-gateway';

export interface CollaborationPick {
  readonly id: string;
  readonly name?: string;
  readonly description?: string;
  readonly status?: string;
}

export type CollaborationPicks = { readonly ok: true; readonly choices: readonly CollaborationPick[] } | { readonly ok: false; readonly message: string };

/**
 * Every collaboration `profile` (the default profile when undefined) can see, sorted by name,
 * or the calm reason there are none to show (no key, untrusted workspace, service failure: the
 * service's own message). Never throws; `signal` cancels the listing.
 */
export async function listCollaborationPicks(
  access: Pick<ServiceGateway, 'forProfile'>,
  profile: string | undefined,
  signal?: AbortSignal,
): Promise<CollaborationPicks> {
  const service = await access.forProfile(profile);
  if (!service.ok) return { ok: false, message: service.error.message };
  const listed = await service.value.listAll('listCollaborations', {}, { signal });
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
