/**
 * Wire types and runtime schemas of the clean-room service, shared by the language server's
 * client, the CLI and the local emulator. Types are inferred from zod schemas so the runtime
 * checks and the static types cannot drift. Never imports 'vscode'.
 *
 * Conventions: schemas accept extra fields (the service may add some; they are dropped on
 * parse) but check the type of every field they declare; fields the service may omit under
 * the protobuf JSON mapping are optional or default to the protobuf default; 64-bit counts
 * stay `WireInt64` (see int64.ts) until converted with `readInt64`.
 *
 * Shapes come from the swagger files through `generated/` (npm run generate:api; see
 * GENERATION.md). The API 1.0 modules derive their schemas from `generated/v1/zod.gen.ts`,
 * overriding only where they read the wire deliberately differently (each override says why).
 * The API 2.0 modules written before `generated/v2-in-use/` existed are still written by hand
 * (evaluating all of `generated/v2/zod.gen.ts` would cost every process ~120 ms; tsc checks
 * them against the generated 2.0 types instead, test/unit/common/api-v2-conformance.test.ts);
 * newer ones take the schemas of the 2.0 operations in use from `generated/v2-in-use/`.
 */
export * from './int64';
export * from './errors';
export * from './pagination';
export * from './v1-shared';
export * from './v1-queries';
export * from './v1-activations';
export * from './v1-datasets';
export * from './v1-connections';
export * from './v1-permissions';
export * from './v1-usage';
export * from './v2-collaborations';
export * from './v2-collaboration-management';
export * from './v2-collaboration-events';
export * from './v2-collaboration-datasets';
export * from './v2-destinations';
export * from './v2-destination-instances';
export * from './v2-destination-instance-extras';
export * from './v2-insight-reports';
export * from './v2-automations';
export * from './v2-activation-segments';
export * from './v2-activation-segment-destinations';
export * from './v2-activation-pushes';
export * from './v2-datasets';
export * from './v2-users-matching-private-paths';
export type * from './v2-dataset-management';
export type * from './v2-cloud-vaults';
export type * from './v2-import-connectors';
export type * from './v2-importers';
export type * from './v2-global-schema';
export type * from './v2-normalizations';
export type * from './v2-prepares';
export type * from './v2-recordsets';
export * from './operations';
