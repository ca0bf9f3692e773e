// Bundles the three Node entry points. Each bundle is self-contained so that the packaged
// extension ships no node_modules and the CLI runs from a plain `node dist/cli.js`.
import * as esbuild from 'esbuild';
import { readFileSync } from 'node:fs';

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
  define: { __IQL_VERSION__: JSON.stringify(version) },
};

const entries = [
  { entryPoints: ['client/src/extension.ts'], outfile: 'dist/client.js', external: ['vscode'] },
  { entryPoints: ['server/src/server.ts'], outfile: 'dist/server.js' },
  { entryPoints: ['cli/src/main.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } },
];

if (watch) {
  for (const entry of entries) {
    const context = await esbuild.context({ ...shared, ...entry });
    await context.watch();
  }
} else {
  await Promise.all(entries.map((entry) => esbuild.build({ ...shared, ...entry })));
}
