/**
 * Proof, from the browser, that catalog text stayed text: no element made from it, no handler
 * or script link attached, and that the runner's script watch (browser-session.ts: dialogs,
 * refused alerts, CSP refusals, all read from the page's console) hears the frame in question.
 */
import assert from 'node:assert/strict';
import type { ConsoleMessage, Frame, Locator, Page } from 'playwright-core';
import { PAGE_SCRIPT_ID } from '../../../client/src/webviews/webview-html';

/**
 * Asserts that `scope` (a tree row, a hover, a webview page) holds no element that HTML in
 * catalog text could have produced: no `<img>`, `<iframe>` or inline `<script>`, no inline event
 * handler, no `javascript:` link. `what` names the scope in the failure message.
 */
export async function assertNoMarkupMade(scope: Locator | Frame, what: string): Promise<void> {
  assert.equal(await scope.locator('img, iframe, object, embed').count(), 0, `${what}: no <img>, <iframe>, <object> or <embed> element`);
  // The inline scripts of a webview page are the editor's own (`acquireVsCodeApi`) and the
  // page's bundle, which the extension writes into the page (webview-html.ts), at most one.
  assert.equal(await scope.locator(`script:not([src]):not(#_vscodeApiScript):not(#${PAGE_SCRIPT_ID})`).count(), 0, `${what}: no inline <script>`);
  assert.ok((await scope.locator(`script#${PAGE_SCRIPT_ID}`).count()) <= 1, `${what}: one page script at most`);
  assert.equal(await scope.locator('[onerror], [onload], [onclick], [onmouseover]').count(), 0, `${what}: no inline event handler`);
  assert.equal(await scope.locator('a[href^="javascript:" i]').count(), 0, `${what}: no javascript: link`);
}

/**
 * Asserts that script run in `frame` would be noticed by the runner: the page hears the frame's
 * console (where Chromium reports an alert refused by the sandbox and an inline handler refused
 * by the CSP), and the webview frames are sandboxed without `allow-modals` (so an alert there is
 * such a console report rather than a dialog). The probe is a plain log line, which the watch
 * does not count as an attempt.
 */
export async function assertScriptWatchHears(page: Page, frame: Frame): Promise<void> {
  const marker = `iql-ui: console probe ${Date.now()}`;
  let onConsole: ((message: ConsoleMessage) => void) | undefined;
  const heard = new Promise<void>((resolve) => {
    onConsole = (message) => {
      if (message.text() === marker) resolve();
    };
    page.on('console', onConsole);
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await frame.evaluate(`console.log(${JSON.stringify(marker)})`);
    await Promise.race([
      heard,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the page did not hear the console of ${frame.url().slice(0, 120)}, so the script watch would miss it`)), 5_000);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (onConsole) page.off('console', onConsole);
  }
  // Sandbox restrictions add up down the chain of frames: one sandbox without allow-modals is enough.
  const sandboxes: string[] = [];
  for (let current: Frame | null = frame; current && current !== page.mainFrame(); current = current.parentFrame()) {
    sandboxes.push((await (await current.frameElement()).getAttribute('sandbox')) ?? '(none)');
  }
  assert.ok(
    sandboxes.some((sandbox) => sandbox !== '(none)' && !/\ballow-modals\b/.test(sandbox)),
    `a frame around the webview page is sandboxed without allow-modals: ${JSON.stringify(sandboxes)}`,
  );
}
