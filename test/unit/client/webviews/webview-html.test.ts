import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildContentSecurityPolicy, buildWebviewHtml, createNonce, escapeHtml, inlineSafe, PAGE_SCRIPT_ID } from '../../../../client/src/webviews/webview-html';

const CSP_SOURCE = 'https://file+.vscode-resource.vscode-cdn.net';

function page(nonce = 'bm9uY2Utb25l'): string {
  return buildWebviewHtml({
    cspSource: CSP_SOURCE,
    nonce,
    script: { uri: `${CSP_SOURCE}/ext/dist/webview/results.js` },
    style: { uri: `${CSP_SOURCE}/ext/dist/webview/results.css` },
    title: 'IQL Results',
  });
}

const BUNDLE = '(()=>{var a=document.getElementById("app");a&&a.replaceChildren()})();';
const STYLES = 'body{margin:0}.grid{height:460px}';

function inlinePage(nonce = 'bm9uY2Utb25l', script = BUNDLE, style = STYLES): string {
  return buildWebviewHtml({ cspSource: CSP_SOURCE, nonce, script: { text: script }, style: { text: style }, title: 'IQL Results' });
}

describe('buildContentSecurityPolicy', () => {
  it('is exactly the strict policy: nothing by default, scripts by nonce only', () => {
    assert.equal(
      buildContentSecurityPolicy(CSP_SOURCE, 'abc123=='),
      `default-src 'none'; script-src 'nonce-abc123=='; style-src ${CSP_SOURCE} 'nonce-abc123=='; img-src ${CSP_SOURCE} data:; font-src ${CSP_SOURCE}`,
    );
  });

  it('allows neither inline code nor eval', () => {
    const policy = buildContentSecurityPolicy(CSP_SOURCE, 'n');
    assert.doesNotMatch(policy, /unsafe-inline|unsafe-eval|\*/);
  });
});

describe('buildWebviewHtml', () => {
  it('carries the policy in a meta tag, escaped for the attribute', () => {
    const html = page();
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html);
    assert.ok(meta, html);
    assert.equal(meta[1].replace(/&#39;/g, "'"), buildContentSecurityPolicy(CSP_SOURCE, 'bm9uY2Utb25l'));
  });

  it('puts the nonce on every script and stylesheet, and loads scripts only by src', () => {
    const html = page('Zm9vYmFy');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 1);
    for (const [, attributes, body] of scripts) {
      assert.match(attributes, /\bnonce="Zm9vYmFy"/);
      assert.match(attributes, /\bsrc="https:\/\/file\+\.vscode-resource\.vscode-cdn\.net\/ext\/dist\/webview\/results\.js"/);
      assert.equal(body, '', 'no inline script body');
    }
    assert.match(html, /<link rel="stylesheet" nonce="Zm9vYmFy" href="[^"]+results\.css">/);
  });

  it('has no inline event handler, inline style or javascript: URL', () => {
    for (const html of [page(), inlinePage()]) {
      assert.doesNotMatch(html, /\son[a-z]+\s*=/i);
      assert.doesNotMatch(html, /\sstyle\s*=/i);
      assert.doesNotMatch(html, /javascript:/i);
    }
    assert.doesNotMatch(page(), /<style/i);
  });

  it('writes a bundle given as text into the page, under the nonce, and loads nothing else', () => {
    const html = inlinePage('Zm9vYmFy');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    assert.equal(scripts.length, 1);
    assert.equal(scripts[0]?.[1], ` id="${PAGE_SCRIPT_ID}" nonce="Zm9vYmFy"`);
    assert.equal(scripts[0]?.[2], BUNDLE, 'the bundle exactly as built');
    const styles = [...html.matchAll(/<style\b([^>]*)>([\s\S]*?)<\/style>/g)];
    assert.deepEqual(styles.map(([, attributes, body]) => [attributes, body]), [[' nonce="Zm9vYmFy"', STYLES]]);
    assert.doesNotMatch(html, /\ssrc=|\shref=/, 'no file to load');
    // The policy is the same strict one: the nonce, never 'unsafe-inline'.
    assert.ok(html.includes(escapeHtml(buildContentSecurityPolicy(CSP_SOURCE, 'Zm9vYmFy'))));
  });

  it('names the scripts the page loads later on its #app element, escaped, and only by plain names', () => {
    const html = buildWebviewHtml({ cspSource: CSP_SOURCE, nonce: 'n', script: { text: BUNDLE }, style: { text: STYLES }, title: 't', chunks: { charts: `${CSP_SOURCE}/results-charts.js?a="b"` } });
    assert.match(html, /<main id="app" aria-live="polite" data-chunk-charts="https:\/\/file\+\.vscode-resource\.vscode-cdn\.net\/results-charts\.js\?a=&#34;b&#34;">/);
    assert.throws(() => buildWebviewHtml({ cspSource: CSP_SOURCE, nonce: 'n', script: { text: BUNDLE }, style: { text: STYLES }, title: 't', chunks: { 'x onload': 'u' } }), /lower-case letters/);
  });

  it('refuses to write text that would end its element or open a comment early', () => {
    assert.equal(inlineSafe(BUNDLE, 'script'), true);
    assert.equal(inlineSafe('var s="</SCRIPT><script>alert(1)";', 'script'), false);
    assert.equal(inlineSafe('var s="<!--<script>";', 'script'), false);
    assert.equal(inlineSafe('a{content:"</style>"}', 'style'), false);
    assert.equal(inlineSafe('a{content:"</script>"}', 'style'), true);
    assert.throws(() => inlinePage('n', 'x="</script>"'), /load it by address/);
    assert.throws(() => inlinePage('n', BUNDLE, 'a{}</style><script>'), /load it by address/);
  });

  it('escapes every value it writes', () => {
    const html = buildWebviewHtml({ cspSource: CSP_SOURCE, nonce: 'n', script: { uri: 'x" onload="alert(1)' }, style: { uri: 's' }, title: '<img src=x onerror=alert(1)>' });
    assert.ok(!html.includes('<img'), html);
    assert.ok(!html.includes('" onload="'), html);
    assert.ok(html.includes('&#60;img src=x onerror=alert(1)&#62;'));
  });
});

describe('createNonce', () => {
  it('is 128 random bits in base64, different every time', () => {
    const nonces = new Set(Array.from({ length: 50 }, () => createNonce()));
    assert.equal(nonces.size, 50);
    for (const nonce of nonces) {
      assert.match(nonce, /^[A-Za-z0-9+/]{22}==$/);
      assert.equal(Buffer.from(nonce, 'base64').length, 16);
    }
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    assert.equal(escapeHtml(`<a href="x">'&'</a>`), '&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
  });
});
