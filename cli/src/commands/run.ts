/**
 * `iql run FILE`: runs each query of a file at the service and prints its result. Insight
 * queries go through Create a Query and polling; activation queries are queued as
 * activations. Results go to stdout, progress to stderr.
 */
import { type RunOptions, runActivation, runInsightQuery, ServiceClient, type ServiceError } from '../../../service/src';
import { SERVER_VERSION } from '../../../common/version';
import { ExitCode, type CliIo } from '../io';
import { openQueryFile, type FileQuery, type QueryFile } from './query-file';
import { parseQueryFileArgs } from './query-file-args';
import { createRunReport, type RunOutcome } from './run-report';
import { reportRunProgress } from './run-progress';
import { classifyFailure, EXIT_FOR_FAILURE, formatRejection, formatUnavailable } from './service-failure';

export const RUN_USAGE = 'usage: iql run [--format table|json|csv] <file.iql>';

/**
 * Runs every query of the file in order, with the collaboration when the file or
 * IQL_COLLABORATION names one, and prints the results (see run-report.ts for the formats).
 * A query the service refuses or that fails is reported on stderr with the service's message
 * and the others still run. Exit code 0 when all ran, 1 when any failed, 2 when the service
 * could not be asked (the run stops), 130 when `io.signal` aborts (Ctrl-C): polling stops at
 * once, stderr says which query the service keeps running, and nothing more goes to stdout.
 */
export async function runRunCommand(args: readonly string[], io: CliIo): Promise<number> {
  const options = parseQueryFileArgs(args, ['table', 'json', 'csv']);
  if (options.help) {
    io.stdout.write(`${RUN_USAGE}\n`);
    return ExitCode.ok;
  }
  const opened = await openQueryFile(options.path, io, 'run');
  if (!opened.ok) return opened.exitCode;
  const { file } = opened;
  if (file.queries.length === 0) io.stderr.write(`iql run: ${file.path} holds no query.\n`);
  const created = ServiceClient.create(file.target.profile, { version: SERVER_VERSION });
  if (!created.ok) {
    io.stderr.write(`iql run: ${formatUnavailable(created.error, file.target)}\n`);
    return ExitCode.noService;
  }
  const client = created.value;
  const report = createRunReport(options.format, io.stdout, io.stderr);
  let code: number = ExitCode.ok;
  try {
    for (const entry of file.queries) {
      const progress = reportRunProgress(io.stderr, entry);
      const outcome = await runQuery(client, file, entry, { signal: io.signal, onProgress: progress.onProgress });
      if (outcome.kind !== 'failed') {
        progress.done();
        report.add(outcome);
        continue;
      }
      const kind = classifyFailure(outcome.error, io.signal);
      if (kind === 'cancelled') {
        io.stderr.write(`${describeCancellation(entry, progress.id)}\n`);
        return ExitCode.cancelled;
      }
      if (kind === 'unavailable') {
        io.stderr.write(`iql run: ${formatUnavailable(outcome.error, file.target)}\n`);
        return ExitCode.noService;
      }
      io.stderr.write(`${formatRejection(file, entry, outcome.error)}\n`);
      report.add(outcome);
      code = Math.max(code, EXIT_FOR_FAILURE[kind]);
    }
    report.finish();
  } finally {
    await client.close();
  }
  return code;
}

async function runQuery(
  client: ServiceClient,
  file: QueryFile,
  entry: FileQuery,
  options: RunOptions,
): Promise<RunOutcome> {
  const body = { query: entry.text, ...(file.target.collaborationId ? { collaboration_id: file.target.collaborationId } : {}) };
  const failed = (error: ServiceError): RunOutcome => ({ kind: 'failed', entry, error });
  if (entry.type === 'activation') {
    const run = await runActivation(client, body, options);
    return run.ok ? { kind: 'activation', entry, activationId: run.value.activationId, activation: run.value.activation } : failed(run.error);
  }
  const run = await runInsightQuery(client, body, options);
  return run.ok ? { kind: 'insight', entry, queryId: run.value.queryId, result: run.value.result } : failed(run.error);
}

/**
 * The service has no operation to cancel a query, so stopping only stops this command: say so,
 * with the id to look the query up later when the service had already given one.
 */
function describeCancellation(entry: FileQuery, id: string | undefined): string {
  const what = entry.type === 'activation' ? 'activation' : 'query';
  const running =
    id === undefined
      ? `The ${what} may already have reached the service, which keeps running it: the service has no cancel operation.`
      : `The service keeps running ${what} ${id}: it has no cancel operation. Its result can still be read with that id.`;
  return `iql run: cancelled ${entry.label}; stopped waiting. ${running}`;
}
