import * as vscode from 'vscode';
import type { ExtensionServices } from '../extension-services';
import { LocalEmulator } from './local-emulator';
import { openExampleQuery } from './open-example';
import { readKeyTest, type KeyTestOutcome } from './key-test';
import { addProfile, clearApiKey, removeProfile, setApiKey, setDefaultProfile, type ConnectionDeps, type RemoveProfileOptions, type SetApiKeyOptions } from './profile-commands';
import { refreshCatalog } from './refresh-catalog';
import { registerGuardedCommand } from './register-command';
import { createVscodePrompts } from './vscode-prompts';

/** Set when at least one profile exists (the Datasets view's welcome content uses it). */
const HAS_PROFILES_CONTEXT_KEY = 'iql.hasProfiles';

/**
 * Connections and credentials: the profile commands, the local emulator, the catalog refresh,
 * the walkthrough's example, and the `iql.hasProfiles` context key. Every command accepts its
 * answers as arguments (see profile-commands.ts) so that tests run it without prompts.
 */
export function registerConnections(services: ExtensionServices): void {
  const { context, log, profiles } = services;
  const deps: ConnectionDeps = { profiles, prompts: createVscodePrompts(), testKey: (name) => testStoredKey(services, name) };
  const emulator = new LocalEmulator(services);
  const command = (id: string, handler: (...args: unknown[]) => unknown): vscode.Disposable => registerGuardedCommand(log, id, handler);

  const syncHasProfiles = (): void => {
    void vscode.commands.executeCommand('setContext', HAS_PROFILES_CONTEXT_KEY, profiles.list().length > 0);
  };
  syncHasProfiles();

  context.subscriptions.push(
    emulator,
    profiles.onDidChange(syncHasProfiles),
    command('iql.addProfile', (name, baseUrl) => addProfile(deps, name, baseUrl)),
    command('iql.removeProfile', (name, options) => removeProfile(deps, name, asRemoveOptions(options))),
    command('iql.setApiKey', (name, key, options) => setApiKey(deps, name, key, asSetApiKeyOptions(options))),
    command('iql.clearApiKey', (name) => clearApiKey(deps, name)),
    command('iql.setDefaultProfile', (name) => setDefaultProfile(deps, name)),
    command('iql.refreshCatalog', (uri) => refreshCatalog(services, uri)),
    command('iql.startEmulator', () => emulator.start()),
    command('iql.stopEmulator', () => emulator.stop()),
    command('iql.walkthrough.openExample', () => openExampleQuery(services)),
  );
}

function asRemoveOptions(value: unknown): RemoveProfileOptions | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  return { skipConfirmation: (value as { skipConfirmation?: unknown }).skipConfirmation === true };
}

function asSetApiKeyOptions(value: unknown): SetApiKeyOptions | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const keep = (value as { keepIfRefused?: unknown }).keepIfRefused;
  return typeof keep === 'boolean' ? { keepIfRefused: keep } : undefined;
}

/**
 * Tests the key stored for `profile` with the service's Health check, through the language
 * server like every call (the store told the server of the new key before this request).
 */
async function testStoredKey(services: ExtensionServices, profile: string): Promise<KeyTestOutcome> {
  const service = await services.service.forProfile(profile);
  if (!service.ok) return { kind: 'untested', message: service.error.message };
  return readKeyTest(await service.value.call('checkHealth', {}));
}
