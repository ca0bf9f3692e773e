/**
 * The HTML page of a webview panel: a strict Content Security Policy, one stylesheet and one
 * script from the extension's dist/webview, both carrying a nonce that is new for every page.
 * The page holds no data at all: the view arrives afterwards as a message and is drawn as text,
 * so nothing from the service is ever parsed as HTML.
 */
import { randomBytes } from 'node:crypto';

export interface WebviewPageOptions {
  /** `webview.cspSource`: the origin the editor serves local resources from. */
  readonly cspSource: string;
  /** From `createNonce()`, new for every page. */
  readonly nonce: string;
  /** `webview.asWebviewUri(…)` of the bundle, as a string. */
  readonly scriptUri: string;
  readonly styleUri: string;
  /** The page title (read by screen readers; the tab shows the panel's own title). */
  readonly title: string;
}

/** 128 random bits, base64: unguessable, and valid inside a CSP source expression. */
export function createNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The page's policy: nothing by default; scripts only with the nonce; styles from the extension
 * or with the nonce; images from the extension or data: URIs (a canvas export); fonts from the
 * extension. Chart.js draws on a canvas and the grid and graph set styles through the CSSOM
 * (element.style), which a policy without 'unsafe-inline' allows, so no exception is needed.
 */
export function buildContentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource} 'nonce-${nonce}'`,
    `img-src ${cspSource} data:`,
    `font-src ${cspSource}`,
  ].join('; ');
}

/** The complete HTML document. Every value is escaped for its attribute or text position. */
export function buildWebviewHtml(options: WebviewPageOptions): string {
  const nonce = escapeHtml(options.nonce);
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(buildContentSecurityPolicy(options.cspSource, options.nonce))}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<link rel="stylesheet" nonce="${nonce}" href="${escapeHtml(options.styleUri)}">`,
    `<title>${escapeHtml(options.title)}</title>`,
    '</head>',
    '<body>',
    '<main id="app" aria-live="polite"><p class="loading">Loading…</p></main>',
    `<script nonce="${nonce}" src="${escapeHtml(options.scriptUri)}"></script>`,
    '</body>',
    '</html>',
  ].join('\n');
}

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
