/**
 * cron-parser (and luxon) as a bundle of their own, dist/cron-parser.js, which the language
 * server requires on an automation file's first schedule (lazy-cron.ts,
 * esbuild.mjs `serverBundlesApart`) instead of carrying them in the bundle every start reads.
 */
export * from 'cron-parser';
