import { UsageError } from '../io';
import { parseCommandLine } from '../parse-command-line';
import { parseTimeoutSeconds } from '../deadline';

export interface QueryFileArgs<F extends string> {
  readonly format: F;
  readonly path: string;
  readonly help: boolean;
  /** `--timeout`, or its default, for the commands that take it (see deadline.ts). */
  readonly timeoutSeconds: number;
}

/**
 * Reads `[--format F] FILE` (or `--help`) for the commands that act on one query file, and
 * `--timeout SECONDS` when `takesTimeout`. The first of `formats` is the default. Throws
 * `UsageError` naming the mistake; main() prints it with the usage and exits 2.
 */
export function parseQueryFileArgs<F extends string>(args: readonly string[], formats: readonly [F, ...F[]], takesTimeout = false): QueryFileArgs<F> {
  const defaultFormat: string = formats[0];
  const parsed = parseCommandLine(args, {
    format: { type: 'string', short: 'f', default: defaultFormat },
    help: { type: 'boolean', short: 'h', default: false },
    ...(takesTimeout ? { timeout: { type: 'string' } } : {}),
  });
  const help = parsed.values.help === true;
  const format = formats.find((known) => known === parsed.values.format);
  if (format === undefined) throw new UsageError(`unknown --format '${String(parsed.values.format)}': use ${listWords(formats)}`);
  const timeout: unknown = (parsed.values as Record<string, unknown>).timeout;
  const timeoutSeconds = parseTimeoutSeconds(typeof timeout === 'string' ? timeout : undefined);
  if (help) return { format, path: '', help, timeoutSeconds };
  if (parsed.positionals.length === 0) throw new UsageError('name the query file (one .iql file)');
  if (parsed.positionals.length > 1) throw new UsageError(`name one query file, not ${parsed.positionals.length}: ${parsed.positionals.slice(0, 3).join(', ')}`);
  return { format, path: parsed.positionals[0] ?? '', help, timeoutSeconds };
}

function listWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}
