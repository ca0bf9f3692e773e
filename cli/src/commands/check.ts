import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { toDiagnostics } from '../../../server/src/analysis/diagnostics';
import { parseIql } from '../../../server/src/parser';
import { ExitCode, UsageError, type CliIo } from '../io';
import { describeFsError, findIqlFiles } from './find-iql-files';
import { formatCheckJson, formatCheckText, type CheckedFile } from './check-report';

export const CHECK_USAGE = 'usage: iql check [--offline] [--format text|json] <files or folders…>';

/**
 * `iql check`: reads every query file named (folders recursively), and reports its problems.
 * Exit code 0 when no file has an error, 1 when any has, 2 for usage or I/O problems.
 */
export async function runCheckCommand(args: readonly string[], io: CliIo): Promise<number> {
  const options = parseCheckArgs(args);
  const found = await findIqlFiles(options.paths);
  let ioFailed = found.problems.length > 0;
  for (const problem of found.problems) io.stderr.write(`iql: cannot read ${problem}\n`);

  const checked: CheckedFile[] = [];
  for (const path of found.files) {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      io.stderr.write(`iql: cannot read ${path}: ${describeFsError(error)}\n`);
      ioFailed = true;
      continue;
    }
    checked.push(checkText(path, text));
  }

  io.stdout.write(options.format === 'json' ? formatCheckJson(checked) : formatCheckText(checked));
  if (ioFailed) return ExitCode.usage;
  const hasError = checked.some((file) => file.diagnostics.some((d) => d.severity === DiagnosticSeverity.Error));
  return hasError ? ExitCode.findings : ExitCode.ok;
}

/** Checks one file's text offline: the same syntax analysis the language server publishes. */
export function checkText(path: string, text: string): CheckedFile {
  const document = TextDocument.create(`file://${encodeURI(path)}`, 'iql', 0, text);
  const { ast, problems } = parseIql(text);
  const diagnostics: Diagnostic[] = toDiagnostics(document, problems);
  return { path, queries: ast.queries.length, diagnostics };
}

interface CheckOptions {
  readonly format: 'text' | 'json';
  readonly offline: boolean;
  readonly paths: string[];
}

function parseCheckArgs(args: readonly string[]): CheckOptions {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: { offline: { type: 'boolean', default: false }, format: { type: 'string', default: 'text' } },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const format = parsed.values.format;
  if (format !== 'text' && format !== 'json') {
    throw new UsageError(`unknown --format '${format}': use text or json`);
  }
  if (parsed.positionals.length === 0) throw new UsageError('name at least one query file or folder to check');
  return { format, offline: parsed.values.offline === true, paths: parsed.positionals };
}
