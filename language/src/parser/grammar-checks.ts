/**
 * Whether Chevrotain checks the token patterns and the grammar when the lexer and the parser
 * are built. The checks find mistakes in the grammar's own source (ambiguous alternatives,
 * patterns that can never match), so they run wherever that source is tested: under tsx (unit
 * tests, benchmarks). The bundles carry a grammar those tests passed and skip them, which
 * saves a third of the time to build the parser at every start (esbuild.mjs defines the flag).
 */
declare const __IQL_SKIP_GRAMMAR_CHECKS__: boolean | undefined;

export const skipGrammarChecks: boolean = typeof __IQL_SKIP_GRAMMAR_CHECKS__ === 'boolean' ? __IQL_SKIP_GRAMMAR_CHECKS__ : false;
