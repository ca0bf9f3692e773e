// Lint rules that protect the boundaries described in ARCHITECTURE.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** Client code takes API schema values only from lazy-schemas.ts (see the client's rules below). */
const API_SCHEMA_VALUES = {
  regex: '(^|/)common/api(/(index|v[12]-[a-z0-9-]+|operations|int64|pagination|errors|generated(/.*)?))?$|^zod$',
  allowTypeImports: true,
  message: 'Take API schema values from client/src/service/lazy-schemas.ts, so that activation stays fast.',
};
/** …and language client values only in language-client.ts, a bundle loaded after activation. */
const LANGUAGE_CLIENT_VALUES = {
  regex: '^vscode-languageclient(/.*)?$|(^|/)language-client$',
  allowTypeImports: true,
  message: 'Talk to the server through ServerConnection (client/src/server-connection.ts): the language client is loaded after activation.',
};

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.tools/**', 'test-results/**', 'test-output/**', 'common/api/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          // node:test registers suites synchronously; their returned promises are the runner's.
          allowForKnownSafeCalls: [{ from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] }],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    // Only the extension client may talk to the editor API.
    files: ['common/**/*.ts', 'language/**/*.ts', 'service/**/*.ts', 'server/**/*.ts', 'cli/**/*.ts', 'emulator/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'Only client/ may import vscode.' }] }],
    },
  },
  {
    // Activation must not evaluate zod and the API schemas: the client takes their values
    // through client/src/service/lazy-schemas.ts and imports only types directly. Nor the
    // language client: it is a bundle of its own (language-client.ts), loaded after activation
    // by server-connection.ts. (Which packages may import which is checked by dependency-cruiser:
    // .dependency-cruiser.cjs.)
    files: ['client/src/**/*.ts'],
    ignores: ['client/src/service/lazy-schemas.ts', 'client/src/service/api-schemas.ts', 'client/src/language-client.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [API_SCHEMA_VALUES, LANGUAGE_CLIENT_VALUES] }],
    },
  },
  {
    files: ['client/src/service/lazy-schemas.ts', 'client/src/service/api-schemas.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [LANGUAGE_CLIENT_VALUES] }],
    },
  },
  {
    files: ['client/src/language-client.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [API_SCHEMA_VALUES] }],
    },
  },
  {
    // Webview code runs in a sandboxed browser frame: no editor API, no Node.
    files: ['client/webview/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'Webviews talk to the host through typed messages only.' }], patterns: [{ group: ['node:*'], message: 'Webview code runs in a browser.' }] }],
    },
  },
  {
    // The language server's start (spawn → `initialize` answered) must not evaluate zod and the
    // API schemas either: service/ and server/ take `common/api` values through
    // service/src/lazy-api.ts and import only types directly. A
    // rule of its own name, so the vscode restriction above still applies here. language/ is in
    // the server's bundle too, evaluated at its start.
    files: ['service/src/**/*.ts', 'server/src/**/*.ts', 'language/src/**/*.ts'],
    ignores: ['service/src/lazy-api.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{ ...API_SCHEMA_VALUES, message: 'Take API values from api() (service/src/lazy-api.ts), so that the language server starts fast.' }],
        // Node modules the server's start does not need, loaded on first use (service/src/lazy-node.ts).
        paths: ['crypto', 'fs/promises', 'http', 'https', 'tls', 'v8', 'child_process'].flatMap((module) => [module, `node:${module}`]).map((name) => ({
          name,
          allowTypeImports: true,
          message: 'Load it on first use (service/src/lazy-node.ts), so that the language server starts fast.',
        })),
      }],
    },
  },
  {
    // A stdio language server owns stdout: a stray console.log corrupts the JSON-RPC stream.
    files: ['server/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // The query engine is pure and knows nothing of HTTP (emulator/src/engine/README.md). A
    // rule of its own name, so the vscode restriction above still applies here.
    files: ['emulator/src/engine/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{
          regex: '^\\.\\./(http|views|state|access|stats|demo|query-engine|engine-adapter)(/|$)',
          message: 'The engine takes datasets and answers results; the HTTP side adapts to it through engine-adapter.ts.',
        }],
      }],
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly' } },
  },
);
