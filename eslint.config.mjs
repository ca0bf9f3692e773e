// Lint rules that protect the boundaries described in ARCHITECTURE.md.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

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
    files: ['common/**/*.ts', 'server/**/*.ts', 'cli/**/*.ts', 'emulator/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'Only client/ may import vscode.' }] }],
    },
  },
  {
    // Activation must not evaluate undici, zod and the API schemas (~90 ms): the client takes
    // their values through client/src/service/lazy-service.ts and imports only types directly.
    files: ['client/src/**/*.ts'],
    ignores: ['client/src/service/lazy-service.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: '(^|/)(service/src(/(index|service-client|service-transport|run-[a-z-]+|iterate-pages|calculate-segment))?|common/api(/(index|v[12]-[a-z0-9-]+|operations|int64))?)$|^(zod|undici)$',
          allowTypeImports: true,
          message: 'Take service values from client/src/service/lazy-service.ts, so that activation stays fast.',
        }],
      }],
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
    // A stdio language server owns stdout: a stray console.log corrupts the JSON-RPC stream.
    files: ['server/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // The emulator is a separate program that stands in for the service: it may use the
    // language's parser through its public face and the wire types of common/, never the
    // editor's or the network client's code. This block replaces the vscode-only rule above for
    // these files (a later block's options win), so it repeats that path.
    files: ['emulator/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'Only client/ may import vscode.' }],
        patterns: [
          { regex: '(^|/)(service|server|client)(/|$)', message: 'The emulator stands in for the service: it must not import service/, server/ or client/.' },
          { regex: '(^|/)language/src/(?!(index|parser|parser/index)$)', message: 'Import the parser through language/src/parser/index.ts (its public face) only.' },
        ],
      }],
    },
  },
  {
    // The query engine is pure and knows nothing of HTTP (emulator/src/engine/README.md). A
    // rule of its own name, so the emulator-wide restrictions above still apply here.
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
    // The extension bundle carries no emulator code: it runs the bundled CLI's `iql emulator`
    // as a child process and learns the demo profile from its output. A rule of its own name,
    // so the lazy-service and webview restrictions above still apply to these files.
    files: ['client/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{ regex: '(^|/)emulator(/|$)', message: 'Start the emulator as a process (client/src/connections/emulator-process.ts); do not import it.' }],
      }],
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
);
