/** The editor's side of the protocol: profiles and keys, document status, queries, plans. */

/** A connection profile as the client holds it; the key comes from the editor's secret storage. */
export interface ProfileInfo {
  readonly name: string;
  readonly baseUrl: string;
  /** Absent when no key is stored for this profile yet. */
  readonly apiKey?: string;
}

export interface ProfilesResult {
  readonly profiles: readonly ProfileInfo[];
  /** The profile a document without `-- @profile` uses. */
  readonly defaultProfile?: string;
  /** The collaboration a document without `-- @collaboration` targets (the editor's IQL_COLLABORATION). */
  readonly defaultCollaboration?: string;
  /** False in an untrusted workspace: the server must make no service call. */
  readonly serviceAllowed: boolean;
}

/** server → client request: the profiles and keys to use. Asked at start and after `profilesChanged`. */
export const ProfilesRequest = 'iql/profiles';

/** client → server notification: profiles, keys or trust changed; ask again. */
export const ProfilesChangedNotification = 'iql/profilesChanged';

/** Where a document's queries go. */
export interface DocumentTarget {
  readonly profile?: string;
  readonly collaboration?: string;
}

export type ServiceState = 'offline' | 'connecting' | 'ready' | 'unauthorized' | 'unreachable' | 'error';

/** server → client notification: the state of the service for a document's target. */
export interface StatusParams {
  readonly uri: string;
  readonly target: DocumentTarget;
  readonly state: ServiceState;
  /** One calm sentence for the status bar tooltip, with the service's own words when it failed. */
  readonly message: string;
  /** When the catalog used for this document was loaded (ms since epoch), if one is loaded. */
  readonly catalogLoadedAt?: number;
}
export const StatusNotification = 'iql/status';

/** client → server request: reload the catalog of a document's target (or of every target). */
export interface RefreshCatalogParams {
  readonly uri?: string;
}
export const RefreshCatalogRequest = 'iql/refreshCatalog';

/** client → server request: the service's plan for the query at a position. */
export interface ExplainParams {
  readonly uri: string;
  readonly position: { readonly line: number; readonly character: number };
}
export type ExplainResult =
  | { readonly ok: true; readonly query: string; readonly target: DocumentTarget; readonly plan: unknown }
  | { readonly ok: false; readonly message: string };
export const ExplainRequest = 'iql/explain';

/** Commands the server's code lenses and hover links invoke; the client registers them. */
export const ClientCommands = {
  runQuery: 'iql.runQuery',
  explainQuery: 'iql.explainQuery',
  validateQuery: 'iql.validateQuery',
  openPlan: 'iql.openPlan',
} as const;

/** Arguments of the query commands: the document and the start of the query. */
export interface QueryCommandArgs {
  readonly uri: string;
  readonly offset: number;
}

/** A query of a document as the server parsed it: what the client's run commands send. */
export interface QueryInfo {
  /** The exact text sent to the service (the query's source, comments inside kept). */
  readonly text: string;
  readonly kind: 'insight' | 'activation';
  /** UTF-16 offset of the query's start: the identity the code lenses use. */
  readonly offset: number;
  readonly range: { readonly start: { readonly line: number; readonly character: number }; readonly end: { readonly line: number; readonly character: number } };
  /** True when the local checks found errors in this query (the service may still accept it). */
  readonly hasLocalErrors: boolean;
}

/** client → server request: the query at `offset` (or every query when absent) and the document's target. */
export interface QueriesParams {
  readonly uri: string;
  readonly offset?: number;
}
export type QueriesResult =
  | {
      readonly ok: true;
      readonly queries: readonly QueryInfo[];
      readonly target: DocumentTarget;
      /** Set when no call can be made for this document, with the calm reason. */
      readonly offline?: string;
    }
  | { readonly ok: false; readonly message: string };
export const QueriesRequest = 'iql/queries';
