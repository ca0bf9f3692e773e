import type { Range } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Span } from '../parser/ast';

/** Converts a span of UTF-16 offsets into an LSP range (0-based lines and characters). */
export function spanToRange(document: TextDocument, span: Span): Range {
  return { start: document.positionAt(span.start), end: document.positionAt(span.end) };
}
