import { UsageError } from '../io';
import { parseCommandLine } from '../parse-command-line';
import { parseTimeoutSeconds, TIMEOUT_OPTION_HELP } from '../deadline';
import { MAX_QUERY_FILE_BYTES } from './read-query-text';

export const CHECK_USAGE = 'usage: iql check [--offline] [--format text|json|sarif] [--timeout SECONDS] <files or folders…>';

/** `iql check --help`: the usage and what each option does. */
export const CHECK_HELP = `${CHECK_USAGE}
  --offline          syntax only: no service call
  --format FORMAT    text (path:line:col: severity: message [code]), json or sarif
  ${TIMEOUT_OPTION_HELP}
exit codes: 0 no error, 1 a file has an error, 2 usage or I/O problem, a file over ${MAX_QUERY_FILE_BYTES / 2 ** 20} MB,
nothing to check, or a service that could not be asked or did not answer in time
`;

export interface CheckOptions {
  readonly format: 'text' | 'json' | 'sarif';
  readonly offline: boolean;
  readonly timeoutSeconds: number;
  readonly paths: string[];
  readonly help: boolean;
}

/** Reads the command line of `iql check`; throws `UsageError` naming the mistake. */
export function parseCheckArgs(args: readonly string[]): CheckOptions {
  const parsed = parseCommandLine(args, {
    offline: { type: 'boolean', default: false },
    format: { type: 'string', default: 'text' },
    timeout: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  const format = parsed.values.format;
  if (format !== 'text' && format !== 'json' && format !== 'sarif') {
    throw new UsageError(`unknown --format '${format}': use text, json or sarif`);
  }
  const timeoutSeconds = parseTimeoutSeconds(parsed.values.timeout);
  const help = parsed.values.help === true;
  if (parsed.positionals.length === 0 && !help) throw new UsageError('name at least one query file or folder to check');
  return { format, offline: parsed.values.offline === true, timeoutSeconds, paths: parsed.positionals, help };
}
