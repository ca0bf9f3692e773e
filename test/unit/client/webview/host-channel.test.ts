import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { HostMessage } from '../../../../common/webview/messages';
import { buildResultsView } from '../../../../client/src/webviews/results-view-model';
import { connectToHost } from '../../../../client/webview/shared/host-channel';
import { succeededRun } from '../webviews/webviews-fixture';

/** The page's globals, as the webview gives them: the window's messages and the editor's API. */
interface FakePage {
  readonly posted: unknown[];
  state: unknown;
  deliver(data: unknown): void;
}

function fakePage(saved?: unknown): FakePage {
  const window = new EventTarget();
  const page: FakePage = {
    posted: [],
    state: saved,
    deliver: (data) => window.dispatchEvent(new MessageEvent('message', { data })),
  };
  Object.assign(globalThis, {
    window,
    acquireVsCodeApi: () => ({ postMessage: (message: unknown) => page.posted.push(message), getState: () => page.state, setState: (state: unknown) => (page.state = state) }),
  });
  return page;
}

function showResults(query: string, revision?: string): HostMessage {
  const view = buildResultsView(succeededRun(query, { dimensions: [], audience: 3100 }));
  return { type: 'showResults', page: { views: [view], selected: view.runId, locale: 'en' }, ...(revision !== undefined ? { revision } : {}) };
}

describe('connectToHost', () => {
  const globals = globalThis as { window?: unknown; acquireVsCodeApi?: unknown };
  beforeEach(() => {
    delete globals.window;
    delete globals.acquireVsCodeApi;
  });
  afterEach(() => {
    delete globals.window;
    delete globals.acquireVsCodeApi;
  });

  it('draws each new revision once: the view the host posts again on ready is not drawn twice', () => {
    const page = fakePage();
    const drawn: string[] = [];
    connectToHost((message) => drawn.push(message.type === 'showResults' ? (message.page.views[0]?.query ?? '') : message.type), () => drawn.push('invalid'));
    assert.deepEqual(page.posted, [{ type: 'ready' }], 'asks for the view when it can draw');
    page.deliver(showResults('SELECT COUNT() FROM Retail', 'h1'));
    page.deliver(showResults('SELECT COUNT() FROM Retail', 'h1'));
    page.deliver(showResults('SELECT COUNT() FROM Publisher1', 'h2'));
    page.deliver(showResults('SELECT COUNT() FROM Publisher1', 'h2'));
    assert.deepEqual(drawn, ['SELECT COUNT() FROM Retail', 'SELECT COUNT() FROM Publisher1']);
    assert.equal((page.state as HostMessage).revision, 'h2', 'the drawn view is saved for a reload');
  });

  it('draws the saved view at once after a reload, and the host\'s answer only when it is newer', () => {
    const saved = showResults('SELECT COUNT() FROM Retail', 'h7');
    const page = fakePage(saved);
    const drawn: (string | undefined)[] = [];
    connectToHost((message) => drawn.push(message.revision), () => undefined);
    page.deliver(saved);
    page.deliver(showResults('SELECT COUNT() FROM Retail', 'h8'));
    assert.deepEqual(drawn, ['h7', 'h8']);
  });

  it('draws every message that carries no revision, and reports one it cannot read', () => {
    const page = fakePage();
    let drawn = 0;
    let invalid = 0;
    connectToHost(() => (drawn += 1), () => (invalid += 1));
    page.deliver(showResults('SELECT COUNT() FROM Retail'));
    page.deliver(showResults('SELECT COUNT() FROM Retail'));
    page.deliver({ type: 'showResults', page: 'x', revision: 'h9' });
    assert.equal(drawn, 2);
    assert.equal(invalid, 1);
  });
});
