import type { CancellationToken } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Catalog, CollaborationChoice } from '../../../language/src';
import { fail, resolveTarget, signalFromCancellation, type ServiceClient, type ServiceHub, type ServiceResult } from '../../../service/src';
import type { CollaborationChoices } from './collaboration-choices';
import { resolveDocumentTarget, type DocumentTargetResolution } from './document-target';
import type { OpenDocuments } from './open-documents';
import type { ProfileState } from './profile-state';

const NEVER_CANCELLED: CancellationToken = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) };

/**
 * The one way handlers reach the service for a document or a profile: the document's target,
 * its catalog, the collaborations of its profile, and a client for a profile the editor
 * names. Every LSP cancellation token becomes the AbortSignal of the calls it covers.
 */
export class TargetAccess {
  constructor(
    private readonly hub: ServiceHub<Catalog>,
    private readonly profiles: ProfileState,
    private readonly documents: OpenDocuments,
    private readonly choices: CollaborationChoices,
  ) {}

  /** Where `document`'s queries go, with the problems of its directives. */
  targetOf(document: TextDocument): DocumentTargetResolution {
    return resolveDocumentTarget(this.documents.parse(document).ast.directives, this.profiles.current());
  }

  /** The catalog of `document`'s target: waits for a load only when `wait` is set. */
  async catalogFor(document: TextDocument, token: CancellationToken | undefined, wait: boolean): Promise<Catalog | undefined> {
    const resolution = this.targetOf(document);
    if (resolution.kind !== 'target') return undefined;
    const cached = this.hub.peekCatalog(resolution.target);
    if (cached || !wait) return usable(cached?.catalog);
    return this.withSignal(token, async (signal) => {
      const loaded = await this.hub.catalog(resolution.target, signal);
      return loaded.ok ? usable(loaded.value.catalog) : undefined;
    });
  }

  /** The collaborations `document`'s profile could target, for the directive quick fix. */
  async collaborationsFor(document: TextDocument, token: CancellationToken): Promise<readonly CollaborationChoice[] | undefined> {
    const resolution = this.targetOf(document);
    if (resolution.kind !== 'target') return undefined;
    const client = this.hub.clientFor(resolution.target);
    if (!client.ok) return undefined;
    return this.withSignal(token, (signal) => this.choices.get(resolution.target.profileKey, client.value, signal));
  }

  /**
   * A client for the profile the editor names (the default profile when absent), once the
   * profiles reloading, if any, are in: or why there is none, in one calm sentence.
   */
  async clientForProfile(profile: string | undefined): Promise<ServiceResult<ServiceClient>> {
    const found = await this.profileClient(profile);
    return found.ok ? { ok: true, value: found.value.client } : found;
  }

  /** As clientForProfile, with the key that identifies the profile in caches (never the API key). */
  async profileClient(profile: string | undefined): Promise<ServiceResult<{ readonly client: ServiceClient; readonly profileKey: string }>> {
    const resolution = resolveTarget(profile === undefined ? {} : { profile }, await this.profiles.ready());
    if (resolution.kind !== 'target') return fail({ kind: 'misconfigured', message: resolution.cause });
    const client = this.hub.clientFor(resolution.target);
    return client.ok ? { ok: true, value: { client: client.value, profileKey: resolution.target.profileKey } } : client;
  }

  /** Runs `work` with the AbortSignal of `token` (none: never aborted), releasing the bridge after. */
  async withSignal<T>(token: CancellationToken | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const bridge = signalFromCancellation(token ?? NEVER_CANCELLED);
    try {
      return await work(bridge.signal);
    } finally {
      bridge.dispose();
    }
  }
}

/**
 * A catalog without a dataset is no catalog to judge names by: it cannot tell a key that sees
 * nothing from an empty answer (service/src/empty-catalog.ts), so features work as offline.
 */
function usable(catalog: Catalog | undefined): Catalog | undefined {
  return catalog !== undefined && catalog.datasets.length > 0 ? catalog : undefined;
}
