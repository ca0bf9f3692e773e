import type * as vscode from 'vscode';
import { listSecrets, redactText } from '../../../common/redact';

/**
 * A log channel that removes every API key it has been told of before a line is written. The
 * language client traces each message it exchanges with the server (`iql.trace.server`),
 * `iql/profiles` answers included, and those answers carry the keys the server needs: the
 * trace goes through this channel so that no key reaches the Output panel or a log file.
 */
export class RedactingLog implements vscode.LogOutputChannel {
  private readonly secrets = new Set<string>();

  constructor(private readonly target: vscode.LogOutputChannel) {}

  private ordered: readonly string[] = [];

  /** Adds `apiKey` (and the parts a legacy `public/private` key is made of) to what is removed. */
  addSecret(apiKey: string): void {
    const before = this.secrets.size;
    for (const secret of listSecrets(apiKey)) this.secrets.add(secret);
    // Longest first, so that a whole key is replaced before any of its parts.
    if (this.secrets.size !== before) this.ordered = [...this.secrets].sort((a, b) => b.length - a.length);
  }

  get name(): string {
    return this.target.name;
  }
  get logLevel(): vscode.LogLevel {
    return this.target.logLevel;
  }
  get onDidChangeLogLevel(): vscode.Event<vscode.LogLevel> {
    return this.target.onDidChangeLogLevel;
  }

  trace(message: string, ...args: unknown[]): void {
    this.target.trace(this.clean(message), ...args.map((arg) => this.cleanValue(arg)));
  }
  debug(message: string, ...args: unknown[]): void {
    this.target.debug(this.clean(message), ...args.map((arg) => this.cleanValue(arg)));
  }
  info(message: string, ...args: unknown[]): void {
    this.target.info(this.clean(message), ...args.map((arg) => this.cleanValue(arg)));
  }
  warn(message: string, ...args: unknown[]): void {
    this.target.warn(this.clean(message), ...args.map((arg) => this.cleanValue(arg)));
  }
  error(error: string | Error, ...args: unknown[]): void {
    this.target.error(typeof error === 'string' ? this.clean(error) : this.clean(error.stack ?? error.message), ...args.map((arg) => this.cleanValue(arg)));
  }
  append(value: string): void {
    this.target.append(this.clean(value));
  }
  appendLine(value: string): void {
    this.target.appendLine(this.clean(value));
  }
  replace(value: string): void {
    this.target.replace(this.clean(value));
  }
  clear(): void {
    this.target.clear();
  }
  show(columnOrPreserve?: vscode.ViewColumn | boolean, preserveFocus?: boolean): void {
    if (typeof columnOrPreserve === 'boolean' || columnOrPreserve === undefined) this.target.show(columnOrPreserve);
    else this.target.show(columnOrPreserve, preserveFocus);
  }
  hide(): void {
    this.target.hide();
  }
  dispose(): void {
    // The target is the extension's own log, disposed with the extension.
  }

  private clean(text: string): string {
    return this.ordered.length === 0 ? text : redactText(text, this.ordered);
  }

  private cleanValue(value: unknown): unknown {
    if (typeof value === 'string') return this.clean(value);
    if (value === undefined || value === null || typeof value !== 'object') return value;
    // An object would be serialized by the channel itself: serialize it here, without the keys.
    return this.clean(JSON.stringify(value));
  }
}
