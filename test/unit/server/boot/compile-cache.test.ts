import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chmod, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { compileCacheDir } from '../../../../server/src/boot/compile-cache';
import { V8_FLAGS_CHANGING } from '../../../../server/src/boot/v8-flags-change';

const MODULE = resolve(__dirname, '../../../../server/src/boot/compile-cache.ts');

/** Runs `bundle` through the cache in a fresh Node (the cache is written when a process exits); its stdout. */
function runBundle(bundle: string, cacheDir: string): string {
  const code = `require(${JSON.stringify(MODULE)}).runWithCompileCache(${JSON.stringify(bundle)}, ${JSON.stringify(cacheDir)})`;
  return execFileSync(process.execPath, ['--import', 'tsx', '-e', code], { encoding: 'utf8' });
}

describe('compile cache of the server bundle', () => {
  let dir: string;
  let cacheDir: string;
  let bundle: string;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'iql-compile-cache-'));
    cacheDir = join(dir, 'cache');
    bundle = join(dir, 'bundle.js');
    // A bundle that reports what a CommonJS module sees and which line an error names.
    await writeFile(bundle, "const path = require('node:path');\nconsole.log(JSON.stringify({ file: path.basename(__filename), self: module.exports === exports, line: Number(new Error().stack.split('\\n')[1].split(':').at(-2)) }));\n");
  });

  after(() => rm(dir, { recursive: true, force: true }));

  it('runs the bundle as a CommonJS module with its own line numbers, then keeps a cache in a private folder', async () => {
    const dirOfCache = compileCacheDir({ IQL_SERVER_CACHE_DIR: cacheDir });
    assert.equal(dirOfCache, cacheDir);
    assert.deepEqual(JSON.parse(runBundle(bundle, cacheDir)), { file: 'bundle.js', self: true, line: 2 });
    const files = await readdir(cacheDir);
    assert.equal(files.length, 1);
    assert.match(files[0]!, new RegExp(`^bundle\\.js-${process.version}-${process.arch}-\\d+-\\d+\\.v8cache$`));
    if (process.platform !== 'win32') assert.equal((await stat(cacheDir)).mode & 0o777, 0o700);
  });

  it('uses the cache it wrote and writes none again; a rebuilt bundle gets a cache of its own, which replaces the old one', async () => {
    const [first] = await readdir(cacheDir);
    const written = (await stat(join(cacheDir, first!))).mtimeMs;
    assert.equal(JSON.parse(runBundle(bundle, cacheDir)).line, 2);
    assert.equal((await stat(join(cacheDir, first!))).mtimeMs, written);

    // Same length, other code: V8 alone would accept the old bytecode (it checks the length only).
    await writeFile(bundle, "const path = require('node:path');\nconsole.log(JSON.stringify({ file: path.basename(__filename), self: module.exports !== exports, line: Number(new Error().stack.split('\\n')[1].split(':').at(-2)) }));\n");
    await utimes(bundle, new Date(), new Date(Date.now() + 5000));
    assert.equal(JSON.parse(runBundle(bundle, cacheDir)).self, false);
    const after = await readdir(cacheDir);
    assert.equal(after.length, 1);
    assert.notEqual(after[0], first);
  });

  it('reads an ASCII bundle as such and any other as UTF-8, with or without a cache', async () => {
    const text = join(dir, 'text.js');
    await writeFile(text, "console.log(JSON.stringify(['plain', 'caf\u00e9 \u2013 \u{1F600}']));\n");
    for (let run = 0; run < 2; run += 1) assert.deepEqual(JSON.parse(runBundle(text, cacheDir)), ['plain', 'café – 😀']);
    await writeFile(text, "console.log(JSON.stringify(['plain', 'café – 😀']));\n");
    await utimes(text, new Date(), new Date(Date.now() + 10_000));
    for (let run = 0; run < 2; run += 1) assert.deepEqual(JSON.parse(runBundle(text, cacheDir)), ['plain', 'café – 😀']);
  });

  it('loads another bundle of the server as require would, once, through a cache of its own that later runs use', async () => {
    const schemas = join(dir, 'schemas.js');
    await writeFile(schemas, "globalThis.evaluations = (globalThis.evaluations ?? 0) + 1;\nexports.name = require('node:path').basename(__filename);\n");
    const code = [
      `const { requireWithCompileCache } = require(${JSON.stringify(MODULE)});`,
      `const first = requireWithCompileCache(${JSON.stringify(schemas)}, ${JSON.stringify(cacheDir)});`,
      `const again = requireWithCompileCache(${JSON.stringify(schemas)}, ${JSON.stringify(cacheDir)});`,
      'console.log(JSON.stringify({ name: first.name, same: first === again, evaluations: globalThis.evaluations }));',
    ].join('\n');
    const run = (): unknown => JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', '-e', code], { encoding: 'utf8' }));
    assert.deepEqual(run(), { name: 'schemas.js', same: true, evaluations: 1 });
    const cache = (await readdir(cacheDir)).find((name) => name.startsWith('schemas.js-'));
    assert.ok(cache !== undefined, 'a cache of its own is written at exit');
    const written = (await stat(join(cacheDir, cache))).mtimeMs;
    assert.deepEqual(run(), { name: 'schemas.js', same: true, evaluations: 1 });
    assert.equal((await stat(join(cacheDir, cache))).mtimeMs, written, 'accepted, so not written again');
  });

  it('is made before the bundle changes V8 flags, so the next start can use it', async () => {
    const flags = join(dir, 'flags.js');
    const changing = JSON.stringify(V8_FLAGS_CHANGING);
    await writeFile(flags, `process.emit(${changing}); require('node:v8').setFlagsFromString('--expose-gc'); console.log(typeof require('node:vm').runInNewContext('gc'));\n`);
    assert.equal(runBundle(flags, cacheDir).trim(), 'function');
    const cache = (await readdir(cacheDir)).find((name) => name.startsWith('flags.js-'))!;
    const written = (await stat(join(cacheDir, cache))).mtimeMs;
    assert.equal(runBundle(flags, cacheDir).trim(), 'function');
    assert.equal((await stat(join(cacheDir, cache))).mtimeMs, written, 'accepted, so not written again');
  });

  it('is off when asked, and refuses a folder others may write', async () => {
    assert.equal(compileCacheDir({ IQL_SERVER_CACHE_DIR: 'off' }), undefined);
    if (process.platform === 'win32') return;
    const shared = join(dir, 'shared');
    compileCacheDir({ IQL_SERVER_CACHE_DIR: shared });
    await chmod(shared, 0o777);
    assert.equal(compileCacheDir({ IQL_SERVER_CACHE_DIR: shared }), undefined);
  });
});
