import * as vscode from 'vscode';
import type { PickItem, PickPrompt, Prompts, TextPrompt } from './prompts';

/**
 * The editor's implementation of Prompts: input boxes that stay open when focus moves (a key
 * is often copied from a browser), quick picks, a modal confirmation and calm notifications.
 */
export function createVscodePrompts(): Prompts {
  return {
    async inputText(prompt: TextPrompt): Promise<string | undefined> {
      return vscode.window.showInputBox({
        title: prompt.title,
        prompt: prompt.prompt,
        placeHolder: prompt.placeHolder,
        value: prompt.value,
        password: prompt.password ?? false,
        ignoreFocusOut: true,
        validateInput: prompt.validate ? (value) => prompt.validate?.(value) : undefined,
      });
    },
    async pick<T>(items: readonly PickItem<T>[], prompt: PickPrompt): Promise<T | undefined> {
      const chosen = await vscode.window.showQuickPick(
        items.map((item) => ({ label: item.label, description: item.description, detail: item.detail, item })),
        { title: prompt.title, placeHolder: prompt.placeHolder, matchOnDescription: true, ignoreFocusOut: false },
      );
      return chosen?.item.value;
    },
    async confirm(message: string, action: string): Promise<boolean> {
      return (await vscode.window.showWarningMessage(message, { modal: true }, action)) === action;
    },
    async offer(message: string, action: string): Promise<boolean> {
      return (await vscode.window.showInformationMessage(message, action)) === action;
    },
    inform(message: string): void {
      void vscode.window.showInformationMessage(message);
    },
    warn(message: string): void {
      void vscode.window.showWarningMessage(message);
    },
  };
}
