/** Types of code-server.mjs, for the TypeScript callers (the editor test runner). */
export interface StartCodeServerOptions {
  /** code-server's out/node/entry.js, from provisionEditorTools(). */
  readonly entry: string;
  /** The folder the workbench opens. */
  readonly workspace: string;
  /** The port on 127.0.0.1; 0 or absent: any free port. */
  readonly port?: number;
  /** The whole environment of code-server, its extension host and the language server. */
  readonly env: NodeJS.ProcessEnv;
  /** User settings merged over the quiet defaults. */
  readonly settings?: Record<string, unknown>;
  readonly readyTimeoutMs?: number;
  /** Receives code-server's own output as it arrives. */
  readonly onOutput?: (text: string) => void;
}

export interface RunningCodeServer {
  /** `http://127.0.0.1:PORT`, without a trailing slash. */
  readonly url: string;
  /** `127.0.0.1:PORT`, the remote authority of `vscode-remote://` URIs. */
  readonly host: string;
  readonly userDataDir: string;
  /** The workbench address of the workspace; `payload` maps e.g. `extensionDevelopmentPath` to an absolute path. */
  folderUrl(payload?: Record<string, string>): string;
  /** Kills the process group and removes the temporary folders. */
  stop(): Promise<void>;
}

export function startCodeServer(options: StartCodeServerOptions): Promise<RunningCodeServer>;
