/**
 * The Chevrotain runtime, loaded in a way that works both in the esbuild bundle and when the
 * TypeScript sources run under tsx (unit tests, `node --import tsx bench/…`).
 *
 * Workaround for privatenumber/tsx#838: in a CommonJS project, tsx's require hook transpiles
 * the ES modules of a required package to CommonJS and then resolves their own imports with
 * the `require` condition, which Chevrotain 11's ESM-only dependencies (`@chevrotain/utils`,
 * …) do not export, so `import … from 'chevrotain'` fails under tsx. Chevrotain also ships a
 * single-file bundle with no imports at all; loading that file sidesteps the resolution. The
 * package's `exports` map does not list the bundle, so it is reached by a relative path, which
 * esbuild follows and inlines like any other module. Types still come from the package.
 *
 * Everything in the parser imports Chevrotain values from here and types from 'chevrotain'
 * (so does scripts/generate-cst-types.ts, for `generateCstDts`).
 * If the project ever becomes an ES module package, this file reduces to a plain re-export.
 */
import type * as ChevrotainApi from 'chevrotain';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const chevrotain = require('../../../node_modules/chevrotain/lib/chevrotain.mjs') as typeof ChevrotainApi;

export const { createToken, CstParser, EOF, generateCstDts, Lexer, tokenMatcher } = chevrotain;
