import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { ParsedFile } from '../../../language/src';
import type { ParsedDocuments } from './parsed-documents';

/** An open document with its parse at its current version. */
export interface OpenDocument {
  readonly document: TextDocument;
  readonly parsed: ParsedFile;
}

/** Where handlers find the open documents: the editor's text and the one parse of each version. */
export class OpenDocuments {
  constructor(
    private readonly texts: { get(uri: string): TextDocument | undefined; all(): TextDocument[] },
    private readonly parses: ParsedDocuments,
  ) {}

  /** The open document `uri` with its parse, or undefined when the editor has not opened it. */
  find(uri: string): OpenDocument | undefined {
    const document = this.texts.get(uri);
    return document ? { document, parsed: this.parses.get(document) } : undefined;
  }

  /** The text of document `uri`, or undefined when it is not open. */
  text(uri: string): TextDocument | undefined {
    return this.texts.get(uri);
  }

  all(): TextDocument[] {
    return this.texts.all();
  }

  /** The parse of an open document at its current version. */
  parse(document: TextDocument): ParsedFile {
    return this.parses.get(document);
  }
}
