/**
 * The language server's own cache folder: the V8 code cache of its bundles
 * (server/src/boot/compile-cache.ts) and its startup snapshot (startup-snapshot.ts). Both are
 * code, so the folder must be the user's alone; the editor names it (the extension's storage),
 * and the server and the editor check it the same way before they use what is in it.
 */
import { mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The folder: `IQL_SERVER_CACHE_DIR` when the editor gives one (`off`: none), else a folder of
 * this user's in the OS temp dir (as Node 22's default); undefined when it cannot be made
 * private, and the server then starts without a cache or a snapshot.
 */
export function compileCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.IQL_SERVER_CACHE_DIR === 'off') return undefined;
  const uid = process.getuid?.() ?? 0;
  const dir = env.IQL_SERVER_CACHE_DIR || join(tmpdir(), `iql-language-server-${uid}`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = statSync(dir);
    if (process.platform !== 'win32' && (stat.uid !== uid || (stat.mode & 0o077) !== 0)) return undefined;
    return dir;
  } catch {
    return undefined;
  }
}

