/**
 * The few ways the connection commands talk to a person, as an interface: the editor's
 * implementation is in vscode-prompts.ts, and unit tests pass a scripted one, so that the
 * commands' logic runs without an editor.
 */

export interface TextPrompt {
  readonly title: string;
  readonly prompt: string;
  readonly placeHolder?: string;
  readonly value?: string;
  /** Hide what is typed (API keys). */
  readonly password?: boolean;
  /** The message shown under the box while the value is unacceptable, else undefined. */
  readonly validate?: (value: string) => string | undefined;
}

export interface PickItem<T> {
  readonly label: string;
  readonly description?: string;
  readonly detail?: string;
  readonly value: T;
}

export interface PickPrompt {
  readonly title: string;
  readonly placeHolder?: string;
}

export interface Prompts {
  /** Asks for a line of text; undefined when the person cancelled. */
  inputText(prompt: TextPrompt): Promise<string | undefined>;
  /** Offers a list; resolves with the chosen item's value, undefined when cancelled. */
  pick<T>(items: readonly PickItem<T>[], prompt: PickPrompt): Promise<T | undefined>;
  /** A modal question with one action besides Cancel; true when the action was chosen. */
  confirm(message: string, action: string): Promise<boolean>;
  /**
   * A non-modal notification with one action. Resolves when it is answered or dismissed,
   * which may be never: callers do not make a command wait on it.
   */
  offer(message: string, action: string): Promise<boolean>;
  inform(message: string): void;
  warn(message: string): void;
}
