import { LRUCache } from 'lru-cache';
import type { ExplainQueryResponse, GetDatasetMetadataResponse } from '../../common/api';
import { isDeadlineReason } from './aborted-call';
import { followAbort } from './follow-abort';
import { loadCatalog, type CatalogAssembly, type CatalogLoadOptions } from './catalog-loader';
import type { CatalogStore, StoredCatalogIdentity } from './catalog-store';
import { ServiceClient } from './service-client';
import type { ServiceTimeouts } from './service-transport';
import type { ServiceTarget } from './service-target';
import { cancelledError, succeed, type ServiceError, type ServiceResult } from '../../common/service-result';
import { explainQuery, validateActivationQuery, validateQuery } from './operations/queries';
import { getDatasetMetadata } from './operations/catalog';

/** How long a loaded catalog is used before it is loaded again. */
export const CATALOG_TTL_MS = 5 * 60_000;

/**
 * How long a stored catalog is served before its revalidation starts. The first call of a
 * process evaluates the API schemas (lazy-api.ts), one unbroken turn of ~30 ms, and then reads
 * and checks the whole list: begun at once, it held back the first completions and diagnostics
 * the stored catalog was there for.
 */
const REVALIDATION_DELAY_MS = 200;

export interface LoadedCatalog<Catalog> {
  readonly catalog: Catalog;
  readonly loadedAt: number;
}

export type ValidationOutcome = { readonly accepted: true } | { readonly accepted: false; readonly error: ServiceError };

export interface ServiceHubOptions<Catalog> {
  readonly version: string;
  /** A new converter of wire datasets into the caller's catalog model, one per load. */
  readonly catalogAssembly: () => CatalogAssembly<unknown, Catalog>;
  readonly now?: () => number;
  readonly catalogTtlMs?: number;
  /** Per-request limits of the hub's clients; the client's defaults when absent. */
  readonly timeouts?: Partial<ServiceTimeouts>;
  /**
   * Whether a catalog load reads the metadata of every listed dataset whose categories the
   * list leaves out (the default), or of none: the caller then asks `datasetMetadata` for the
   * datasets it needs (see CatalogLoadOptions).
   */
  readonly listedMetadata?: CatalogLoadOptions['listedMetadata'];
}

/**
 * Every service call the language server makes, per target, with the caching that keeps the
 * call count low: one client per profile, catalogs cached with a time-to-live and concurrent
 * loads coalesced, and validations and plans cached per (target, query text). Failures are
 * never cached as answers, except a validation's `invalid` verdict, which is the answer.
 */
export class ServiceHub<Catalog> {
  private readonly clients = new Map<string, { baseUrl: string; apiKey: string; client: ServiceClient }>();
  private readonly catalogs: LRUCache<string, LoadedCatalog<Catalog>, ServiceTarget>;
  private readonly validations = new LRUCache<string, ValidationOutcome>({ max: 1000 });
  private readonly plans = new LRUCache<string, ExplainQueryResponse>({ max: 200 });
  private readonly metadata: LRUCache<string, GetDatasetMetadataResponse>;
  private readonly inFlight = new Map<string, Promise<ServiceResult<unknown>>>();
  /** The catalog load under way per target key, as the fetch method runs it. */
  private readonly loadsUnderWay = new Map<string, Promise<unknown>>();
  private readonly now: () => number;
  private readonly lastErrors = new Map<string, ServiceError>();
  private store: CatalogStore<Catalog> | undefined;
  /** When catalogs were last forgotten (all, and per target): a stored copy saved before is not used. */
  private refreshedAt = 0;
  private readonly targetRefreshedAt = new Map<string, number>();
  /** Targets whose key the service refused: their stored copies are never used again by this hub. */
  private readonly refused = new Set<string>();
  /** Background revalidations of stored catalogs under way, per target key. */
  private readonly revalidations = new Map<string, AbortController>();
  private readonly changeListeners: ((targetKey: string) => void)[] = [];

  constructor(private readonly options: ServiceHubOptions<Catalog>) {
    this.now = options.now ?? Date.now;
    this.metadata = new LRUCache<string, GetDatasetMetadataResponse>({ max: 1000, ttl: options.catalogTtlMs ?? CATALOG_TTL_MS });
    this.catalogs = new LRUCache<string, LoadedCatalog<Catalog>, ServiceTarget>({
      max: 50,
      ttl: options.catalogTtlMs ?? CATALOG_TTL_MS,
      allowStale: false,
      // lru-cache coalesces concurrent fetches of one key into a single load.
      fetchMethod: (key, _stale, { signal, context }) => {
        const load = this.storedOrLoaded(key, context, signal);
        this.loadsUnderWay.set(key, load);
        void load.finally(() => {
          if (this.loadsUnderWay.get(key) === load) this.loadsUnderWay.delete(key);
        });
        return load;
      },
    });
  }

  /**
   * Keeps catalogs on disk in `store` from now on: a target's stored catalog is used at once
   * when it has none in memory, and revalidated with the service in the background.
   */
  persistCatalogs(store: CatalogStore<Catalog>): void {
    this.store = store;
  }

  /** Calls `listener` with a target's key when its catalog changed without being asked (a revalidation, a refused key). */
  onCatalogChanged(listener: (targetKey: string) => void): void {
    this.changeListeners.push(listener);
  }

  /** The stored catalog of `target` when there is a usable one (then revalidated), else one loaded from the service. */
  private async storedOrLoaded(key: string, target: ServiceTarget, signal: AbortSignal): Promise<LoadedCatalog<Catalog> | undefined> {
    const stored = this.refused.has(key) ? undefined : await this.store?.read(storedIdentity(target));
    const forgottenAt = Math.max(this.refreshedAt, this.targetRefreshedAt.get(key) ?? 0);
    if (stored === undefined || stored.savedAt <= forgottenAt || this.refused.has(key) || signal.aborted) return this.loadCatalog(key, target, signal);
    this.revalidate(key, target, stored.digest);
    return { catalog: stored.catalog, loadedAt: stored.savedAt };
  }

  /**
   * Loads `target`'s catalog from the service; the stored copy, when kept, is replaced (or
   * deleted when the key is refused). With `digest` (a revalidation compares it with the stored
   * copy's) the catalog is encoded before it is answered; without, a turn later, so that a cold
   * start's first use of the catalog does not wait for the encoding (~20–35 ms at 10,000 datasets).
   */
  private async loadCatalog(key: string, target: ServiceTarget, signal: AbortSignal, digest: 'with-digest' | 'without' = 'without'): Promise<(LoadedCatalog<Catalog> & { readonly digest?: string }) | undefined> {
    const client = this.clientFor(target);
    const loadOptions = this.options.listedMetadata ? { listedMetadata: this.options.listedMetadata } : {};
    const loaded = client.ok ? await loadCatalog(client.value, target.collaborationId, this.options.catalogAssembly(), signal, loadOptions) : client;
    if (!loaded.ok) {
      this.lastErrors.set(key, loaded.error);
      if (loaded.error.kind === 'unauthorized') this.dropRefused(target);
      return undefined;
    }
    this.lastErrors.delete(key);
    this.refused.delete(key);
    const loadedAt = this.now();
    const store = this.store;
    if (!store) return { catalog: loaded.value, loadedAt };
    if (digest === 'without') {
      setImmediate(() => {
        // A key refused meanwhile has had its file deleted: it must not be written again.
        if (!this.refused.has(key)) void store.write(storedIdentity(target), store.encode(loaded.value), loadedAt);
      });
      return { catalog: loaded.value, loadedAt };
    }
    const encoded = store.encode(loaded.value);
    void store.write(storedIdentity(target), encoded, loadedAt);
    return { catalog: loaded.value, loadedAt, digest: encoded.digest };
  }

  /**
   * Asks the service for `target`'s catalog while its stored copy is in use: a different
   * answer replaces it and is announced; a refused key drops it (memory and file) and is
   * announced; other trouble keeps the stored copy.
   */
  private revalidate(key: string, target: ServiceTarget, storedDigest: string): void {
    this.revalidations.get(key)?.abort();
    const controller = new AbortController();
    this.revalidations.set(key, controller);
    const start = (): void => {
      if (controller.signal.aborted) return;
      void this.loadCatalog(key, target, controller.signal, 'with-digest').then((fresh) => {
        if (this.revalidations.get(key) !== controller) return;
        this.revalidations.delete(key);
        if (controller.signal.aborted) return;
        // A refused key was dropped by the load itself; other trouble keeps the stored copy.
        if (fresh === undefined) return;
        this.catalogs.set(key, fresh);
        if (fresh.digest !== storedDigest) this.announceChange(key);
      });
    };
    const timer = setTimeout(start, REVALIDATION_DELAY_MS);
    timer.unref();
    controller.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  }

  /**
   * The service refused `target`'s key (401): its catalog must not be served any longer, from
   * memory or from disk; users of a catalog held in memory are told. (A load under way is
   * left alone: it ends with this refusal as its answer.)
   */
  private dropRefused(target: ServiceTarget): void {
    this.refused.add(target.key);
    void this.store?.remove(storedIdentity(target));
    if (!this.catalogs.has(target.key)) return;
    this.catalogs.delete(target.key);
    this.announceChange(target.key);
  }

  private announceChange(targetKey: string): void {
    for (const listener of this.changeListeners) listener(targetKey);
  }

  /** The catalog already loaded for `target`, without loading it. */
  peekCatalog(target: ServiceTarget): LoadedCatalog<Catalog> | undefined {
    return this.catalogs.get(target.key);
  }

  /** The catalog of `target`, loading it when missing or expired. */
  async catalog(target: ServiceTarget, signal?: AbortSignal): Promise<ServiceResult<LoadedCatalog<Catalog>>> {
    // lru-cache reacts to the abort event only: a request cancelled before it got here would load anyway.
    if (signal?.aborted) return { ok: false, error: cancelledError('Loading the catalog') };
    // lru-cache leaves its listener on the signal it is given after a load that succeeds.
    const followed = followAbort(signal);
    try {
      const loaded = await this.catalogs.fetch(target.key, { context: target, ...(followed.signal ? { signal: followed.signal } : {}) });
      if (loaded) return succeed(loaded);
      return { ok: false, error: this.lastErrors.get(target.key) ?? { kind: 'server', message: 'The catalog could not be loaded.' } };
    } catch {
      // lru-cache gives up on an aborted load at once. When a deadline aborted it, the load's
      // own answer names the call that hung: wait for it (it ends as soon as that call does).
      const load = this.loadsUnderWay.get(target.key);
      if (load !== undefined && isDeadlineReason(signal?.reason)) {
        await load;
        const error = this.lastErrors.get(target.key);
        if (error !== undefined) return { ok: false, error };
      }
      return { ok: false, error: cancelledError('Loading the catalog') };
    } finally {
      followed.release();
    }
  }

  /**
   * Get Dataset metadata of one dataset of `target`, cached as long as a catalog: for a hub
   * whose catalogs leave the metadata of listed datasets unread (`listedMetadata: 'none'`).
   * Failures are returned, not cached.
   */
  async datasetMetadata(target: ServiceTarget, privateId: string, signal: AbortSignal): Promise<ServiceResult<GetDatasetMetadataResponse>> {
    const key = JSON.stringify([target.key, privateId]);
    const cached = this.metadata.get(key);
    if (cached) return succeed(cached);
    const client = this.clientFor(target);
    if (!client.ok) return client;
    const answer = await getDatasetMetadata(client.value, privateId, { signal });
    if (answer.ok) this.metadata.set(key, answer.value);
    return answer;
  }

  /** Forgets loaded catalogs and dataset metadata (of one target, or all), so the next use loads them again. */
  refresh(targetKey?: string): void {
    const now = this.now();
    if (targetKey === undefined) {
      this.refreshedAt = now;
      for (const controller of this.revalidations.values()) controller.abort();
      this.revalidations.clear();
      this.catalogs.clear();
      this.metadata.clear();
      return;
    }
    this.targetRefreshedAt.set(targetKey, now);
    this.revalidations.get(targetKey)?.abort();
    this.revalidations.delete(targetKey);
    this.catalogs.delete(targetKey);
    const prefix = JSON.stringify([targetKey]).slice(0, -1);
    for (const key of this.metadata.keys()) if (key.startsWith(prefix)) this.metadata.delete(key);
  }

  /**
   * ValidateQuery (insight) or Validate Activation Query, once per (target, kind, text):
   * a verdict of the service is cached; trouble (network, 401, 5xx) is returned, not cached.
   */
  async validate(target: ServiceTarget, query: string, kind: 'insight' | 'activation', signal: AbortSignal): Promise<ServiceResult<ValidationOutcome>> {
    const key = JSON.stringify([target.key, kind, query]);
    const cached = this.validations.get(key);
    if (cached) return succeed(cached);
    const body = { query, ...(target.collaborationId ? { collaboration_id: target.collaborationId } : {}) };
    const client = this.clientFor(target);
    if (!client.ok) return client;
    const answer =
      kind === 'activation' ? await validateActivationQuery(client.value, body, { signal }) : await validateQuery(client.value, body, { signal });
    if (!answer.ok && answer.error.kind === 'unauthorized') this.dropRefused(target);
    let outcome: ValidationOutcome;
    if (answer.ok) outcome = answer.value.success === false ? { accepted: false, error: { kind: 'invalid', message: 'The service did not accept this query.' } } : { accepted: true };
    else if (answer.error.kind === 'invalid' || answer.error.kind === 'not-found') outcome = { accepted: false, error: answer.error };
    else return answer;
    this.validations.set(key, outcome);
    return succeed(outcome);
  }

  /** ExplainQuery for `query`, cached per (target, text). */
  async explain(target: ServiceTarget, query: string, signal: AbortSignal): Promise<ServiceResult<ExplainQueryResponse>> {
    const key = JSON.stringify([target.key, query]);
    const cached = this.plans.get(key);
    if (cached) return succeed(cached);
    const pending = this.inFlight.get(key) as Promise<ServiceResult<ExplainQueryResponse>> | undefined;
    if (pending) return pending;
    const body = { query, ...(target.collaborationId ? { collaboration_id: target.collaborationId } : {}) };
    const client = this.clientFor(target);
    if (!client.ok) return client;
    const call = explainQuery(client.value, body, { signal })
      .then((answer) => {
        if (answer.ok) this.plans.set(key, answer.value);
        return answer;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, call);
    return call;
  }

  /** The client of `target`'s profile, created once and replaced when its URL or key changes. */
  clientFor(target: ServiceTarget): ServiceResult<ServiceClient> {
    const { profile } = target;
    const existing = this.clients.get(profile.name);
    if (existing && existing.baseUrl === profile.baseUrl && existing.apiKey === profile.apiKey) return succeed(existing.client);
    if (existing) void existing.client.close();
    const created = ServiceClient.create(profile, { version: this.options.version, ...(this.options.timeouts ? { timeouts: this.options.timeouts } : {}) });
    if (created.ok) this.clients.set(profile.name, { baseUrl: profile.baseUrl, apiKey: profile.apiKey, client: created.value });
    return created;
  }

  async dispose(): Promise<void> {
    for (const controller of this.revalidations.values()) controller.abort();
    this.revalidations.clear();
    await Promise.all([...this.clients.values()].map((entry) => entry.client.close()));
    this.clients.clear();
  }
}

function storedIdentity(target: ServiceTarget): StoredCatalogIdentity {
  return { baseUrl: target.profile.baseUrl, apiKey: target.profile.apiKey, ...(target.collaborationId !== undefined ? { collaborationId: target.collaborationId } : {}) };
}
