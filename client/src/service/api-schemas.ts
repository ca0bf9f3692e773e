/**
 * The API schemas and zod's JSON Schema conversion, the values client code takes through
 * lazy-schemas.ts. A bundle of its own (dist/api-schemas.js, see esbuild.mjs): zod and the
 * wire schemas are half a megabyte of source that the editor would otherwise parse at every
 * activation, though they are evaluated only when a saved result, a plan or a request file is read.
 */
export * from '../../../common/api';
export { toJSONSchema } from 'zod';
