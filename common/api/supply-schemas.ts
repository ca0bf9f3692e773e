/**
 * Every data-supply schema (seed 002), in one module that `lazy-supply.ts` loads on the first
 * data-supply call. Nothing else imports values from here or from the modules below: a process
 * that never touches data supply does not evaluate them (~60 ms).
 */
export * from './v2-dataset-management';
export * from './v2-cloud-vaults';
export * from './v2-import-connectors';
export * from './v2-importers';
export * from './v2-global-schema';
export * from './v2-normalizations';
export * from './v2-prepares';
export * from './v2-recordsets';
