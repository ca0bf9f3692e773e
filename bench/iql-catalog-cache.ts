/**
 * The IQL server's persistent catalog cache, as far as the benchmark knows it: a second start
 * given the same storage folder may answer from what the first one stored. The server reads
 * no such folder today; when it does, the name it reads goes here, and the peer benchmark
 * measures "catalog ready, warm" as a second start with the same folder.
 */
import { readFileSync } from 'node:fs';
import { SERVER_BUNDLE } from '../test/lsp/lsp-session';
import { iqlContender, type Contender } from './peer-contenders';

/** How the storage folder is handed to the server: an initialization option and an environment variable. */
export const CATALOG_CACHE_OPTION = 'storagePath';
export const CATALOG_CACHE_ENV = 'IQL_STORAGE_DIR';

let support: string | undefined | null = null;

/** Which of the two names the built server reads, if any (looked up in dist/server.js once). */
export function catalogCacheSupport(): string | undefined {
  if (support === null) {
    const bundle = readFileSync(SERVER_BUNDLE, 'utf8');
    support = [CATALOG_CACHE_OPTION, CATALOG_CACHE_ENV].find((name) => bundle.includes(name));
  }
  return support;
}

/** The IQL contender whose server is given `storage` as its storage folder both ways. */
export function iqlWithStorage(dir: string, serverEnv: NodeJS.ProcessEnv, storage: string): Contender {
  return iqlContender(dir, serverEnv, {
    env: { [CATALOG_CACHE_ENV]: storage },
    initializationOptions: { [CATALOG_CACHE_OPTION]: storage },
  });
}
