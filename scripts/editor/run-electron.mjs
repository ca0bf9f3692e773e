// `npm run test:electron`: runs the same editor suite (out/editor-suite/index.js) in desktop VS
// Code through @vscode/test-electron, on machines that have or can download desktop VS Code.
// `npm run test:editor` (code-server in headless Chromium, test/editor/run-editor-suite.ts)
// stays the default, because it needs no download host: on machines that cannot reach
// update.code.visualstudio.com this script fails and says so. The suite is the same module.
//
//   npm run test:electron
//     VSCODE_EXECUTABLE=/path/to/code   use this VS Code instead of downloading one
//     IQL_EDITOR_GREP=<text>            only the scenarios whose title matches
//
// @vscode/test-electron 2.x is a devDependency: its line 2 supports Node 20 (3 needs Node 22).
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const SUITE_ENTRY = join(REPO_ROOT, 'out', 'editor-suite', 'index.js');

async function loadTestElectron() {
  try {
    return await import('@vscode/test-electron');
  } catch {
    return undefined;
  }
}

async function main() {
  const testElectron = await loadTestElectron();
  if (!testElectron) {
    console.error('run-electron: @vscode/test-electron is not installed: run `npm install` (it is a devDependency), or run the same suite in code-server with: npm run test:editor');
    return 2;
  }
  const build = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (build.status !== 0) return 1;

  // The fixture (emulator on the demo clean room plus the hostile dataset) is TypeScript.
  const { tsImport } = await import('tsx/esm/api');
  const { startEditorFixture } = await tsImport('../../test/editor/editor-fixture.ts', import.meta.url);
  const fixture = await startEditorFixture();
  try {
    const executable = process.env.VSCODE_EXECUTABLE;
    const code = await testElectron.runTests({
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: SUITE_ENTRY,
      extensionTestsEnv: fixture.env,
      launchArgs: [fixture.workspaceDir, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
      ...(executable ? { vscodeExecutablePath: executable } : {}),
    });
    return code;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(
      `run-electron: desktop VS Code could not run the suite: ${reason}\n` +
        (process.env.VSCODE_EXECUTABLE
          ? `  VSCODE_EXECUTABLE=${process.env.VSCODE_EXECUTABLE} did not start or the scenarios failed (see above).\n`
          : '  Without VSCODE_EXECUTABLE, @vscode/test-electron downloads VS Code from update.code.visualstudio.com, which must be reachable.\n' +
            '  Point VSCODE_EXECUTABLE at an installed VS Code, or run the same suite in code-server: npm run test:editor\n'),
    );
    return 1;
  } finally {
    await fixture.dispose();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`run-electron: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
