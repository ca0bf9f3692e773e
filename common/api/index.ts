/**
 * Wire types and runtime schemas of the clean-room service, shared by the language server's
 * client, the CLI and the local emulator. Types are inferred from zod schemas so the runtime
 * checks and the static types cannot drift. Never imports 'vscode'.
 *
 * Conventions: schemas accept extra fields (the service may add some; they are dropped on
 * parse) but check the type of every field they declare; fields the service may omit under
 * the protobuf JSON mapping are optional or default to the protobuf default; 64-bit counts
 * stay `WireInt64` (see int64.ts) until converted with `readInt64`.
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
export * from './v2-collaborations';
export * from './v2-collaboration-datasets';
export * from './v2-destinations';
export * from './v2-activation-segments';
export * from './v2-datasets';
export * from './operations';
