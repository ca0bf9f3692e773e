/**
 * The HTML page of a webview panel: a strict Content Security Policy, one stylesheet and one
 * script, the extension's own bundles from dist/webview, both carrying a nonce that is new for
 * every page. The bundles are written into the page when their text allows it (see
 * `inlineSafe`): a page that loads nothing draws sooner, since each file a webview loads goes
 * through the editor's resource loading; otherwise they are loaded by address.
 * The page holds no data at all: the view arrives afterwards as a message and is drawn as text,
 * so nothing from the service is ever parsed as HTML.
 */
import { randomBytes } from 'node:crypto';

/** One of the page's bundles: its text, written into the page, or its address. */
export type PageAsset = { readonly text: string } | { readonly uri: string };

export interface WebviewPageOptions {
  /** `webview.cspSource`: the origin the editor serves local resources from. */
  readonly cspSource: string;
  /** From `createNonce()`, new for every page. */
  readonly nonce: string;
  /** The script bundle: its text (only when `inlineSafe(text, 'script')`), else `webview.asWebviewUri(…)` of it. */
  readonly script: PageAsset;
  /** The stylesheet: its text (only when `inlineSafe(text, 'style')`), else its address. */
  readonly style: PageAsset;
  /** The page title (read by screen readers; the tab shows the panel's own title). */
  readonly title: string;
  /**
   * Scripts the page loads itself when it needs them (with its nonce), by name: their
   * addresses go on `#app` as `data-chunk-<name>` attributes.
   */
  readonly chunks?: Readonly<Record<string, string>>;
}

/** The id of the page's own script when it is written into the page (tests tell it from anything else inline). */
export const PAGE_SCRIPT_ID = 'iql-page-script';

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
    'text' in options.style ? `<style nonce="${nonce}">${checkedInline(options.style.text, 'style')}</style>` : `<link rel="stylesheet" nonce="${nonce}" href="${escapeHtml(options.style.uri)}">`,
    `<title>${escapeHtml(options.title)}</title>`,
    '</head>',
    '<body>',
    `<main id="app" aria-live="polite"${chunkAttributes(options.chunks ?? {})}><p class="loading">Loading…</p></main>`,
    'text' in options.script ? `<script id="${PAGE_SCRIPT_ID}" nonce="${nonce}">${checkedInline(options.script.text, 'script')}</script>` : `<script nonce="${nonce}" src="${escapeHtml(options.script.uri)}"></script>`,
    '</body>',
    '</html>',
  ].join('\n');
}

function chunkAttributes(chunks: Readonly<Record<string, string>>): string {
  return Object.entries(chunks)
    .map(([name, uri]) => {
      if (!/^[a-z]+$/.test(name)) throw new Error(`A chunk name must be lower-case letters: ${name}`);
      return ` data-chunk-${name}="${escapeHtml(uri)}"`;
    })
    .join('');
}

/**
 * Whether `text` can stand inside a `<script>` or `<style>` element as it is: HTML does not
 * escape there, so the text must not hold the element's end tag or a comment opener (which
 * changes how a script's end is found). Our minified bundles hold neither; a bundle that ever
 * does is loaded by address instead.
 */
export function inlineSafe(text: string, element: 'script' | 'style'): boolean {
  const lower = text.toLowerCase();
  return !lower.includes(`</${element}`) && !lower.includes('<!--');
}

function checkedInline(text: string, element: 'script' | 'style'): string {
  if (!inlineSafe(text, element)) throw new Error(`This ${element} cannot be written into the page; load it by address.`);
  return text;
}

/** Escapes text for an HTML text node or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
