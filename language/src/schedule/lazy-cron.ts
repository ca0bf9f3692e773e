/**
 * cron-parser (and luxon, its one dependency), evaluated on first use rather than when a bundle
 * loads: only an automation file's schedule needs it, and the language server's start
 * (spawn → `initialize` answered) should not spend time evaluating a date library it may never use.
 * In the language server's build this require loads dist/cron-parser.js, a bundle of its own
 * (esbuild.mjs `serverBundlesApart`), so that a start does not even read it.
 */
import type * as CronParser from 'cron-parser';

let loaded: typeof CronParser | undefined;

export function cronParser(): typeof CronParser {
  // A require inside the function is what esbuild keeps lazy (an import is evaluated at load).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  loaded ??= require('cron-parser') as typeof CronParser;
  return loaded;
}
