/**
 * Loads a CommonJS bundle through a V8 code cache kept between runs, so that a start after the
 * first does not parse and compile the bundle's code again: V8 deserializes the bytecode the
 * previous run compiled (the bundle's top level, the parser's construction, the first
 * diagnostics, …). Node 22 does this itself (`module.enableCompileCache`); Node 20, which the
 * extension supports, does not, so this is the same idea on `vm.Script`'s `cachedData`.
 *
 * The cache is written once, when the process exits, by a run that had none (or had one V8
 * refused: another Node, other flags), or before that run changes V8's flags
 * (v8-flags-change.ts). Its file name carries the Node version, the
 * architecture and the bundle's size and modification time, because V8 checks only the
 * source's length: a rebuilt bundle must never meet the bytecode of the previous one. The
 * folder is the user's own (created 0700, checked before use): bytecode is code.
 */
import { isAscii } from 'node:buffer';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { V8_FLAGS_CHANGING } from './v8-flags-change';

export { compileCacheDir } from '../../../common/server-cache-dir';

type ModuleFunction = (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void;

/** Runs `bundle` as the process's code, from `cacheDir`'s cache when it has one V8 accepts. */
export function runWithCompileCache(bundle: string, cacheDir: string | undefined): void {
  loadWithCompileCache(bundle, cacheDir, module);
}

/**
 * Loads another CommonJS bundle of the server's (dist/api-schemas.js, on the first service call)
 * through a cache of its own, as `require` would; each file is loaded once.
 */
export function requireWithCompileCache(file: string, cacheDir: string | undefined): unknown {
  let loaded = required.get(file);
  if (loaded === undefined) {
    loaded = loadWithCompileCache(file, cacheDir, undefined);
    required.set(file, loaded);
  }
  return loaded.exports;
}

const required = new Map<string, Module>();

function loadWithCompileCache(file: string, cacheDir: string | undefined, parent: Module | undefined): Module {
  const cacheFile = cacheDir === undefined ? undefined : cacheFileOf(file, cacheDir);
  const cached = cacheFile === undefined ? undefined : readIfPresent(cacheFile);
  // The wrapper on a line of its own, numbered -1: the file's lines and columns stay its own (stack traces, source maps).
  const script = new Script(Module.wrap(`\n${sourceOf(file)}`), { filename: file, lineOffset: -1, ...(cached ? { cachedData: cached } : {}) });
  if (cacheFile !== undefined && (cached === undefined || script.cachedDataRejected === true)) {
    const write = (): void => {
      process.off('exit', write);
      process.off(V8_FLAGS_CHANGING, write);
      writeQuietly(cacheFile, () => script.createCachedData());
      removeOtherCaches(cacheFile, basename(file));
    };
    // At exit, when the run has compiled all it uses; sooner if the bundle is about to change V8's flags.
    process.on('exit', write);
    process.on(V8_FLAGS_CHANGING, write);
  }
  const loaded = new Module(file, parent);
  loaded.filename = file;
  const run = script.runInThisContext() as ModuleFunction;
  run.call(loaded.exports, loaded.exports, createRequire(file), loaded, file, dirname(file));
  loaded.loaded = true;
  return loaded;
}

function cacheFileOf(bundle: string, cacheDir: string): string | undefined {
  try {
    const { size, mtimeMs } = statSync(bundle);
    return join(cacheDir, `${basename(bundle)}-${process.version}-${process.arch}-${size}-${Math.trunc(mtimeMs)}.v8cache`);
  } catch {
    return undefined;
  }
}

/**
 * The bundle's text. The server's bundle is pure ASCII (esbuild escapes the rest), and ASCII read
 * as Latin-1 is a plain copy into a one-byte string, where UTF-8 decoding walks the whole file:
 * ~2 ms less of a start for its 2.6 MB. Any other text is decoded as UTF-8, as before.
 */
function sourceOf(bundle: string): string {
  const bytes = readFileSync(bundle);
  return isAscii(bytes) ? bytes.toString('latin1') : bytes.toString('utf8');
}

function readIfPresent(file: string): Buffer | undefined {
  try {
    return readFileSync(file);
  } catch {
    return undefined;
  }
}

/** The caches of earlier builds of the same bundle can never be read again: one per upgrade would pile up. */
function removeOtherCaches(current: string, bundleName: string): void {
  const dir = dirname(current);
  const prefix = `${bundleName}-`;
  try {
    for (const name of readdirSync(dir)) {
      if (name !== basename(current) && name.startsWith(prefix) && name.endsWith('.v8cache')) rmSync(join(dir, name), { force: true });
    }
  } catch {
    // Left for the next build's run to remove.
  }
}

/** A cache is an optimisation: failing to write one (full disk, read-only folder) changes nothing else. */
function writeQuietly(file: string, data: () => Buffer): void {
  try {
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, data(), { mode: 0o600 });
    renameSync(partial, file);
  } catch {
    // Next start compiles the bundle as if no cache had been asked for.
  }
}
