import * as vscode from 'vscode';

/**
 * Registers a command whose failures end as one calm warning and a log line, never as an
 * unhandled rejection: a command's handler can fail on things outside its control, such as a
 * settings file with errors that cannot be written.
 */
export function registerGuardedCommand(
  log: vscode.LogOutputChannel,
  id: string,
  handler: (...args: unknown[]) => unknown,
): vscode.Disposable {
  return vscode.commands.registerCommand(id, async (...args: unknown[]) => {
    try {
      return await handler(...args);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log.error(`${id} failed: ${reason}`);
      void vscode.window.showWarningMessage(`IQL: that did not work: ${reason}`);
      return undefined;
    }
  });
}
