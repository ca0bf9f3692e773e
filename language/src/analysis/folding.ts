import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { IqlFile } from '../parser/ast';

/**
 * Folding ranges for queries that span several lines, block comments, and runs of two or
 * more consecutive line comments (a header of directives folds as one).
 */
export function getFoldingRanges(document: TextDocument, file: IqlFile): FoldingRange[] {
  const ranges: FoldingRange[] = [];
  const lineOf = (offset: number): number => document.positionAt(offset).line;
  // The end offset is exclusive; a span ending right after a newline belongs to the line before.
  const lastLineOf = (start: number, end: number): number => lineOf(Math.max(start, end - 1));

  for (const query of file.queries) {
    const startLine = lineOf(query.span.start);
    const endLine = lastLineOf(query.span.start, query.span.end);
    if (endLine > startLine) ranges.push({ startLine, endLine });
  }

  let run: { startLine: number; endLine: number } | undefined;
  const flushRun = (): void => {
    if (run && run.endLine > run.startLine) ranges.push({ ...run, kind: FoldingRangeKind.Comment });
    run = undefined;
  };
  for (const comment of file.comments) {
    const startLine = lineOf(comment.span.start);
    const endLine = lastLineOf(comment.span.start, comment.span.end);
    if (comment.style === 'block') {
      flushRun();
      if (endLine > startLine) ranges.push({ startLine, endLine, kind: FoldingRangeKind.Comment });
    } else if (run && startLine === run.endLine + 1) {
      run.endLine = startLine;
    } else {
      flushRun();
      run = { startLine, endLine: startLine };
    }
  }
  flushRun();
  return ranges.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
}
