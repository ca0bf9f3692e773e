/** Types of provision.mjs, for the TypeScript callers (the editor test runner). */
export const CODE_SERVER_VERSION: string;

export interface EditorTools {
  readonly chromiumPath: string;
  /** code-server's entry script; run it with the current Node. */
  readonly codeServerEntry: string;
  readonly toolsDir: string;
  /** How long provisioning took. */
  readonly seconds: number;
}

/** `browser: false` skips Chromium (only the tests need it). */
export function provisionEditorTools(options?: { log?: (line: string) => void; browser?: boolean }): Promise<EditorTools>;
