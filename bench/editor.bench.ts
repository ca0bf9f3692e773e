/**
 * Editor benchmark, on the real-editor test infrastructure (test/editor/: code-server in
 * headless Chromium, the emulator with the demo clean room). Measures:
 *
 * - activation time: the `activationMs` the extension exports (bundle evaluation to the end of
 *   `activate`), read in fresh windows by the extension-host scenario activation-time.test.ts:
 *   the packaged (minified) extension activated at startup (a workspace with .iql files) and on
 *   demand after startup (a workspace without), and the development build at startup;
 * - the .vsix size, from `npm run package`;
 * - Run → results: from the Ctrl+Enter keypress to the results page showing the finished run
 *   (its audience and table rows: the moment the user sees the rows, which is the plain first
 *   rows the page draws before its grid), the first run of a window, re-runs into the reused
 *   panel, and re-runs into a new panel; for the first run also the moment the sortable grid
 *   has taken their place.
 *
 * Prints only a Markdown section on stdout; progress goes to stderr. Needs the development
 * build (out/editor-suite/), which `npm run bench` makes first; leaves that build in dist/.
 *
 *   npm run bench -- editor
 *
 * While working on activation: IQL_BENCH_EDITOR=activation measures only activation (every
 * row above but Run → results), and IQL_BENCH_COMPARE_EXTENSION=<folder of
 * another unpacked extension, e.g. an earlier build's> measures that one too, window by window in
 * turn with this one, so that both see the same load.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FrameLocator, Page } from 'playwright-core';
import { CODE_SERVER_VERSION, provisionEditorTools } from '../scripts/editor/provision.mjs';
import { startCodeServer, type RunningCodeServer } from '../scripts/editor/code-server.mjs';
import { startEditorFixture } from '../test/editor/editor-fixture';
import { ACTIVATION_TIME_TITLE, readActivationParts, readActivationTime, type ActivationPartsLine } from '../test/editor/suite/activation-time-marker';
import { openBrowserSession } from '../test/editor/ui/browser-session';
import { demoFiles } from '../test/editor/ui/demo-files';
import { openFileByName, runCommand, waitForQueryCodeLens, waitForWebviewFrame, waitForWorkbench } from '../test/editor/ui/workbench';
import { DEFAULT_POLL_OPTIONS, pollDelay } from '../service/src';
import { FIRST_ROWS_PAINTED, GRID_IN_PLACE } from '../client/webview/results/swap-in-grid';
import { formatRows, runBench, type Row } from './results-table';

const ROOT = resolve(__dirname, '..');
const SUITE_ENTRY = join(ROOT, 'out', 'editor-suite', 'index.js');
const VSIX = join(ROOT, 'iql-clean-room.vsix');
const WINDOWS = 9;
const REUSED_RUNS = 10;
const NEW_PANEL_RUNS = 5;
/** The demo query timed: an AGGREGATE over two datasets with a filter (demo/workspace/). */
const DEMO_FILE = 'audience-profile.iql';
/**
 * The client waits pollDelay(1) (50 ms) before its first poll (common/poll-policy.ts), and
 * the emulator answers "done" once its engine has finished, which the demo query has by then:
 * one wait per run, shown apart from the editor's own work.
 */
const POLL_WAIT_MS = pollDelay(1, DEFAULT_POLL_OPTIONS);
const TARGETS = { activationMs: 100, vsixMegabytes: 3, firstRunMs: 400 };
const STEP_TIMEOUT_MS = 120_000;

function say(line: string): void {
  process.stderr.write(`bench editor: ${line}\n`);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function ms(value: number): string {
  return `${value.toFixed(value < 100 ? 1 : 0)} ms`;
}

function samples(values: readonly number[]): string {
  return values.map((value) => value.toFixed(0)).join(', ');
}

/** Lines the workbench forwards from the extension host, with a way to wait for a matching one. */
class LogLines {
  private readonly waiters: { test: (line: string) => boolean; resolve: (line: string) => void }[] = [];
  /** The lines since the last clearSeen(), newest last. */
  private seen: string[] = [];

  add(line: string): void {
    this.seen.push(line);
    for (const waiter of [...this.waiters]) {
      if (!waiter.test(line)) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve(line);
    }
  }

  /** Forgets the lines seen so far. */
  clearSeen(): void {
    this.seen = [];
  }

  /** The lines seen since the last clearSeen(). */
  seenLines(): readonly string[] {
    return this.seen;
  }

  /** Resolves with the next line that passes `test`; rejects after `timeoutMs`. */
  next(test: (line: string) => boolean, what: string, timeoutMs = STEP_TIMEOUT_MS): Promise<string> {
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(new Error(`no ${what} within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      const waiter = {
        test,
        resolve: (line: string) => {
          clearTimeout(timer);
          resolvePromise(line);
        },
      };
      this.waiters.push(waiter);
    });
  }
}

function npmRunPackage(): void {
  const result = spawnSync('npm', ['run', 'package'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
  if (result.status !== 0) throw new Error(`npm run package exited ${result.status ?? result.signal}`);
}

/** Unpacks the .vsix (a zip whose extension/ folder is the installed extension) into `dir`. */
function unpackVsix(dir: string): string {
  const result = spawnSync('unzip', ['-q', VSIX, 'extension/*', '-d', dir], { stdio: ['ignore', 2, 2] });
  if (result.status !== 0) throw new Error(`unzip of ${VSIX} exited ${result.status ?? result.signal}; is unzip installed?`);
  return join(dir, 'extension');
}

/**
 * Opens `count` fresh windows (each its own extension host) running only the activation-time
 * scenario, and returns the `activationMs` each reported.
 */
async function measureActivation(page: Page, codeServer: RunningCodeServer, logs: LogLines, extensionPath: string, workspace: string, count: number): Promise<Activations> {
  const [values] = await measureActivations(page, codeServer, logs, [extensionPath], workspace, count);
  return values;
}

/** The `activationMs` of each window, and where it went when the extension said (an older build does not). */
interface Activations {
  readonly times: number[];
  readonly parts: ActivationPartsLine[];
}

/** measureActivation of each of `extensionPaths`, one window of each in turn: the values per extension. */
async function measureActivations(page: Page, codeServer: RunningCodeServer, logs: LogLines, extensionPaths: readonly string[], workspace: string, count: number): Promise<Activations[]> {
  const values = extensionPaths.map((): Activations => ({ times: [], parts: [] }));
  for (let window = 1; window <= count; window++) {
    for (const [index, extensionPath] of extensionPaths.entries()) {
      const reported = logs.next((line) => readActivationTime(line) !== undefined, 'activation time from the extension host');
      // Awaited below; if the navigation fails first, its later timeout must not go unhandled.
      reported.catch(() => undefined);
      logs.clearSeen();
      await page.goto(workbenchUrl(codeServer, workspace, { extensionDevelopmentPath: extensionPath, extensionTestsPath: SUITE_ENTRY }));
      const value = readActivationTime(await reported) ?? Number.NaN;
      const parts = logs.seenLines().map(readActivationParts).find((found) => found !== undefined);
      const told = parts === undefined ? '' : ` (evaluation ${parts.evaluationMs.toFixed(1)}, waiting for the editor ${parts.waitMs.toFixed(1)}, activate ${parts.activateMs.toFixed(1)})`;
      say(`  window ${window}${extensionPaths.length > 1 ? ` (${extensionPath})` : ''}: activationMs ${value.toFixed(1)}${told}`);
      values[index].times.push(value);
      if (parts !== undefined) values[index].parts.push(parts);
    }
  }
  return values;
}

/**
 * The workbench address of `folder` (code-server's folderUrl() is bound to the workspace it
 * started with): `payload` paths become `vscode-remote://` URIs on this machine.
 */
function workbenchUrl(codeServer: RunningCodeServer, folder: string, payload: Record<string, string>): string {
  const remote = (path: string): string => `vscode-remote://${codeServer.host}${path}`;
  const query = new URLSearchParams({ folder: remote(folder), payload: JSON.stringify(Object.entries(payload).map(([key, path]) => [key, remote(path)])) });
  return `${codeServer.url}/?${query.toString()}`;
}

/** Marks the drawn audience so that a redraw can be told from the page already on show. */
const MARK_STALE = "document.getElementById('audience')?.setAttribute('data-stale', '')";
/**
 * The table's rows as the user sees them: the plain first rows the page draws at once, or the
 * grid's rows once it is on show (it is built hidden over the plain rows, then swapped in).
 */
const ROWS_SHOWN = '.first-rows-table tbody tr, .grid:not(.grid-pending) .tabulator-row';
/** The sortable grid on show, the plain rows gone. */
const GRID_SHOWN = '.grid:not(.grid-pending) .tabulator-row';
/**
 * True once the page shows a finished run drawn after the mark: audience, status and table rows.
 * Runs in the page, passed as a function: the page's CSP refuses a predicate given as a string.
 */
function isFreshlyDrawn(rowsShown: string): boolean {
  const page = (globalThis as unknown as { document: { querySelector(selector: string): unknown } }).document;
  return ['#audience:not([data-stale])', '#status.status-succeeded', rowsShown].every((selector) => page.querySelector(selector) !== null);
}

async function openDemoQuery(page: Page): Promise<void> {
  await openFileByName(page, DEMO_FILE);
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('ArrowDown');
  await waitForQueryCodeLens(page);
}

/**
 * Times Ctrl+Enter → results drawn: `reused` runs into the panel already open, then
 * `fresh` runs each into a new panel (every editor closed first).
 */
async function measureRunToResults(page: Page, codeServer: RunningCodeServer, extensionPath: string, reused: number, fresh: number): Promise<RunTimes> {
  await page.goto(codeServer.folderUrl({ extensionDevelopmentPath: extensionPath }));
  await waitForWorkbench(page);
  await runCommand(page, 'View: Close All Editors');
  await openDemoQuery(page);
  const results = page.frameLocator('iframe.webview.ready').frameLocator('#active-frame');
  // The first run of the window: the query is new to the emulator and the panel new to the window.
  let started = performance.now();
  await page.keyboard.press('Control+Enter');
  await waitUntilDrawn(results);
  const first = performance.now() - started;
  await results.locator(GRID_SHOWN).first().waitFor({ timeout: STEP_TIMEOUT_MS });
  const firstGrid = performance.now() - started;
  const frame = await waitForWebviewFrame(page, '#status.status-succeeded', STEP_TIMEOUT_MS);
  const rowsAhead = await frame.evaluate(gridAfterFirstRows, [FIRST_ROWS_PAINTED, GRID_IN_PLACE]);
  say(`  first run of the window: ${ms(first)} (the grid in place: ${ms(firstGrid)}; page clock: ${ms(rowsAhead)} after the first rows)`);

  const reusedTimes: number[] = [];
  for (let run = 1; run <= reused; run++) {
    await frame.evaluate(MARK_STALE);
    started = performance.now();
    await page.keyboard.press('Control+Enter');
    await frame.waitForFunction(isFreshlyDrawn, ROWS_SHOWN, { polling: 'raf', timeout: STEP_TIMEOUT_MS });
    reusedTimes.push(performance.now() - started);
    // Untimed: the grid's build finishes before the next run, so no run gets a head start.
    await frame.locator(GRID_SHOWN).first().waitFor({ timeout: STEP_TIMEOUT_MS });
    say(`  run ${run} (panel reused): ${ms(reusedTimes[reusedTimes.length - 1])}`);
  }

  const freshTimes: number[] = [];
  for (let run = 1; run <= fresh; run++) {
    await runCommand(page, 'View: Close All Editors');
    await page.locator('iframe.webview').first().waitFor({ state: 'detached', timeout: STEP_TIMEOUT_MS });
    await openDemoQuery(page);
    started = performance.now();
    await page.keyboard.press('Control+Enter');
    await waitUntilDrawn(results);
    freshTimes.push(performance.now() - started);
    await results.locator(GRID_SHOWN).first().waitFor({ timeout: STEP_TIMEOUT_MS });
    say(`  run ${run} (new panel): ${ms(freshTimes[freshTimes.length - 1])}`);
  }
  return { first, firstGrid, rowsAhead, reused: reusedTimes, fresh: freshTimes };
}

interface RunTimes {
  readonly first: number;
  readonly firstGrid: number;
  /** On the page's clock: from the first rows painted to the grid in their place. */
  readonly rowsAhead: number;
  readonly reused: readonly number[];
  readonly fresh: readonly number[];
}

/** Milliseconds between the page's two marks (swap-in-grid.ts); runs in the page. */
function gridAfterFirstRows([rowsPainted, gridInPlace]: readonly string[]): number {
  // No inner function (tsx names those with a helper the page does not have), and the page's
  // own clock, not the bench's node:perf_hooks import.
  const clock = (globalThis as unknown as { performance: { getEntriesByName(name: string, type: string): { startTime: number }[] } }).performance;
  const [painted] = clock.getEntriesByName(rowsPainted, 'mark');
  const [placed] = clock.getEntriesByName(gridInPlace, 'mark');
  return (placed?.startTime ?? Number.NaN) - (painted?.startTime ?? Number.NaN);
}

/** Waits until the only results page open shows a finished run with its table rows. */
async function waitUntilDrawn(results: FrameLocator): Promise<void> {
  await results.locator('#status.status-succeeded').waitFor({ timeout: STEP_TIMEOUT_MS });
  await results.locator(ROWS_SHOWN).first().waitFor({ timeout: STEP_TIMEOUT_MS });
}

function activationRows(label: string, activations: Activations, withTarget: boolean): Row[] {
  const values = activations.times;
  const middle = median(values);
  const worst = Math.max(...values);
  const parts = activations.parts;
  const partRows: Row[] =
    parts.length === 0
      ? []
      : [
          {
            measure: `… of which, medians of the ${parts.length} windows: the bundle's evaluation / waiting for the editor (its context) / \`activate\``,
            value: [median(parts.map((part) => part.evaluationMs)), median(parts.map((part) => part.waitMs)), median(parts.map((part) => part.activateMs))].map(ms).join(' / '),
            target: '—',
          },
        ];
  return [
    {
      measure: `Activation, ${label}: median of ${values.length} fresh windows (${samples(values)} ms)`,
      value: ms(middle),
      target: withTarget ? `≤ ${TARGETS.activationMs} ms` : '—',
      ...(withTarget ? { ok: middle <= TARGETS.activationMs } : {}),
    },
    ...partRows,
    { measure: `Activation, ${label}: max`, value: ms(worst), target: '—' },
  ];
}

function runRows(label: string, values: readonly number[], targetMs?: number): Row[] {
  const middle = median(values);
  const what = values.length === 1 ? label : `${label}: median of ${values.length} (${samples(values)} ms)`;
  const target = targetMs === undefined ? { target: '—' } : { target: `≤ ${targetMs} ms`, ok: middle <= targetMs };
  return [
    { measure: `Run → results drawn, ${what}`, value: ms(middle), ...target },
    { measure: `… less the client's ${POLL_WAIT_MS} ms wait before its poll: the editor's own work`, value: ms(middle - POLL_WAIT_MS), target: '—' },
  ];
}

async function main(): Promise<void> {
  if (!existsSync(SUITE_ENTRY)) throw new Error(`${SUITE_ENTRY} is missing: build first (npm run build; npm run bench does it)`);
  const cleanups: (() => Promise<void> | void)[] = [];
  const rows: Row[] = [];
  try {
    const tools = await provisionEditorTools({ log: say });
    const fixture = await startEditorFixture();
    cleanups.push(() => fixture.dispose());
    for (const [name, text] of Object.entries(demoFiles(DEMO_FILE))) writeFileSync(join(fixture.workspaceDir, name), text);
    // The emulator as the only connection (a developer's own IQL_* would retarget the runs), and
    // only the activation-time scenario when a window runs the suite.
    const own = Object.entries(process.env).filter(([name]) => !/^IQL_(BASE_URL|API_KEY|COLLABORATION)$/.test(name));
    const env: NodeJS.ProcessEnv = { ...Object.fromEntries(own), ...fixture.env, IQL_EDITOR_GREP: ACTIVATION_TIME_TITLE };
    const codeServer = await startCodeServer({ entry: tools.codeServerEntry, workspace: fixture.workspaceDir, env });
    cleanups.push(() => codeServer.stop());
    const logs = new LogLines();
    const browser = await openBrowserSession(tools.chromiumPath, (line) => logs.add(line));
    cleanups.push(() => browser.close());

    // Activation at startup needs .iql files in the workspace (workspaceContains); on demand, none.
    const quietWorkspace = mkdtempSync(join(tmpdir(), 'iql-bench-empty-'));
    cleanups.push(() => rmSync(quietWorkspace, { recursive: true, force: true }));

    const activationOnly = process.env.IQL_BENCH_EDITOR === 'activation';
    const compared = process.env.IQL_BENCH_COMPARE_EXTENSION;
    say(`activation, development build, at startup (${WINDOWS} windows)…`);
    const development = await measureActivation(browser.page, codeServer, logs, ROOT, fixture.workspaceDir, WINDOWS);

    say('npm run package…');
    npmRunPackage();
    // npm run package left the production build in dist/; put the development build back afterwards.
    cleanups.push(() => {
      spawnSync(process.execPath, ['esbuild.mjs'], { cwd: ROOT, stdio: ['ignore', 2, 2] });
    });
    const vsixBytes = statSync(VSIX).size;
    const unpacked = mkdtempSync(join(tmpdir(), 'iql-vsix-'));
    cleanups.push(() => rmSync(unpacked, { recursive: true, force: true }));
    const packaged = unpackVsix(unpacked);
    const extensions = compared === undefined ? [packaged] : [packaged, resolve(compared)];

    say(`activation, packaged extension, at startup (${WINDOWS} windows)…`);
    const [production, comparedAtStartup] = await measureActivations(browser.page, codeServer, logs, extensions, fixture.workspaceDir, WINDOWS);
    say(`activation, packaged extension, on demand after startup (${WINDOWS} windows)…`);
    const [onDemand, comparedOnDemand] = await measureActivations(browser.page, codeServer, logs, extensions, quietWorkspace, WINDOWS);

    rows.push(...activationRows('packaged extension (minified), at editor startup', production, true));
    rows.push(...activationRows('packaged extension (minified), on demand after startup', onDemand, false));
    if (comparedAtStartup !== undefined && comparedOnDemand !== undefined) {
      rows.push(...activationRows(`compared extension (${String(compared)}), at editor startup`, comparedAtStartup, false));
      rows.push(...activationRows(`compared extension (${String(compared)}), on demand after startup`, comparedOnDemand, false));
    }
    let runs: RunTimes | undefined;
    if (!activationOnly) {
      say(`Run → results, packaged extension (${REUSED_RUNS} runs in the reused panel, ${NEW_PANEL_RUNS} in new panels)…`);
      runs = await measureRunToResults(browser.page, codeServer, packaged, REUSED_RUNS, NEW_PANEL_RUNS);
      if (browser.scriptAttempts.length > 0) throw new Error(`a view tried to run script: ${browser.scriptAttempts.join('; ')}`);
    }
    rows.push(...activationRows('development build (unminified), at editor startup', development, false));
    const megabytes = vsixBytes / 2 ** 20;
    rows.push({
      measure: '.vsix size (`npm run package`)',
      value: `${megabytes.toFixed(2)} MiB (${vsixBytes.toLocaleString('en-US')} bytes)`,
      target: `≤ ${TARGETS.vsixMegabytes} MB`,
      ok: vsixBytes <= TARGETS.vsixMegabytes * 1_000_000,
    });
    if (runs !== undefined) {
      rows.push(...runRows('first run of a window (query new to the emulator, new panel)', [runs.first], TARGETS.firstRunMs));
      rows.push({ measure: '… the same run until the sortable grid has taken the place of the first rows', value: ms(runs.firstGrid), target: '—' });
      rows.push({ measure: '… on the page\'s clock, the first rows painted → the grid in their place (how much sooner the rows show)', value: ms(runs.rowsAhead), target: '—' });
      rows.push(...runRows('re-run, panel reused', runs.reused));
      rows.push(...runRows('re-run, new panel', runs.fresh));
    }
  } finally {
    for (const cleanup of cleanups.reverse()) {
      await Promise.resolve(cleanup()).catch((error: unknown) => say(`cleanup: ${error instanceof Error ? error.message : String(error)}`));
    }
  }

  const lines = [
    '## Editor',
    '',
    `code-server ${CODE_SERVER_VERSION} (VS Code 1.100) in headless Chromium, the emulator with the demo clean room, on the machine above;`,
    '`npm run bench -- editor` (bench/editor.bench.ts). Activation is the `activationMs` the extension exports: from the',
    'first line of the bundle to the end of `activate`, read by the activation-time scenario in fresh windows, each with its',
    'own extension host; at startup it competes with the rest of the editor starting (built-in extensions such as Git).',
    `Run → results is timed from the Ctrl+Enter keypress in demo/workspace/${DEMO_FILE} to the results page showing the`,
    'finished run (audience, status and table rows), with the packaged extension. "Drawn" is the moment the user sees the',
    'rows: the page draws the first rows as a plain table at once and builds its sortable grid after they are painted,',
    'then swaps it in (the grid\'s moment is shown for the first run). The client waits 50 ms before its first',
    'poll (common/poll-policy.ts) and the emulator answers "done" once its engine has finished, so every run here takes',
    'one poll; that wait is shown apart from the editor\'s own work.',
    '',
    ...formatRows(rows),
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

runBench('editor', main);
