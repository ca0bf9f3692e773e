import { parseArgs } from 'node:util';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { type Catalog, toDiagnostics, parseIql, collectDocumentProblems, shouldAskService, type Verdict, queryText, catalogAssembly, resolveDirectiveTarget } from '../../../language/src';
import { describeServiceTrouble, NO_PROFILES, profilesFromEnvironment, resolveTarget, type ProfileSet, ServiceHub, type TargetResolution } from '../../../service/src';
import { SERVER_VERSION } from '../../../common/version';
import { ExitCode, UsageError, type CliIo } from '../io';
import { findIqlFiles } from './find-iql-files';
import { describeReadError, readQueryText, type QueryText } from './read-query-text';
import { formatCheckJson, formatCheckSarif, formatCheckText, type CheckedFile } from './check-report';

export const CHECK_USAGE = 'usage: iql check [--offline] [--format text|json|sarif] <files or folders…>';

/**
 * `iql check`: reads every query file named (folders recursively) and reports its problems.
 * Offline it checks syntax; otherwise each file's target (its directives, else IQL_BASE_URL,
 * IQL_API_KEY and IQL_COLLABORATION) adds the catalog checks and the service's validation.
 * Exit code 0 when no file has an error, 1 when any has, 2 for usage or I/O problems or when
 * nothing was checked (no query file, or a file without a query) —
 * including a service that could not be asked, since the check is then incomplete.
 */
export async function runCheckCommand(args: readonly string[], io: CliIo): Promise<number> {
  const options = parseCheckArgs(args);
  const found = await findIqlFiles(options.paths);
  let ioFailed = found.problems.length > 0;
  for (const problem of found.problems) io.stderr.write(`iql: cannot read ${problem}\n`);

  const profiles = options.offline ? NO_PROFILES : profilesFromEnvironment(io.env ?? process.env);
  const service = options.offline ? undefined : new OnlineChecks(profiles, io);
  const checked: CheckedFile[] = [];
  try {
    for (const path of found.files) {
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

/** The checks that need the service, with one hub (and its caches) for the whole run. */
class OnlineChecks {
  private readonly hub = new ServiceHub<Catalog>({ version: SERVER_VERSION, catalogAssembly });
  private readonly said = new Set<string>();
  /** True once the service could not be asked about something. */
  failed = false;

  constructor(
    private readonly profiles: ProfileSet,
    private readonly io: CliIo,
  ) {}

  async check(path: string, text: string): Promise<CheckedFile> {
    const parsed = parseIql(text);
    const resolution = resolveDirectiveTarget<TargetResolution>(parsed.ast.directives, (wanted) => resolveTarget(wanted, this.profiles));
    const verdicts = new Map<string, Verdict>();
    let catalog: Catalog | undefined;
    if (resolution.kind === 'offline') {
      this.sayOnce(`iql check: ${resolution.reason}`);
    } else {
      const target = resolution.target;
      const signal = new AbortController().signal;
      const loaded = await this.hub.catalog(target, signal);
      if (loaded.ok) catalog = loaded.value.catalog;
      else this.trouble(describeServiceTrouble(loaded.error, target.profile.name).message);
      for (const query of parsed.ast.queries) {
        if (!shouldAskService(query, parsed, catalog, 'save')) continue;
        const kind = query.select.queryType === 'activation' ? 'activation' : 'insight';
        const sent = queryText(text, query);
        const answer = await this.hub.validate(target, sent, kind, signal);
        if (answer.ok) verdicts.set(sent, answer.value);
        else this.trouble(describeServiceTrouble(answer.error, target.profile.name).message);
      }
    }
    const problems = collectDocumentProblems({
      text,
      parsed,
      targetProblems: resolution.problems,
      ...(catalog ? { catalog } : {}),
      collaboration: resolution.kind === 'target' && resolution.target.collaborationId !== undefined,
      verdicts,
    });
    const document = TextDocument.create(`file://${encodeURI(path)}`, 'iql', 0, text);
    return { path, queries: parsed.ast.queries.length, diagnostics: toDiagnostics(document, problems) };
  }

  dispose(): Promise<void> {
    return this.hub.dispose();
  }

  private trouble(message: string): void {
    this.failed = true;
    this.sayOnce(`iql check: ${message}`);
  }

  private sayOnce(line: string): void {
    if (this.said.has(line)) return;
    this.said.add(line);
    this.io.stderr.write(`${line}\n`);
  }
}

interface CheckOptions {
  readonly format: 'text' | 'json' | 'sarif';
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
  if (format !== 'text' && format !== 'json' && format !== 'sarif') {
    throw new UsageError(`unknown --format '${format}': use text, json or sarif`);
  }
  if (parsed.positionals.length === 0) throw new UsageError('name at least one query file or folder to check');
  return { format, offline: parsed.values.offline === true, paths: parsed.positionals };
}
