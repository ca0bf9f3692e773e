/**
 * The IQL server's persistent catalog cache (service/src/catalog-store.ts), as the benchmark
 * uses it: a second start given the same storage folder answers from what the first one
 * stored, which is the "catalog ready, warm" figure.
 */
import { iqlContender, type Contender } from './peer-contenders';

/** The IQL contender whose server keeps its catalogs in `storage` (the initialization option the editor passes). */
export function iqlWithStorage(dir: string, serverEnv: NodeJS.ProcessEnv, storage: string, build?: { script: string; codeCacheDir: string }): Contender {
  // Each build its own code cache folder: a server removes the caches of other builds of its bundle.
  const other = build === undefined ? {} : { script: build.script, env: { IQL_SERVER_CACHE_DIR: build.codeCacheDir } };
  return iqlContender(dir, serverEnv, { initializationOptions: { storageDir: storage }, ...other });
}
