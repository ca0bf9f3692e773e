/**
 * The service layer and the API schemas, evaluated on first use rather than at activation.
 * Together (undici, zod, every operation's schema) they take about 90 ms to evaluate, which
 * would more than double the extension's activation time, and activation needs none of it.
 *
 * How: esbuild defers a module reached through a `require()` call until that call runs, as
 * long as nothing in the bundle imports it statically. So client code imports only types
 * from `server/src/service` and `common/api`, and takes values from here (lint enforces it).
 */
import type * as ServiceLayerModule from '../../../service/src';
import type * as ApiSchemasModule from '../../../common/api';

type ServiceLayer = typeof ServiceLayerModule;
type ApiSchemas = typeof ApiSchemasModule;

let serviceLayer: ServiceLayer | undefined;
let apiSchemas: ApiSchemas | undefined;

/** `server/src/service`, loaded on the first call. */
export function loadServiceLayer(): ServiceLayer {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require() call is what esbuild can defer
  serviceLayer ??= require('../../../service/src') as ServiceLayer;
  return serviceLayer;
}

/** `common/api` (zod schemas of the wire), loaded on the first call. */
export function loadApiSchemas(): ApiSchemas {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a require() call is what esbuild can defer
  apiSchemas ??= require('../../../common/api') as ApiSchemas;
  return apiSchemas;
}
