import type { TextDocument } from 'vscode-languageserver-textdocument';
import { IncrementalParser, type ParsedFile } from '../../../language/src';

interface Entry {
  version: number;
  parsed: ParsedFile;
  readonly parser: IncrementalParser;
}

/**
 * Parses each open document at most once per version, and incrementally: an edit reparses
 * the queries it touched (language/src/parser/incremental-parser.ts), so a keystroke in a
 * 50,000-line file does not lex and parse the whole of it again. Every feature asks this
 * cache, so a burst of requests after an edit (diagnostics, symbols, folding) costs one parse.
 */
export class ParsedDocuments {
  private readonly entries = new Map<string, Entry>();

  /** The parse of `document` at its current version. */
  get(document: TextDocument): ParsedFile {
    const entry = this.entries.get(document.uri);
    if (entry?.version === document.version) return entry.parsed;
    const parser = entry?.parser ?? new IncrementalParser();
    const parsed = parser.parse(document.getText());
    if (entry) {
      entry.version = document.version;
      entry.parsed = parsed;
    } else {
      this.entries.set(document.uri, { version: document.version, parsed, parser });
    }
    return parsed;
  }

  /** Forgets a closed document, its regions with it, so that its trees can be collected. */
  delete(uri: string): void {
    this.entries.delete(uri);
  }
}
