import type { ExtensionServices } from '../extension-services';
import type { ExplorerScope, ScopeResolver } from './explorer-model';
import { FIX_COMMANDS, problemForServiceError } from './explorer-problems';
import type { ExplorerProblem } from './explorer-problems';
import { currentTarget } from './explorer-target';

export interface ScopeOptions {
  /** True when the view has welcome content for "no profile" and "untrusted" (it then stays empty). */
  readonly hasWelcome: boolean;
  /** The view's refresh command, for "Retry". */
  readonly refreshCommand: string;
}

/**
 * Resolves, for each load of a view, the profile to show and a client for it — or why there
 * is none, with the fix. No call at all is made in an untrusted workspace. Never throws.
 */
export function createScopeResolver(services: ExtensionServices, options: ScopeOptions): ScopeResolver {
  const problem = (value: ExplorerProblem, profile?: string): ExplorerScope => ({ kind: 'problem', problem: value, ...(profile ? { profile } : {}) });
  return async () => {
    const { profiles } = services;
    if (!profiles.serviceAllowed()) {
      if (options.hasWelcome) return { kind: 'hidden' };
      return problem({
        text: 'This workspace is not trusted, so no call is made to the clean-room service.',
        action: { command: FIX_COMMANDS.manageTrust, title: 'Manage Workspace Trust' },
      });
    }
    if (profiles.list().length === 0) {
      if (options.hasWelcome) return { kind: 'hidden' };
      return problem({
        text: 'No clean-room connection yet.',
        detail: 'Start the local emulator to try a demo clean room, or add a profile for your account.',
        action: { command: FIX_COMMANDS.addProfile, title: 'Add Profile…' },
      });
    }
    const profile = currentTarget(services).profile;
    if (profile === undefined) {
      return problem({ text: 'No default profile is chosen.', action: { command: 'iql.setDefaultProfile', title: 'Set Default Profile…' } });
    }
    if (profiles.get(profile) === undefined) {
      return problem(
        {
          text: `There is no profile named "${profile}".`,
          detail: `The active editor's -- @profile directive names "${profile}". Add that profile, or change the directive.`,
          action: { command: FIX_COMMANDS.addProfile, title: 'Add Profile…' },
        },
        profile,
      );
    }
    if ((await profiles.apiKey(profile)) === undefined) {
      return problem({ text: `Profile "${profile}" has no API key yet.`, action: { command: FIX_COMMANDS.setApiKey, title: 'Set API Key…', arguments: [profile] } }, profile);
    }
    const service = await services.service.forProfile(profile);
    if (!service.ok) {
      const found = problemForServiceError(service.error, profile, { command: options.refreshCommand, title: 'Retry' });
      return problem(found ?? { text: service.error.message }, profile);
    }
    return { kind: 'ready', profile, service: service.value };
  };
}
