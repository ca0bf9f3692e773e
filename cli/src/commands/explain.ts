/**
 * `iql explain FILE`: the service's plan of each query in a file — which datasets are joined
 * on which keys, with which representations, bins, filter and thresholds.
 */
import type { ExplainQueryResponse } from '../../../common/api';
import { ServiceClient, explainQuery } from '../../../service/src';
import { SERVER_VERSION } from '../../../common/version';
import { ExitCode, type CliIo } from '../io';
import { describeMissedDeadline, startDeadline, TIMEOUT_OPTION_HELP } from '../deadline';
import { parseQueryFileArgs } from './query-file-args';
import { formatPlanText } from './plan-text';
import { findMissingPlan } from './explain-answer';
import { openQueryFile, summarizeQuery } from './query-file';
import { classifyFailure, EXIT_FOR_FAILURE, formatRejection, formatUnavailable } from './service-failure';

export const EXPLAIN_USAGE = 'usage: iql explain [--format text|json] [--timeout SECONDS] <file.iql>';

/**
 * Asks ExplainQuery about each query of the file (with the collaboration when the file or
 * IQL_COLLABORATION names one) and prints the plans: `text` for people, `json` as one array
 * of the service's answers. Activation queries are explained when the service explains them;
 * otherwise they are skipped with a note on stderr. Exit code 0 when every plan was printed,
 * 1 when the service refused a query (its message on stderr), 2 when the service could not
 * be asked, answered without a plan, or the deadline (`--timeout`) passed, 130 when
 * interrupted (nothing more is printed).
 */
export async function runExplainCommand(args: readonly string[], io: CliIo): Promise<number> {
  const options = parseQueryFileArgs(args, ['text', 'json'], true);
  if (options.help) {
    io.stdout.write(`${EXPLAIN_USAGE}\n  ${TIMEOUT_OPTION_HELP}\n`);
    return ExitCode.ok;
  }
  const opened = await openQueryFile(options.path, io, 'explain');
  if (!opened.ok) return opened.exitCode;
  const { file } = opened;
  if (file.queries.length === 0) io.stderr.write(`iql explain: ${file.path} holds no query.\n`);
  const created = ServiceClient.create(file.target.profile, { version: SERVER_VERSION });
  if (!created.ok) {
    io.stderr.write(`iql explain: ${formatUnavailable(created.error, file.target)}\n`);
    return ExitCode.noService;
  }
  const client = created.value;
  const deadline = startDeadline(options.timeoutSeconds, io.signal);
  const plans: ExplainQueryResponse[] = [];
  let code: number = ExitCode.ok;
  try {
    for (const entry of file.queries) {
      const body = { query: entry.text, ...(file.target.collaborationId ? { collaboration_id: file.target.collaborationId } : {}) };
      const answer = await explainQuery(client, body, { signal: deadline.signal });
      if (!answer.ok) {
        const kind = classifyFailure(answer.error, io.signal);
        if (kind === 'cancelled') {
          io.stderr.write('iql explain: cancelled.\n');
          return ExitCode.cancelled;
        }
        if (deadline.expired) {
          io.stderr.write(`iql explain: ${describeMissedDeadline(answer.error.message, deadline)}\n`);
          return ExitCode.noService;
        }
        if (kind === 'unavailable') {
          io.stderr.write(`iql explain: ${formatUnavailable(answer.error, file.target)}\n`);
          return ExitCode.noService;
        }
        if (entry.type === 'activation') {
          // ExplainQuery is documented for insight queries; a service may not explain the others.
          io.stderr.write(
            `iql explain: ${entry.label} is an activation query, and the service did not explain it (it said: ${answer.error.serviceMessage ?? answer.error.message}). ` +
              `Explain applies to insight queries; skipped.\n`,
          );
          continue;
        }
        io.stderr.write(`${formatRejection(file, entry, answer.error)}\n`);
        code = Math.max(code, EXIT_FOR_FAILURE[kind]);
        continue;
      }
      const missingPlan = findMissingPlan(answer.value);
      if (missingPlan !== undefined) {
        io.stderr.write(`iql explain: ${entry.label}: ${missingPlan}\n`);
        return ExitCode.noService;
      }
      plans.push(answer.value);
      if (options.format === 'text') {
        // Each plan is written whole as soon as it is known; an interruption never cuts one.
        const kindNote = entry.type === 'activation' ? ' — activation query' : '';
        const block = [`${capitalize(entry.label)}${kindNote}: ${summarizeQuery(entry.text)}`, ...formatPlanText(answer.value).map((line) => `  ${line}`)];
        io.stdout.write(`${plans.length > 1 ? '\n' : ''}${block.join('\n')}\n`);
      }
    }
  } finally {
    deadline.dispose();
    await client.close();
  }
  // JSON is one document, written only once every query has been asked about.
  if (options.format === 'json') io.stdout.write(`${JSON.stringify(plans, null, 2)}\n`);
  return code;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
