/**
 * The browser that shows the workbench: Debian's Chromium driven by playwright-core (which
 * downloads no browser). Collects everything a run must report: the extension tests' exit code
 * and log (through the hooks the workbench calls in test mode), page errors, and every
 * JavaScript dialog — a dialog means some view executed catalog text as script.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { format } from 'node:util';
import { chromium } from 'playwright-core';
import type { BrowserContext, Page } from 'playwright-core';

/** Flags from ../shared/guides/editor-e2e.md: no sandbox as root, no GPU, no background traffic. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface BrowserSession {
  readonly context: BrowserContext;
  readonly page: Page;
  /**
   * Every sign that a page or webview tried to run script it should not have: each
   * alert/confirm/prompt (dismissed), each one a sandboxed frame refused, and each inline
   * script or event handler the content security policy refused.
   */
  readonly scriptAttempts: readonly string[];
  /** Resolves with the code the extension tests reported through `codeAutomationExit`. */
  readonly extensionTestsExit: Promise<number>;
  /**
   * Opens an alert in the page and checks that the watch saw it (then forgets it), so that a
   * broken watch cannot pass a run in which some view did run script. Rejects if unseen.
   */
  verifyScriptWatch(): Promise<void>;
  /** Closes the browser and removes its profile folder. */
  close(): Promise<void>;
}

const PROBE = 'iql-editor-tests: dialog watch probe';

/**
 * Launches Chromium with a fresh profile and one page, already listening for dialogs and
 * exposing `codeAutomationExit` / `codeAutomationLog` to the workbench. `onLog` receives the
 * extension host's log lines (the mocha report among them) and page errors.
 */
export async function openBrowserSession(chromiumPath: string, onLog: (line: string) => void): Promise<BrowserSession> {
  const profileDir = await mkdtemp(join(tmpdir(), 'iql-chromium-'));
  let context: BrowserContext | undefined;
  try {
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: chromiumPath,
      headless: true,
      args: CHROMIUM_ARGS,
      // 1280 × 800: the screenshots go into the README as they are.
      viewport: { width: 1280, height: 800 },
      // The runner stops everything itself on a signal; Playwright's own handlers would exit
      // the process after closing only the browser, leaving code-server behind.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    const page = context.pages()[0] ?? (await context.newPage());
    const scriptAttempts: string[] = [];
    const record = (attempt: string): void => {
      scriptAttempts.push(attempt);
      if (!attempt.includes(PROBE)) onLog(`SCRIPT ATTEMPT ${attempt}`);
    };
    page.on('dialog', (dialog) => {
      record(`${dialog.type()} dialog: ${dialog.message()}`);
      // Dismissing fails only if the page closed meanwhile; the attempt is recorded either way.
      void dialog.dismiss().catch(() => undefined);
    });
    // Webviews are sandboxed frames: there an alert() is refused with a console message
    // instead of opening a dialog, and the CSP refuses inline handlers the same way (Chromium
    // 156 words it "Executing inline event handler violates…", older ones "Refused to execute…").
    page.on('console', (message) => {
      const text = message.text();
      if (/Ignored call to '(alert|confirm|prompt)\(\)'|(Refused to execute|Executing) inline (event handler|script)/.test(text)) record(text);
    });
    page.on('pageerror', (error) => onLog(`page error: ${error.message}`));
    let reportExit: (code: number) => void = () => undefined;
    const extensionTestsExit = new Promise<number>((resolve) => {
      reportExit = resolve;
    });
    await page.exposeFunction('codeAutomationExit', (code: unknown) => reportExit(typeof code === 'number' ? code : 1));
    await page.exposeFunction('codeAutomationLog', (type: unknown, args: unknown) => {
      // The workbench forwards console calls as their arguments, format string first.
      const text = Array.isArray(args) ? format(...(args as unknown[])) : format(args);
      onLog(type === 'error' ? `[error] ${text}` : text);
    });
    const opened = context;
    return {
      context: opened,
      page,
      scriptAttempts,
      extensionTestsExit,
      verifyScriptWatch: async () => {
        await page.evaluate(`alert(${JSON.stringify(PROBE)})`);
        const index = scriptAttempts.findIndex((attempt) => attempt.includes(PROBE));
        if (index < 0) throw new Error('the dialog watch missed a probe alert, so script run by a view would go unnoticed');
        scriptAttempts.splice(index, 1);
      },
      close: async () => {
        // Closing fails only when the browser is already gone, which is what close() wants.
        await opened.close().catch(() => undefined);
        await rm(profileDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await context?.close().catch(() => undefined);
    await rm(profileDir, { recursive: true, force: true });
    throw error;
  }
}
