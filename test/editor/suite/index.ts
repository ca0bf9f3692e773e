/**
 * The editor suite's entry, in the shape `@vscode/test-electron`'s `runTests` and code-server's
 * `extensionTestsPath` both expect: a module whose `run()` resolves when every scenario passed
 * and rejects otherwise. It runs inside the real extension host, next to the extension.
 *
 * esbuild bundles this file and every `*.test.ts` beside it into out/editor-suite/; mocha
 * itself stays in node_modules so that the scenario files and this runner share one instance.
 */
import Mocha from 'mocha';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** `IQL_EDITOR_GREP=hover npm run test:editor` runs only the scenarios whose title matches. */
const GREP_VARIABLE = 'IQL_EDITOR_GREP';

/** Runs every scenario file bundled next to this module; rejects with the number of failures. */
export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', color: false, reporter: 'spec', timeout: 60_000 });
  const grep = process.env[GREP_VARIABLE];
  if (grep) mocha.grep(grep);
  const files = readdirSync(__dirname).filter((name) => name.endsWith('.test.js')).sort();
  for (const name of files) mocha.addFile(join(__dirname, name));
  return new Promise((resolve, reject) => {
    try {
      mocha.run((failures) => {
        if (failures > 0) reject(new Error(`${failures} editor scenario(s) failed`));
        else resolve();
      });
    } catch (error) {
      // A scenario file that throws while loading fails the run instead of hanging it.
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
