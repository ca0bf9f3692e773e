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

const SARIF_LEVELS: Record<DiagnosticSeverity, 'error' | 'warning' | 'note'> = {
  [DiagnosticSeverity.Error]: 'error',
  [DiagnosticSeverity.Warning]: 'warning',
  [DiagnosticSeverity.Information]: 'note',
  [DiagnosticSeverity.Hint]: 'note',
};

/**
 * SARIF 2.1.0 for code scanning: one run, one rule per diagnostic code, 1-based regions in
 * UTF-16 code units (SARIF's default column kind), paths as relative URIs.
 */
export function formatCheckSarif(files: readonly CheckedFile[], version = '0.0.0'): string {
  const rules = new Map<string, { id: string; shortDescription: { text: string } }>();
  const results = files.flatMap((file) =>
    file.diagnostics.map((d) => {
      const ruleId = String(d.code ?? 'iql');
      if (!rules.has(ruleId)) rules.set(ruleId, { id: ruleId, shortDescription: { text: ruleId } });
      return {
        ruleId,
        level: SARIF_LEVELS[d.severity ?? DiagnosticSeverity.Error],
        message: { text: messageText(d) },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: file.path.split(/[\\/]/).map(encodeURIComponent).join('/') },
              region: {
                startLine: d.range.start.line + 1,
                startColumn: d.range.start.character + 1,
                endLine: d.range.end.line + 1,
                endColumn: d.range.end.character + 1,
              },
            },
          },
        ],
      };
    }),
  );
  const log = {
    version: '2.1.0',
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    runs: [{ tool: { driver: { name: 'iql', version, rules: [...rules.values()] } }, results }],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
