import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './io';

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

/**
 * `parseArgs` with positionals allowed, for a command's own arguments: an unknown option or a
 * missing value becomes a `UsageError`, which main() prints with the usage and exit 2.
 */
export function parseCommandLine<O extends OptionsConfig>(args: readonly string[], options: O) {
  try {
    return parseArgs({ args: [...args], allowPositionals: true, options });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
