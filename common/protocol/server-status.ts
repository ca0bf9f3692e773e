/** The language server's own health: for the "Show Language Server Status" command and tests. */

export interface ServerStatusResult {
  /** Documents the server holds (open in the editor). */
  readonly openDocuments: number;
  /** Characters in those documents, all together. */
  readonly openCharacters: number;
  /** Memory, in bytes, measured after a full garbage collection when the runtime allows one. */
  readonly memory: {
    readonly heapUsed: number;
    readonly rss: number;
    /** False when no collection could be made first: the figures then include garbage. */
    readonly collected: boolean;
  };
}

/** client → server request, no parameters. */
export const ServerStatusRequest = 'iql/server/status';
