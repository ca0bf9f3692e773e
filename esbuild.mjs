// Bundles the three Node entry points. Each bundle is self-contained so that the packaged
// extension ships no node_modules and the CLI runs from a plain `node dist/cli.js`.
import * as esbuild from 'esbuild';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** @type {import('esbuild').BuildOptions} */
const shared = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  legalComments: 'none',
  // The bundles skip Chevrotain's grammar checks at start: the tests run them (language/src/parser/grammar-checks.ts).
  define: { __IQL_VERSION__: JSON.stringify(version), __IQL_SKIP_GRAMMAR_CHECKS__: 'true' },
  // jsonc-parser's `main` is a UMD build whose lazy `require('./impl/…')` calls esbuild cannot
  // follow (the bundle then fails at load); its ES module build bundles whole.
  alias: { 'jsonc-parser': './node_modules/jsonc-parser/lib/esm/main.js' },
};

/**
 * The language client is a bundle of its own, dist/language-client.js, which the extension
 * requires after `activate` returns (client/src/server-connection.ts): vscode-languageclient and
 * its protocol are the larger half of the client's code, and activation needs none of it.
 */
const languageClientApart = bundleApart('language-client', 'server-connection.ts');
/** So are zod and the API schemas, dist/api-schemas.js, required on first use (client/src/service/lazy-schemas.ts). */
const apiSchemasApart = bundleApart('api-schemas', 'lazy-schemas.ts');

/**
 * Code the language server's start never evaluates, left out of its bundle and required from a
 * bundle of its own on first use, through a V8 code cache of its own as the main bundle's
 * (server/src/boot/compile-cache.ts `requireWithCompileCache`). A start reads its bundle and
 * deserializes the whole of its code cache, evaluated or not:
 * - zod and the wire schemas (service/src/lazy-api.ts's `require('../../common/api')`), half of the
 *   server's code: the client's dist/api-schemas.js, loaded by the first service call;
 * - cron-parser and luxon (language/src/schedule/lazy-cron.ts), dist/cron-parser.js, loaded by an
 *   automation file's first schedule.
 */
const serverBundlesApart = {
  name: 'server-bundles-apart',
  setup(build) {
    const apart = [
      { specifier: '../../common/api', importer: 'service/src/lazy-api.ts', file: 'api-schemas.js' },
      { specifier: 'cron-parser', importer: 'language/src/schedule/lazy-cron.ts', file: 'cron-parser.js' },
    ];
    for (const { specifier, importer, file } of apart) {
      const filter = new RegExp(`^${specifier.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`);
      build.onResolve({ filter }, (args) => (args.importer.endsWith(importer) ? { path: file, namespace: 'server-apart' } : undefined));
    }
    build.onLoad({ filter: /.*/, namespace: 'server-apart' }, (args) => ({
      contents: [
        "const { join } = require('node:path');",
        "const { compileCacheDir, requireWithCompileCache } = require('./server/src/boot/compile-cache');",
        `module.exports = requireWithCompileCache(join(__dirname, ${JSON.stringify(args.path)}), compileCacheDir());`,
      ].join('\n'),
      resolveDir: fileURLToPath(new URL('.', import.meta.url)),
      loader: 'js',
    }));
  },
};

/** Leaves `require('./<name>')` in `importer` to run time, where it finds dist/<name>.js beside dist/client.js. */
function bundleApart(name, importer) {
  return {
    name: `${name}-apart`,
    setup(build) {
      build.onResolve({ filter: new RegExp(`^\\./${name}$`) }, (args) => (args.importer.endsWith(importer) ? { path: `./${name}.js`, external: true } : undefined));
    },
  };
}

/**
 * One namespace object for the editor API in each client bundle. esbuild turns every
 * `import * as vscode from 'vscode'` of an external module into a copy of the whole API's
 * properties (some 400 getters), once per importing file: about 60 copies at each activation.
 * Imports go through one module that re-exports the API instead, copied once; a CommonJS
 * `require('vscode')` (vscode-languageclient's) stays the plain require it was.
 */
const oneEditorApi = {
  name: 'one-editor-api',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.kind === 'import-statement' && args.namespace !== 'editor-api' ? { path: 'vscode', namespace: 'editor-api' } : { path: 'vscode', external: true });
    build.onLoad({ filter: /.*/, namespace: 'editor-api' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

/**
 * Node built-ins that vscode-languageserver's Node entry loads when it is evaluated and the
 * server never needs before `initialize` is answered, each required on its first use instead:
 * child_process (`Files.resolve…`, never called by this server) and crypto (random pipe names, a
 * transport this server does not use; service/ loads it for the catalog). Together ~5 ms of the
 * server's start. Only these importers are changed: every other `require` stays as it was.
 */
const LATE_BUILTINS = [
  { builtin: 'child_process', importer: /node_modules\/vscode-languageserver\/lib\/node\/files\.js$/ },
  { builtin: 'crypto', importer: /node_modules\/vscode-jsonrpc\/lib\/node\/main\.js$/ },
];
const lateBuiltins = {
  name: 'late-builtins',
  setup(build) {
    build.onResolve({ filter: /^[a-z_]+$/ }, (args) =>
      LATE_BUILTINS.some(({ builtin, importer }) => builtin === args.path && importer.test(args.importer)) ? { path: args.path, namespace: 'late-builtin' } : undefined);
    // Each property is read from the built-in when it is read: the importers only read functions off it.
    build.onLoad({ filter: /.*/, namespace: 'late-builtin' }, (args) => ({
      contents: `module.exports = new Proxy({}, { get: (_, name) => require(${JSON.stringify(`node:${args.path}`)})[name] });`,
      loader: 'js',
    }));
  },
};

const entries = [
  // The banner and footer stamp when the bundle starts and ends evaluating, so activation time can be measured
  // in the editor and told apart (client/src/activation-clock.ts).
  {
    entryPoints: ['client/src/extension.ts'],
    outfile: 'dist/client.js',
    external: ['vscode'],
    plugins: [languageClientApart, apiSchemasApart, oneEditorApi],
    banner: { js: 'globalThis.__iqlClientLoadStart = performance.now();' },
    footer: { js: 'globalThis.__iqlClientLoadEnd = performance.now();' },
  },
  { entryPoints: ['client/src/language-client.ts'], outfile: 'dist/language-client.js', external: ['vscode'], plugins: [oneEditorApi] },
  { entryPoints: ['client/src/service/api-schemas.ts'], outfile: 'dist/api-schemas.js' },
  // The server's bundle is loaded on every start: without whitespace and comments it is a third
  // smaller and pure ASCII, which V8 keeps as a one-byte string (a comment with a non-Latin-1
  // character made the whole 3.7 MB source a two-byte string, 7.4 MB of heap). Names are kept.
  { entryPoints: ['server/src/server.ts'], outfile: 'dist/language-server.js', minifyWhitespace: true, plugins: [lateBuiltins, serverBundlesApart] },
  { entryPoints: ['language/src/schedule/cron-parser-bundle.ts'], outfile: 'dist/cron-parser.js' },
  // What the editor starts: runs dist/language-server.js through a V8 code cache (server/src/boot/compile-cache.ts).
  { entryPoints: ['server/src/launcher.ts'], outfile: 'dist/server.js' },
  { entryPoints: ['cli/src/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
];

// The results, plan, events and insight report pages (client/webview/): browser bundles and their stylesheets, loaded
// by the webviews from dist/webview/ under a strict CSP. Always minified (they ship in the
// package); source maps only inline and only in development, so no .map file lands there.
entries.push({
  entryPoints: [
    { in: 'client/webview/results/main.ts', out: 'results' },
    { in: 'client/webview/results/results.css', out: 'results' },
    // Chart.js and the results page's charts, loaded by that page after its table is drawn.
    { in: 'client/webview/results/charts-chunk.ts', out: 'results-charts' },
    // The results page's Tabulator grid, loaded by that page after its first rows are painted.
    { in: 'client/webview/results/grid-chunk.ts', out: 'results-grid' },
    { in: 'client/webview/plan/main.ts', out: 'plan' },
    { in: 'client/webview/plan/plan.css', out: 'plan' },
    { in: 'client/webview/events/main.ts', out: 'events' },
    { in: 'client/webview/events/events.css', out: 'events' },
    { in: 'client/webview/report/main.ts', out: 'report' },
    { in: 'client/webview/report/report.css', out: 'report' },
  ],
  outdir: 'dist/webview',
  platform: 'browser',
  target: 'es2022',
  format: 'iife',
  minify: true,
  sourcemap: production ? false : 'inline',
});

// The real-editor suite (test/editor/): its run() entry and one bundle per scenario file, loaded
// by the extension host from out/editor-suite/. Mocha stays external so that every scenario
// registers with the same mocha instance as the entry; it resolves from node_modules.
if (!production) {
  const suiteDir = 'test/editor/suite';
  // The suite loads every *.test.js it finds: a scenario deleted from the source must not linger.
  rmSync('out/editor-suite', { recursive: true, force: true });
  const scenarios = readdirSync(suiteDir).filter((name) => name.endsWith('.test.ts')).map((name) => `${suiteDir}/${name}`);
  entries.push({ entryPoints: [`${suiteDir}/index.ts`, ...scenarios], outdir: 'out/editor-suite', outbase: suiteDir, external: ['vscode', 'mocha'] });
}

if (watch) {
  for (const entry of entries) {
    const context = await esbuild.context({ ...shared, ...entry });
    await context.watch();
  }
} else {
  await Promise.all(entries.map((entry) => esbuild.build({ ...shared, ...entry })));
}
