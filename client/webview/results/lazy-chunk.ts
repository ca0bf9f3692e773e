/**
 * Loads one of the page's chunks (a script of its own in dist/webview, see webview-html.ts)
 * once, when the page first needs it: a script element carrying the page's own nonce (the only
 * scripts its policy runs), from the address the host wrote on #app as `data-chunk-<name>`.
 * The chunk leaves its API on a page-global name.
 */

// Read while the page's script runs, which is the only time `currentScript` names it.
const pageNonce = document.currentScript instanceof HTMLScriptElement ? document.currentScript.nonce : '';
const loading = new Map<string, Promise<unknown>>();

function loaded<T>(global: string): T | undefined {
  return (globalThis as Record<string, unknown>)[global] as T | undefined;
}

/**
 * The API the chunk `name` leaves on `global`, loading its script on the first call; rejects
 * when it cannot be loaded (a later call tries again).
 */
export function loadChunk<T>(root: HTMLElement, name: string, global: string): Promise<T> {
  let pending = loading.get(name) as Promise<T> | undefined;
  if (pending) return pending;
  pending = new Promise<T>((resolve, reject) => {
    const ready = loaded<T>(global);
    if (ready) return resolve(ready);
    const address = root.getAttribute(`data-chunk-${name}`);
    if (!address) return reject(new Error(`the page names no ${name} script`));
    const script = document.createElement('script');
    script.nonce = pageNonce;
    script.src = address;
    script.addEventListener('load', () => {
      const api = loaded<T>(global);
      if (api) resolve(api);
      else reject(new Error(`the ${name} script did not start`));
    });
    script.addEventListener('error', () => reject(new Error(`the ${name} script could not be loaded`)));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading.delete(name);
    throw error;
  });
  loading.set(name, pending);
  return pending;
}
