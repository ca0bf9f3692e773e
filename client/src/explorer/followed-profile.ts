/**
 * The profile the explorer's views follow (the active editor's, else the default) and its
 * service, or why there is none: what the Automations and Data Supply views read through.
 */
import type { ExtensionServices } from '../extension-services';
import type { ProfileService } from '../service/profile-service';
import { currentTarget } from './explorer-target';

export type FollowedProfile = { readonly ok: true; readonly profile: string; readonly client: ProfileService } | { readonly ok: false; readonly message: string };

export async function followedProfile(services: ExtensionServices): Promise<FollowedProfile> {
  const profile = currentTarget(services).profile;
  if (profile === undefined) return { ok: false, message: 'No profile yet: start the local emulator or add a profile.' };
  const client = await services.service.forProfile(profile);
  return client.ok ? { ok: true, profile, client: client.value } : { ok: false, message: client.error.message };
}
