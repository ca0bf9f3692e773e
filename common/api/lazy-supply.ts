/**
 * The schemas of the data-supply operations, evaluated on first use. Their generated zod
 * schemas take ~60 ms to evaluate, which every process importing the operation table would
 * otherwise pay at start (the language server's start is a measured figure).
 *
 * How: esbuild defers a module reached only through a `require()` call until that call runs;
 * tsx (tests) does the same. `z.lazy` keeps the schema's static type and resolves on the first
 * parse.
 */
import { z } from 'zod';
import type * as SupplySchemasModule from './supply-schemas';

type SupplySchemas = typeof SupplySchemasModule;

let loaded: SupplySchemas | undefined;

function supplySchemas(): SupplySchemas {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require() call is what esbuild can defer
  loaded ??= require('./supply-schemas') as SupplySchemas;
  return loaded;
}

/** A data-supply schema, loaded when it first parses something. */
export function supplySchema<T extends z.ZodType>(pick: (schemas: SupplySchemas) => T): z.ZodLazy<T> {
  return z.lazy(() => pick(supplySchemas()));
}
