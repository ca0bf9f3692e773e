import type { TextDocument } from 'vscode-languageserver-textdocument';
import { isAutomationFile, isReportFile, type ParsedFile } from '../../../language/src';

/** JSON files the server reads for what they embed, not as IQL. */
function isConfigFile(uri: string): boolean {
  return isReportFile(uri) || isAutomationFile(uri);
}
import type { ParsedDocuments } from './parsed-documents';

/** An open document with its parse at its current version. */
export interface OpenDocument {
  readonly document: TextDocument;
  readonly parsed: ParsedFile;
}

/**
 * Where handlers find the open IQL documents: the editor's text and the one parse of each
 * version. Report and automation files are open too, but they are JSON: they are
 * config-files.ts's, and every IQL feature passes them by.
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
    return isConfigFile(uri) ? undefined : this.texts.get(uri);
  }

  all(): TextDocument[] {
    return this.texts.all().filter((document) => !isConfigFile(document.uri));
  }

  /** An open report or automation file, or undefined. */
  configFile(uri: string): TextDocument | undefined {
    return isConfigFile(uri) ? this.texts.get(uri) : undefined;
  }

  /** Every open report or automation file. */
  configFiles(): TextDocument[] {
    return this.texts.all().filter((document) => isConfigFile(document.uri));
  }

  /** The parse of an open document at its current version. */
  parse(document: TextDocument): ParsedFile {
    return this.parses.get(document);
  }
}
