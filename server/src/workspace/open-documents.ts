import type { TextDocument } from 'vscode-languageserver-textdocument';
import { isReportFile, type ParsedFile } from '../../../language/src';
import type { ParsedDocuments } from './parsed-documents';

/** An open document with its parse at its current version. */
export interface OpenDocument {
  readonly document: TextDocument;
  readonly parsed: ParsedFile;
}

/**
 * Where handlers find the open IQL documents: the editor's text and the one parse of each
 * version. Insight report files are open too, but they are JSON: their IQL filters are
 * report-files.ts's, and every IQL feature passes them by.
 */
export class OpenDocuments {
  constructor(
    private readonly texts: { get(uri: string): TextDocument | undefined; all(): TextDocument[] },
    private readonly parses: ParsedDocuments,
  ) {}

  /** The open document `uri` with its parse, or undefined when the editor has not opened it. */
  find(uri: string): OpenDocument | undefined {
    const document = this.text(uri);
    return document ? { document, parsed: this.parses.get(document) } : undefined;
  }

  /** The text of document `uri`, or undefined when it is not open. */
  text(uri: string): TextDocument | undefined {
    return isReportFile(uri) ? undefined : this.texts.get(uri);
  }

  all(): TextDocument[] {
    return this.texts.all().filter((document) => !isReportFile(document.uri));
  }

  /** An open insight report file, or undefined. */
  report(uri: string): TextDocument | undefined {
    return isReportFile(uri) ? this.texts.get(uri) : undefined;
  }

  /** Every open insight report file. */
  reports(): TextDocument[] {
    return this.texts.all().filter((document) => isReportFile(document.uri));
  }

  /** The parse of an open document at its current version. */
  parse(document: TextDocument): ParsedFile {
    return this.parses.get(document);
  }
}
