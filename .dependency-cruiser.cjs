/**
 * The package boundaries of ARCHITECTURE.md, checked on every `npm run lint` (and so in CI):
 * `depcruise` resolves each import to its file, so a relative path cannot slip past a rule.
 * Tests, benchmarks and scripts may reach inside any package; product code may not.
 * Libraries too: each package may import only the npm packages of its "May import" cell in
 * ARCHITECTURE.md (`LIBRARIES` below; type-only imports count, a type is a coupling too).
 *
 *   common/   ← everyone            imports zod only (and itself)
 *   language/ ← server, cli, emulator (parser only)   imports common
 *   service/  ← server, cli          imports common
 *   server/   ← nobody (its own process)              imports language, service, common
 *   client/   ← nobody (the extension host)           imports common (vscode-languageclient)
 *   cli/      ← nobody                                imports language, service, common, emulator
 *   emulator/ ← cli                                   imports language (parser, rules, schedule), common
 */
const PRODUCT = '^(common|language|service|server|client|cli|emulator)/';

/** A package may import only the packages listed (and itself); everything else is refused. */
function only(from, allowed, why) {
  const pattern = `^(${allowed.join('|')})/`;
  return {
    name: `${from.replace(/[^a-z]/g, '-').replace(/-+$/, '')}-imports`,
    comment: why,
    severity: 'error',
    from: { path: `^${from}` },
    to: { path: PRODUCT, pathNot: pattern },
  };
}

/** A package's outside users go through its public face only. */
function throughIndex(pkg, faces, why) {
  return {
    name: `${pkg}-through-index`,
    comment: why,
    severity: 'error',
    from: { path: PRODUCT, pathNot: `^${pkg}/` },
    to: { path: `^${pkg}/src/`, pathNot: `^(${faces.join('|')})$` },
  };
}

/**
 * The npm packages each package may import (a subpath such as `zod/mini` or `csv-stringify/sync`
 * is its package's). `vscode` is provided by the editor at run time, so it never resolves.
 */
const LIBRARIES = {
  'common/': ['zod'],
  'language/': ['chevrotain', 'cron-parser', 'fastest-levenshtein', 'jsonc-parser', 'vscode-languageserver-types', 'vscode-languageserver-textdocument'],
  'service/': ['lru-cache', 'zod'],
  'server/': ['vscode-languageserver', 'vscode-languageserver-types', 'vscode-languageserver-textdocument', 'lru-cache'],
  'client/src/': ['vscode', 'vscode-languageclient', 'jsonc-parser', 'csv-stringify', 'zod'],
  'client/webview/': ['tabulator-tables', 'chart.js', '@dagrejs/dagre'],
  'cli/': ['zod', 'jsonc-parser', 'csv-stringify', 'vscode-languageserver-types', 'vscode-languageserver-textdocument'],
  'emulator/': ['zod', 'ajv', 'csv-parse', 'csv-stringify', 'picomatch', 'hyparquet'],
};

/** Any import of an npm package (dependencies, devDependencies or not in package.json) or of one that does not resolve. */
const LIBRARY_TYPES = ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown', 'unknown'];

/** A package may import only the libraries listed for it in LIBRARIES. */
function librariesOf(from) {
  const names = LIBRARIES[from].map((name) => name.replace(/[.]/g, '\\.'));
  return {
    name: `${from.replace(/[^a-z]/g, '-').replace(/-+$/, '')}-libraries`,
    comment: `${from} may import only these libraries: ${LIBRARIES[from].join(', ')} (ARCHITECTURE.md, "May import"). A new one is added there and in LIBRARIES, with why it earns its place.`,
    severity: 'error',
    from: { path: `^${from}` },
    to: { dependencyTypes: LIBRARY_TYPES, pathNot: `^(node_modules/)?(${names.join('|')})(/|$)` },
  };
}

module.exports = {
  forbidden: [
    ...Object.keys(LIBRARIES).map(librariesOf),
    only('common/', ['common'], 'common/ is shared by every side (a browser webview included): it imports nothing of the project.'),
    only('language/', ['language', 'common'], 'The language is pure: no service, no server, no editor.'),
    only('service/', ['service', 'common'], 'The service layer knows wire types, not the language: catalogs are assembled through an injected CatalogAssembly.'),
    only('server/', ['server', 'language', 'service', 'common'], 'The language server is the editor\'s only owner of language analysis and service access.'),
    only('client/src/', ['client/src', 'common'], 'The extension host talks to the language and the service through the language server only (typed requests in common/protocol).'),
    only('client/webview/', ['client/webview', 'common'], 'Webview pages run in a browser frame and talk to the host through typed messages.'),
    only('cli/', ['cli', 'language', 'service', 'common', 'emulator'], 'The command line is built on the language, the service layer and the emulator.'),
    only('emulator/', ['emulator', 'language', 'common'], 'The emulator stands in for the service: it never uses the service client.'),
    throughIndex('language', ['language/src/index\\.ts', 'language/src/parser/index\\.ts', 'language/src/rules/index\\.ts', 'language/src/schedule/index\\.ts'], 'Outside language/, import language/src/index.ts (the emulator: language/src/parser/index.ts, language/src/rules/index.ts and language/src/schedule/index.ts, the parser, the collaboration rules and the automation schedules alone).'),
    throughIndex('service', ['service/src/index\\.ts'], 'Outside service/, import service/src/index.ts.'),
    throughIndex('emulator', ['emulator/src/index\\.ts'], 'Outside emulator/, import emulator/src/index.ts (`iql emulator` starts it; nothing else reaches in).'),
    {
      name: 'emulator-parser-only',
      comment: 'The emulator uses the language\'s parser, its collaboration rules and its automation schedules, not its analysis.',
      severity: 'error',
      from: { path: '^emulator/' },
      to: { path: '^language/', pathNot: '^language/src/(parser|rules|schedule)/' },
    },
    {
      name: 'language-no-io',
      comment: 'Analysis does no I/O: it is given what it needs and returns LSP types.',
      severity: 'error',
      from: { path: '^language/' },
      to: { dependencyTypes: ['core'], path: '^(node:)?(fs|fs/promises|net|http|https|http2|child_process|dgram|tls|worker_threads)$' },
    },
    {
      name: 'no-circular',
      comment: 'A cycle makes load order matter and boundaries blur.',
      severity: 'error',
      from: { path: PRODUCT },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|out|\\.tools)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.js', '.mjs', '.json'] },
  },
};
