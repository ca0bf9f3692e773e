import { TextDocument } from 'vscode-languageserver-textdocument';

export const CURSOR = '<|>';

/** Splits a fixture with one `<|>` marker into a document and the cursor's offset. */
export function withCursor(fixture: string): { document: TextDocument; offset: number; text: string } {
  const offset = fixture.indexOf(CURSOR);
  if (offset < 0 || fixture.indexOf(CURSOR, offset + 1) >= 0) throw new Error(`fixture needs exactly one ${CURSOR}: ${fixture}`);
  const text = fixture.slice(0, offset) + fixture.slice(offset + CURSOR.length);
  return { document: TextDocument.create('file:///fixture.iql', 'iql', 1, text), offset, text };
}
