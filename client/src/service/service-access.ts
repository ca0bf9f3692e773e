import type * as vscode from 'vscode';
import type { ServiceClient } from '../../../service/src';
import { fail, type ServiceResult } from '../../../service/src/service-error';
import { loadServiceLayer } from './lazy-service';
import { SERVER_VERSION } from '../../../common/version';
import type { ProfileStore } from '../connections/profile-store';


/**
 * The extension host's way to the service, for the explorer and the run commands: one
 * ServiceClient per profile, replaced when its URL or key changes, and none at all in an
 * untrusted workspace. The language server has its own; both use the same service layer.
 */
export class ServiceAccess implements vscode.Disposable {
  private readonly clients = new Map<string, { baseUrl: string; apiKey: string; client: ServiceClient }>();

  constructor(private readonly profiles: ProfileStore) {}

  /** A client for `profileName` (default profile when omitted), or why there is none. Never throws. */
  async clientFor(profileName?: string): Promise<ServiceResult<ServiceClient>> {
    if (!this.profiles.serviceAllowed()) {
      return fail({ kind: 'misconfigured', message: 'This workspace is not trusted, so no call is made to the clean-room service. Trust the workspace to connect.' });
    }
    const name = profileName ?? this.profiles.defaultProfile();
    if (!name) return fail({ kind: 'misconfigured', message: 'No clean-room profile is configured. Start the local emulator or run "IQL: Add Profile…".' });
    const entry = this.profiles.get(name);
    if (!entry) return fail({ kind: 'misconfigured', message: `There is no profile named '${name}'. Add it with "IQL: Add Profile…" or fix the -- @profile directive.` });
    const apiKey = await this.profiles.apiKey(name);
    if (!apiKey) return fail({ kind: 'misconfigured', message: `Profile '${name}' has no API key yet. Set one with "IQL: Set API Key…".` });
    const existing = this.clients.get(name);
    if (existing && existing.baseUrl === entry.baseUrl && existing.apiKey === apiKey) return { ok: true, value: existing.client };
    if (existing) void existing.client.close();
    const created = loadServiceLayer().ServiceClient.create({ name, baseUrl: entry.baseUrl, apiKey }, { version: SERVER_VERSION });
    if (created.ok) this.clients.set(name, { baseUrl: entry.baseUrl, apiKey, client: created.value });
    return created;
  }

  dispose(): void {
    for (const { client } of this.clients.values()) void client.close();
    this.clients.clear();
  }
}
