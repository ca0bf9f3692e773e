import type { TextDocument } from 'vscode-languageserver-textdocument';
import { parseIql, type ParsedFile } from '../../../language/src';

interface Entry {
  readonly version: number;
  readonly parsed: ParsedFile;
}

/**
 * Parses each open document at most once per version. Every feature asks this cache, so a
 * burst of requests after an edit (diagnostics, symbols, folding) costs one parse.
 */
export class ParsedDocuments {
  private readonly entries = new Map<string, Entry>();

  /** The parse of `document` at its current version. */
  get(document: TextDocument): ParsedFile {
    const cached = this.entries.get(document.uri);
    if (cached && cached.version === document.version) return cached.parsed;
    const parsed = parseIql(document.getText());
    this.entries.set(document.uri, { version: document.version, parsed });
    return parsed;
  }

  /** Forgets a closed document so that its tree can be collected. */
  delete(uri: string): void {
    this.entries.delete(uri);
  }
}
