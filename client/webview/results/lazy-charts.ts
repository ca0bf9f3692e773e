/**
 * Loads the charts script (charts-chunk.ts) once, when a result first has charts to draw: a
 * script element carrying the page's own nonce (the only scripts its policy runs), from the
 * address the host wrote into the page.
 */
import type { ChartsApi } from './charts-api';
import { CHARTS_GLOBAL } from './charts-api';

// Read while the page's script runs, which is the only time `currentScript` names it.
const pageNonce = document.currentScript instanceof HTMLScriptElement ? document.currentScript.nonce : '';
let loading: Promise<ChartsApi> | undefined;

function loaded(): ChartsApi | undefined {
  return (globalThis as Record<string, unknown>)[CHARTS_GLOBAL] as ChartsApi | undefined;
}

/** The charts API, loading its script on the first call; rejects when it cannot be loaded (a later call tries again). */
export function loadCharts(root: HTMLElement): Promise<ChartsApi> {
  loading ??= new Promise<ChartsApi>((resolve, reject) => {
    const ready = loaded();
    if (ready) return resolve(ready);
    // `data-chunk-charts` on the page's #app (webview-html.ts writes one per chunk of the bundle).
    const address = root.dataset.chunkCharts;
    if (!address) return reject(new Error('the page names no charts script'));
    const script = document.createElement('script');
    script.nonce = pageNonce;
    script.src = address;
    script.addEventListener('load', () => {
      const api = loaded();
      if (api) resolve(api);
      else reject(new Error('the charts script did not start'));
    });
    script.addEventListener('error', () => reject(new Error('the charts script could not be loaded')));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
