import { CodeActionKind, type CodeAction, type Diagnostic, type TextEdit } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Catalog } from '../catalog/catalog';
import type { IqlFile } from '../parser/ast';
import { missingFromFixes } from './missing-from-fix';
import type { ProblemData } from './problem';
import { writeName, writeString } from '../../../common/iql/names';

/** A collaboration the document could target, with the names its datasets have there. */
export interface CollaborationChoice {
  readonly id: string;
  readonly name: string;
  readonly datasetNames: readonly string[];
}

export interface CodeActionInput {
  readonly document: TextDocument;
  /** The diagnostics the editor sent with the request (ours carry `data`). */
  readonly diagnostics: readonly Diagnostic[];
  /** Whether the file already has a `-- @collaboration` directive. */
  readonly hasCollaborationDirective: boolean;
  readonly collaborations?: readonly CollaborationChoice[];
  /** The document's tree and catalog, for the fixes that insert names (a missing FROM). */
  readonly file?: IqlFile;
  readonly catalog?: Catalog;
  /** Whether the editor applies snippet edits (a choice of datasets in one fix). */
  readonly snippetEdits?: boolean;
}

/**
 * Quick fixes for our diagnostics: apply a "did you mean", qualify an ambiguous category,
 * remove the comma before bins, turn a double-quoted value into a string, insert a missing FROM
 * with its dataset, and target the
 * collaboration whose dataset names an unknown name matches.
 */
export function getCodeActions(input: CodeActionInput): CodeAction[] {
  const { document } = input;
  const actions: CodeAction[] = [];
  const fix = (title: string, diagnostic: Diagnostic, edits: TextEdit[], preferred = false): void => {
    actions.push({
      title,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      ...(preferred ? { isPreferred: true } : {}),
      edit: { changes: { [document.uri]: edits } },
    });
  };

  for (const diagnostic of input.diagnostics) {
    if (diagnostic.source !== 'iql') continue;
    const data = (diagnostic.data ?? {}) as ProblemData;
    const written = document.getText(diagnostic.range);
    switch (diagnostic.code) {
      case 'iql.comma-before-bins': {
        // Remove the comma and the space after it, keeping one space before the bins.
        const text = document.getText();
        let end = document.offsetAt(diagnostic.range.end);
        while (end < text.length && /\s/.test(text[end]!)) end += 1;
        fix('Remove the comma before the bins', diagnostic, [{ range: { start: diagnostic.range.start, end: document.positionAt(end) }, newText: ' ' }], true);
        break;
      }
      case 'iql.quoted-value': {
        const value = written.startsWith('"') && written.endsWith('"') && written.length >= 2 ? written.slice(1, -1).replace(/""/g, '"') : written;
        fix(`Write it as the string ${writeString(value)}`, diagnostic, [{ range: diagnostic.range, newText: writeString(value) }], true);
        break;
      }
      case 'iql.missing-from':
        if (input.file) actions.push(...missingFromFixes({ document, file: input.file, diagnostic, ...(input.catalog ? { catalog: input.catalog } : {}), snippetEdits: input.snippetEdits === true }));
        break;
      case 'iql.ambiguous-category':
        for (const [index, qualifier] of (data.qualifiers ?? []).entries()) {
          fix(`Qualify as ${qualifier}.${written}`, diagnostic, [{ range: { start: diagnostic.range.start, end: diagnostic.range.start }, newText: `${writeName(qualifier)}.` }], index === 0);
        }
        break;
      default:
        for (const [index, replacement] of (data.replacements ?? []).entries()) {
          fix(`Change to '${replacement}'`, diagnostic, [{ range: diagnostic.range, newText: writeName(replacement) }], index === 0);
        }
    }
    if (diagnostic.code === 'iql.unknown-dataset' && !input.hasCollaborationDirective) {
      for (const collaboration of input.collaborations ?? []) {
        if (!collaboration.datasetNames.includes(written)) continue;
        actions.push({
          title: `Target collaboration '${collaboration.name}' (insert -- @collaboration ${collaboration.id})`,
          kind: CodeActionKind.QuickFix,
          diagnostics: [diagnostic],
          edit: { changes: { [document.uri]: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: `-- @collaboration ${collaboration.id}\n` }] } },
        });
      }
    }
  }
  return actions;
}
