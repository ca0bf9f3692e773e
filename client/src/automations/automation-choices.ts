/**
 * The ids an automation file may name, asked of the service: the collaborations (List
 * Collaborations), each one's activation segments (List Activation Segments) and destinations
 * (List Destinations), all at once. A collaboration whose lists cannot be read is still
 * offered, without them. No 'vscode'.
 */
import type { ProfileService } from '../service/profile-service';
import type { AutomationCollaborationChoice } from './automation-file-schema';

export type AutomationChoices = { readonly ok: true; readonly collaborations: readonly AutomationCollaborationChoice[] } | { readonly ok: false; readonly reason: string };

export async function loadAutomationChoices(client: Pick<ProfileService, 'listAll'>, signal?: AbortSignal): Promise<AutomationChoices> {
  const options = signal ? { signal } : {};
  const listed = await client.listAll('listCollaborations', {}, options);
  if (!listed.ok) return { ok: false, reason: listed.error.serviceMessage ?? listed.error.message };
  const collaborations = await Promise.all(
    listed.value.map(async (collaboration): Promise<AutomationCollaborationChoice> => {
      const params = { params: { collaboration_id: collaboration.id } };
      const [segments, destinations] = await Promise.all([client.listAll('listActivationSegments', params, options), client.listAll('listCollaborationDestinations', params, options)]);
      return {
        id: collaboration.id,
        ...(collaboration.name ? { name: collaboration.name } : {}),
        segments: segments.ok ? segments.value.map((segment) => ({ id: segment.id, ...(segment.name ? { name: segment.name } : {}) })) : [],
        destinations: destinations.ok ? destinations.value.map((destination) => ({ id: destination.id, ...(destination.name ? { name: destination.name } : {}) })) : [],
      };
    }),
  );
  return { ok: true, collaborations };
}
