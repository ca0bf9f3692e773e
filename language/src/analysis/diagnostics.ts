import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Severity } from '../parser';
import type { AnalysisProblem } from './problem';
import { spanToRange } from './ranges';

/** Every diagnostic this project publishes carries this source, so users can filter on it. */
export const DIAGNOSTIC_SOURCE = 'iql';

const SEVERITIES: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/**
 * Turns problems (the parser's or analysis') into LSP diagnostics for `document`. Pure: the same problems
 * and text always give the same diagnostics, in source order.
 */
export function toDiagnostics(document: TextDocument, problems: readonly AnalysisProblem[]): Diagnostic[] {
  return [...problems]
    .sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end)
    .map((problem) => ({
      range: spanToRange(document, problem.span),
      severity: SEVERITIES[problem.severity],
      code: problem.code,
      source: DIAGNOSTIC_SOURCE,
      message: problem.message,
      ...(problem.data ? { data: problem.data } : {}),
    }));
}
