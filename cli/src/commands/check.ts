import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { toDiagnostics, parseIql } from '../../../language/src';
import { NO_PROFILES, profilesFromEnvironment } from '../../../service/src';
import { SERVER_VERSION } from '../../../common/version';
import { ExitCode, type CliIo } from '../io';
import { startDeadline } from '../deadline';
import { findIqlFiles } from './find-iql-files';
import { describeReadError, readQueryText, type QueryText } from './read-query-text';
import { formatCheckJson, formatCheckSarif, formatCheckText, type CheckedFile } from './check-report';
import { CHECK_HELP, parseCheckArgs } from './check-args';
import { OnlineChecks } from './online-checks';

export { CHECK_USAGE } from './check-args';

/**
 * `iql check`: reads every query file named (folders recursively) and reports its problems.
 * Offline it checks syntax; otherwise each file's target (its directives, else IQL_BASE_URL,
 * IQL_API_KEY and IQL_COLLABORATION) adds the catalog checks and the service's validation.
 * Exit code 0 when no file has an error, 1 when any has, 2 for usage or I/O problems or when
 * nothing was checked (no query file, or a file without a query) —
 * including a service that could not be asked, since the check is then incomplete. The
 * service calls of the whole run share one deadline (`--timeout`); the first call that times
 * out ends the run, and the files after it are not checked.
 */
export async function runCheckCommand(args: readonly string[], io: CliIo): Promise<number> {
  const options = parseCheckArgs(args);
  if (options.help) {
    io.stdout.write(CHECK_HELP);
    return ExitCode.ok;
  }
  const found = await findIqlFiles(options.paths);
  let ioFailed = found.problems.length > 0;
  for (const problem of found.problems) io.stderr.write(`iql: cannot read ${problem}\n`);

  const profiles = options.offline ? NO_PROFILES : profilesFromEnvironment(io.env ?? process.env);
  const deadline = startDeadline(options.timeoutSeconds, io.signal);
  const service = options.offline ? undefined : new OnlineChecks(profiles, io, deadline);
  const checked: CheckedFile[] = [];
  try {
    for (const [index, path] of found.files.entries()) {
      if (service?.stopped) {
        const left = found.files.length - index;
        io.stderr.write(`iql: ${left} more ${left === 1 ? 'file was' : 'files were'} not checked.\n`);
        break;
      }
      let read: QueryText;
      try {
        read = await readQueryText(path);
      } catch (error) {
        io.stderr.write(`iql: ${describeReadError(path, error)}\n`);
        ioFailed = true;
        continue;
      }
      if (!read.validUtf8) io.stderr.write(`iql: warning: ${path} is not valid UTF-8; the bytes that are not were read as U+FFFD. Save the file as UTF-8.\n`);
      checked.push(service ? await service.check(path, read.text) : checkText(path, read.text));
    }
  } finally {
    deadline.dispose();
    await service?.dispose();
  }
  // Doing nothing is not success: say what was not checked, and fail.
  const nothing = found.problems.length > 0 && found.files.length === 0 ? [] : describeNothingChecked(options.paths, found.files, checked);
  for (const line of nothing) io.stderr.write(`iql: ${line}\n`);
  if (nothing.length > 0) ioFailed = true;

  const formats = { text: formatCheckText, json: formatCheckJson, sarif: (f: readonly CheckedFile[]) => formatCheckSarif(f, SERVER_VERSION) };
  io.stdout.write(formats[options.format](checked));
  if (ioFailed || service?.failed) return ExitCode.usage;
  const hasError = checked.some((file) => file.diagnostics.some((d) => d.severity === DiagnosticSeverity.Error));
  return hasError ? ExitCode.findings : ExitCode.ok;
}

/**
 * What the run did not check, one sentence each: no query file at all under the paths given,
 * and files that hold no query (empty, or comments only). Empty when everything was checked.
 */
export function describeNothingChecked(paths: readonly string[], files: readonly string[], checked: readonly CheckedFile[]): string[] {
  if (files.length === 0) {
    return paths.length === 0 ? [] : [`no .iql file found in ${paths.join(', ')}: nothing was checked. Name query files, or folders that hold them.`];
  }
  return checked.filter((file) => file.queries === 0).map((file) => `${file.path} holds no query (it is empty or only comments): nothing was checked in it.`);
}

/** Checks one file's text offline: the same syntax analysis the language server publishes. */
export function checkText(path: string, text: string): CheckedFile {
  const document = TextDocument.create(`file://${encodeURI(path)}`, 'iql', 0, text);
  const { ast, problems } = parseIql(text);
  const diagnostics: Diagnostic[] = toDiagnostics(document, problems);
  return { path, queries: ast.queries.length, diagnostics };
}
