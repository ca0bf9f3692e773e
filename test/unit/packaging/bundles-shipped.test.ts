/**
 * Every bundle another bundle requires at run time ships in the .vsix: the extension and the
 * language server leave some code to bundles of their own (esbuild.mjs: the language client,
 * the API schemas, cron-parser), and .vscodeignore ships only the files it names. A bundle
 * missing there would fail only in the packaged extension, on its first use.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { it } from 'node:test';

const ROOT = resolve(__dirname, '../../..');
const DIST = join(ROOT, 'dist');
const ENTRY_BUNDLES = ['client.js', 'server.js'];

/** The dist/ files a bundle requires by a path of its own: `require("./x.js")` and `join(__dirname, "x.js")`. */
function requiredBundles(bundle: string): string[] {
  const text = readFileSync(join(DIST, bundle), 'utf8');
  const found = new Set<string>();
  for (const match of text.matchAll(/require\(["']\.\/([\w.-]+\.js)["']\)|join\w*\)?\(__dirname, ?["']([\w.-]+\.js)["']\)/g)) found.add((match[1] ?? match[2])!);
  return [...found];
}

it('ships every bundle the extension and the language server require at run time', { skip: !existsSync(join(DIST, 'client.js')) && 'run `npm run build` first' }, () => {
  const shipped = new Set(
    readFileSync(join(ROOT, '.vscodeignore'), 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('!dist/'))
      .map((line) => line.slice('!dist/'.length).trim()),
  );
  // Follows requires from the entry bundles to the bundles they load, and from those on.
  const seen = new Set<string>();
  const pending = [...ENTRY_BUNDLES];
  while (pending.length > 0) {
    const bundle = pending.pop()!;
    if (seen.has(bundle)) continue;
    seen.add(bundle);
    assert.ok(shipped.has(bundle), `dist/${bundle} is required at run time but .vscodeignore does not ship it`);
    assert.ok(existsSync(join(DIST, bundle)), `dist/${bundle} is required at run time but the build does not make it`);
    pending.push(...requiredBundles(bundle));
  }
  for (const expected of ['language-client.js', 'api-schemas.js', 'language-server.js', 'cron-parser.js']) assert.ok(seen.has(expected), `${expected} is among the bundles found`);
});
