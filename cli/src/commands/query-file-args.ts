import { parseArgs } from 'node:util';
import { UsageError } from '../io';

export interface QueryFileArgs<F extends string> {
  readonly format: F;
  readonly path: string;
  readonly help: boolean;
}

/**
 * Reads `[--format F] FILE` (or `--help`) for the commands that act on one query file. The
 * first of `formats` is the default. Throws `UsageError` naming the mistake; main() prints it
 * with the usage and exits 2.
 */
export function parseQueryFileArgs<F extends string>(args: readonly string[], formats: readonly [F, ...F[]]): QueryFileArgs<F> {
  const defaultFormat: string = formats[0];
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: { format: { type: 'string', short: 'f', default: defaultFormat }, help: { type: 'boolean', short: 'h', default: false } },
    });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const help = parsed.values.help === true;
  const format = formats.find((known) => known === parsed.values.format);
  if (format === undefined) throw new UsageError(`unknown --format '${String(parsed.values.format)}': use ${listWords(formats)}`);
  if (help) return { format, path: '', help };
  if (parsed.positionals.length === 0) throw new UsageError('name the query file (one .iql file)');
  if (parsed.positionals.length > 1) throw new UsageError(`name one query file, not ${parsed.positionals.length}: ${parsed.positionals.slice(0, 3).join(', ')}`);
  return { format, path: parsed.positionals[0] ?? '', help };
}

function listWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}`;
}
