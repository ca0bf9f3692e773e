import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';

export interface CheckedFile {
  readonly path: string;
  readonly queries: number;
  readonly diagnostics: readonly Diagnostic[];
}

const SEVERITY_NAMES: Record<DiagnosticSeverity, string> = {
  [DiagnosticSeverity.Error]: 'error',
  [DiagnosticSeverity.Warning]: 'warning',
  [DiagnosticSeverity.Information]: 'information',
  [DiagnosticSeverity.Hint]: 'hint',
};

function severityName(diagnostic: Diagnostic): string {
  return SEVERITY_NAMES[diagnostic.severity ?? DiagnosticSeverity.Error];
}

/** LSP 3.18 allows Markdown messages; the command line prints their source text. */
function messageText(diagnostic: Diagnostic): string {
  return typeof diagnostic.message === 'string' ? diagnostic.message : diagnostic.message.value;
}

/** `path:line:col: severity: message [code]`, 1-based, one line per diagnostic, as compilers print. */
export function formatCheckText(files: readonly CheckedFile[]): string {
  const lines: string[] = [];
  for (const file of files) {
    for (const d of file.diagnostics) {
      const { line, character } = d.range.start;
      const code = d.code === undefined ? '' : ` [${d.code}]`;
      // A message spanning lines would break one-diagnostic-per-line tools; fold it.
      const message = messageText(d).replace(/\s*\n\s*/g, ' ');
      lines.push(`${file.path}:${line + 1}:${character + 1}: ${severityName(d)}: ${message}${code}`);
    }
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

/** One JSON object for the whole run, with LSP (0-based) ranges. */
export function formatCheckJson(files: readonly CheckedFile[]): string {
  const report = {
    files: files.map((file) => ({
      path: file.path,
      queries: file.queries,
      diagnostics: file.diagnostics.map((d) => ({
        severity: severityName(d),
        code: d.code ?? null,
        message: messageText(d),
        range: d.range,
      })),
    })),
  };
  return `${JSON.stringify(report, null, 2)}\n`;
}
