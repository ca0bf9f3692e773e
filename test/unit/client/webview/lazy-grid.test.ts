import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import type { GridApi } from '../../../../client/webview/results/grid-api';
import type { drawLazyResultGrid as DrawLazyResultGrid } from '../../../../client/webview/results/lazy-grid';
import type { GridOptions, GridSettings, ResultGrid } from '../../../../client/webview/results/result-grid';
import type { ResultColumn, ResultRowView } from '../../../../common/webview/results-view';

/** The page's elements as the loader takes them (the tests run without a DOM). */
type PageElement = Parameters<typeof DrawLazyResultGrid>[0];

/** A script element of the fake page: its address, nonce and the listeners the loader set. */
class FakeScript {
  src = '';
  nonce = '';
  private readonly listeners = new Map<string, () => void>();
  addEventListener(type: string, listener: () => void): void {
    this.listeners.set(type, listener);
  }
  fire(type: 'load' | 'error'): void {
    this.listeners.get(type)?.();
  }
}

/** A paragraph of the fake page (what a grid that cannot load writes in its place). */
class FakeElement {
  className = '';
  textContent = '';
  setAttribute(): void {}
  appendChild(): void {}
}

const appended: FakeScript[] = [];
const GRID_ADDRESS = 'https://file+.vscode-resource.vscode-cdn.net/dist/webview/results-grid.js';
const root = { getAttribute: (name: string) => (name === 'data-chunk-grid' ? GRID_ADDRESS : null) } as unknown as PageElement;
const columns: ResultColumn[] = [
  { title: 'Retail.Region', kind: 'dimension' },
  { title: 'COUNT', kind: 'count' },
];
const rows: ResultRowView[] = [{ cells: ['North', '10'] }, { cells: ['South', null], mark: 'missing' }, { cells: ['West', '7'] }];
const given: GridSettings = { sorters: [{ column: 'c0', dir: 'desc' }], filters: [] };
const options: GridOptions = { locale: 'en', settings: given, hideLeftOut: true, onShownRows: () => undefined, onCopy: () => undefined };

/** The grid script's API as the chunk leaves it, recording what it was asked to draw. */
function fakeGridApi(): GridApi & { drawn: { container: unknown; scrolledTo: number[] }[] } {
  const drawn: { container: unknown; scrolledTo: number[] }[] = [];
  const drawResultGrid = (container: PageElement): ResultGrid => {
    const record = { container: container as unknown, scrolledTo: [] as number[] };
    drawn.push(record);
    return {
      built: Promise.resolve(),
      settings: () => ({ sorters: [], filters: [{ field: 'c0', value: 'N' }] }),
      shownRows: () => [0],
      scrollToRow: (index) => record.scrolledTo.push(index),
      destroy: () => undefined,
    };
  };
  return { drawResultGrid: drawResultGrid as GridApi['drawResultGrid'], drawn };
}

function container(): PageElement & { shown: unknown[] } {
  const element = { shown: [] as unknown[], replaceChildren: (...nodes: unknown[]) => (element.shown = nodes) };
  return element as unknown as PageElement & { shown: unknown[] };
}

async function settled(promise: Promise<void>): Promise<boolean> {
  return Promise.race([promise.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20))]);
}

describe('the results grid loaded after the first rows (lazy-grid.ts)', () => {
  let drawLazyResultGrid: typeof DrawLazyResultGrid;
  let GRID_GLOBAL: string;
  /** The grid script's API once it has loaded (the module keeps it for every later grid). */
  let loadedApi: ReturnType<typeof fakeGridApi> | undefined;

  before(async () => {
    // The loader reads the page's script (its nonce) when it is first evaluated, as in the page.
    const pageScript = { nonce: 'page-nonce' };
    Object.setPrototypeOf(pageScript, FakeScript.prototype);
    Object.assign(globalThis, {
      HTMLScriptElement: FakeScript,
      document: {
        currentScript: pageScript,
        createElement: (tag: string) => (tag === 'script' ? new FakeScript() : new FakeElement()),
        head: { append: (script: FakeScript) => appended.push(script) },
      },
    });
    ({ drawLazyResultGrid } = await import('../../../../client/webview/results/lazy-grid.js'));
    ({ GRID_GLOBAL } = await import('../../../../client/webview/results/grid-api.js'));
  });

  it('says so in the grid’s place when its script cannot be loaded, and never claims a built grid', async () => {
    const host = container();
    const grid = drawLazyResultGrid(root, host, columns, rows, options);
    assert.equal(appended.length, 1);
    appended[0]?.fire('error');
    assert.equal(await settled(grid.built), false, 'the plain first rows stay: no grid took their place');
    const [note] = host.shown as FakeElement[];
    assert.match(note?.textContent ?? '', /sortable table could not be loaded: the grid script could not be loaded/);
  });

  it('loads the script once, with the page’s nonce, answers as the plain rows until it has run, then draws the grid', async () => {
    const host = container();
    const grid = drawLazyResultGrid(root, host, columns, rows, options);
    // A new attempt after the failure above.
    assert.equal(appended.length, 2);
    const script = appended[1]!;
    assert.equal(script.src, GRID_ADDRESS);
    assert.equal(script.nonce, 'page-nonce');
    assert.deepEqual(grid.settings(), given, 'the settings it was given, until the grid has them');
    assert.deepEqual(grid.shownRows(), [0, 2], 'every row but those left out, in the view order');
    grid.scrollToRow(2);

    const api = fakeGridApi();
    loadedApi = api;
    (globalThis as Record<string, unknown>)[GRID_GLOBAL] = api;
    script.fire('load');
    assert.equal(await settled(grid.built), true);
    assert.equal(api.drawn.length, 1);
    assert.equal(api.drawn[0]?.container, host);
    assert.deepEqual(api.drawn[0]?.scrolledTo, [2], 'a scroll asked for before the grid was there is kept');
    assert.deepEqual(grid.settings(), { sorters: [], filters: [{ field: 'c0', value: 'N' }] }, 'the grid’s own settings once drawn');

    const again = drawLazyResultGrid(root, container(), columns, rows, options);
    assert.equal(await settled(again.built), true);
    assert.equal(appended.length, 2, 'a later grid uses the script already loaded');
  });

  it('draws nothing when destroyed before the script’s answer reaches it', async () => {
    assert.ok(loadedApi);
    const before = loadedApi.drawn.length;
    const grid = drawLazyResultGrid(root, container(), columns, rows, options);
    grid.destroy();
    assert.equal(await settled(grid.built), false);
    assert.equal(loadedApi.drawn.length, before, 'no grid drawn into a page that moved on');
  });
});
