/**
 * Runs the real-editor tests (`npm run test:editor`, and the last phase of `npm test`):
 *
 * 1. provisions Chromium, ripgrep and code-server (scripts/editor/provision.mjs; ~0 s when warm);
 * 2. builds the extension and the suite bundle (esbuild.mjs → dist/, out/editor-suite/);
 * 3. starts the emulator on the demo clean room plus a hostile dataset, and code-server with
 *    IQL_BASE_URL / IQL_API_KEY pointing at it, on an empty temporary workspace;
 * 4. opens the workbench in headless Chromium with the extension under development and the
 *    suite as `extensionTestsPath`: the scenarios in suite/*.test.ts run in the real extension
 *    host and report their exit code through `codeAutomationExit`;
 * 5. reloads the workbench without the suite and runs the browser-side scenarios (ui/),
 *    which drive the editor with the keyboard and take screenshots;
 * 6. fails if any scenario failed or any view tried to run script, and always cleans up.
 *
 * Screenshots and logs go to test-output/editor/. Exit code 0 when everything passed, 1 otherwise.
 * `IQL_EDITOR_GREP=<text>` limits the extension-host scenarios to matching titles.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startCodeServer } from '../../scripts/editor/code-server.mjs';
import type { RunningCodeServer } from '../../scripts/editor/code-server.mjs';
import { provisionEditorTools } from '../../scripts/editor/provision.mjs';
import { startEditorFixture } from './editor-fixture';
import { openBrowserSession } from './ui/browser-session';
import type { BrowserSession } from './ui/browser-session';
import { UI_SCENARIOS } from './ui/ui-scenarios';
import { runCommand, waitForWorkbench } from './ui/workbench';

const REPO_ROOT = resolve(__dirname, '../..');
const OUTPUT_DIR = join(REPO_ROOT, 'test-output', 'editor');
const SUITE_ENTRY = join(REPO_ROOT, 'out', 'editor-suite', 'index.js');
/**
 * Everything after provisioning (which bounds each install step itself), so that a stuck
 * editor never hangs CI. A warm run takes well under a minute.
 */
const RUN_TIMEOUT_MS = 5 * 60_000;
const SUITE_TIMEOUT_MS = 3 * 60_000;

type Cleanup = () => Promise<void>;

function say(line: string): void {
  console.log(`editor: ${line}`);
}

function seconds(since: number): string {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

/** The environment of code-server: ours, with the emulator as the only connection. */
function editorEnvironment(fixtureEnv: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    // A developer's own IQL_COLLABORATION would retarget every scenario.
    if (!/^IQL_(BASE_URL|API_KEY|COLLABORATION)$/.test(name)) env[name] = value;
  }
  return { ...env, ...fixtureEnv };
}

function build(): void {
  const result = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`the build failed (node esbuild.mjs exited ${result.status ?? result.signal})`);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function screenshot(browser: BrowserSession | undefined, name: string): Promise<void> {
  if (!browser) return;
  const path = join(OUTPUT_DIR, `${name}.png`);
  await browser.page.screenshot({ path, animations: 'disabled' }).then(
    () => say(`screenshot ${join('test-output', 'editor', `${name}.png`)}`),
    (error: unknown) => say(`could not take screenshot ${name}: ${error instanceof Error ? error.message : String(error)}`),
  );
}

async function runExtensionHostSuite(browser: BrowserSession, codeServer: RunningCodeServer): Promise<boolean> {
  const started = performance.now();
  say('running the extension-host scenarios (test/editor/suite)…');
  await browser.page.goto(codeServer.folderUrl({ extensionDevelopmentPath: REPO_ROOT, extensionTestsPath: SUITE_ENTRY }));
  const code = await withTimeout(browser.extensionTestsExit, SUITE_TIMEOUT_MS, 'the extension-host scenarios');
  await screenshot(browser, 'extension-suite');
  say(`extension-host scenarios ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds(started)}`);
  return code === 0;
}

async function runUiScenarios(browser: BrowserSession, codeServer: RunningCodeServer): Promise<boolean> {
  const started = performance.now();
  say('running the browser-side scenarios (test/editor/ui)…');
  const page = browser.page;
  await page.goto(codeServer.folderUrl({ extensionDevelopmentPath: REPO_ROOT }));
  await waitForWorkbench(page);
  await browser.verifyScriptWatch();
  let passed = true;
  for (const scenario of UI_SCENARIOS) {
    const slug = scenario.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    const step = performance.now();
    try {
      await runCommand(page, 'View: Close All Editors');
      await scenario.run(page, { screenshot: (name) => screenshot(browser, name), log: (line) => say(`  ${line}`) });
      say(`  ✔ ${scenario.name} (${seconds(step)})`);
    } catch (error) {
      passed = false;
      say(`  ✘ ${scenario.name}: ${error instanceof Error ? error.message : String(error)}`);
      await screenshot(browser, `${slug}-failure`);
    }
    // Close any hover or palette the scenario left open.
    await page.keyboard.press('Escape');
  }
  say(`browser-side scenarios ${passed ? 'passed' : 'FAILED'} in ${seconds(started)}`);
  return passed;
}

async function main(cleanups: Cleanup[], startClock: () => void): Promise<boolean> {
  const started = performance.now();
  rmSync(OUTPUT_DIR, { recursive: true, force: true });
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const suiteLog = join(OUTPUT_DIR, 'editor.log');
  const serverLog = join(OUTPUT_DIR, 'code-server.log');
  writeFileSync(suiteLog, '');
  writeFileSync(serverLog, '');

  const tools = await provisionEditorTools({ log: say });
  startClock();
  let step = performance.now();
  build();
  say(`built extension and suite (${seconds(step)})`);

  step = performance.now();
  const fixture = await startEditorFixture();
  cleanups.push(() => fixture.dispose());
  for (const scenario of UI_SCENARIOS) {
    for (const [name, text] of Object.entries(scenario.files)) writeFileSync(join(fixture.workspaceDir, name), text);
  }
  const codeServer = await startCodeServer({
    entry: tools.codeServerEntry,
    workspace: fixture.workspaceDir,
    env: editorEnvironment(fixture.env),
    onOutput: (text) => appendFileSync(serverLog, text),
  });
  cleanups.push(() => codeServer.stop());
  const browser = await openBrowserSession(tools.chromiumPath, (line) => {
    appendFileSync(suiteLog, `${line}\n`);
    console.log(`  | ${line}`);
  });
  cleanups.push(() => browser.close());
  say(`emulator ${fixture.emulator.url}, code-server ${codeServer.url}, Chromium ready (${seconds(step)})`);

  let passed = false;
  try {
    const suitePassed = await runExtensionHostSuite(browser, codeServer);
    const uiPassed = await runUiScenarios(browser, codeServer);
    passed = suitePassed && uiPassed;
  } catch (error) {
    await screenshot(browser, 'failure');
    throw error;
  }
  if (browser.scriptAttempts.length > 0) {
    passed = false;
    say(`FAILED: some view tried to run catalog text as script (${browser.scriptAttempts.length}): ${browser.scriptAttempts.join('; ')}`);
  }
  say(`${passed ? 'passed' : 'FAILED'} in ${seconds(started)}; logs in test-output/editor/`);
  return passed;
}

async function runAll(): Promise<number> {
  const cleanups: Cleanup[] = [];
  let cleaning: Promise<void> | undefined;
  const cleanUp = (): Promise<void> => {
    cleaning ??= (async () => {
      for (const cleanup of cleanups.reverse()) {
        await cleanup().catch((error: unknown) => say(`cleanup: ${error instanceof Error ? error.message : String(error)}`));
      }
    })();
    return cleaning;
  };
  const abort = (why: string, code: number): void => {
    say(why);
    void cleanUp().finally(() => process.exit(code));
  };
  let timer: NodeJS.Timeout | undefined;
  const startClock = (): void => {
    timer = setTimeout(() => abort(`FAILED: the editor tests did not finish within ${RUN_TIMEOUT_MS / 60_000} minutes of provisioning`, 1), RUN_TIMEOUT_MS);
  };
  const onSignal = (signal: NodeJS.Signals): void => abort(`stopped by ${signal}`, 130);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    return (await main(cleanups, startClock)) ? 0 : 1;
  } catch (error) {
    say(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    clearTimeout(timer);
    await cleanUp();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

runAll().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
