import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { setTimeout as delay } from 'node:timers/promises';
import { afterPaint } from '../../../../client/webview/shared/after-paint';

/** Frames the test runs by hand, as a browser would before each paint. */
function fakeFrames(): { run(): void; pending(): number } {
  let next = 1;
  const callbacks = new Map<number, () => void>();
  Object.assign(globalThis, {
    requestAnimationFrame: (callback: () => void) => {
      callbacks.set(next, callback);
      return next++;
    },
    cancelAnimationFrame: (id: number) => callbacks.delete(id),
  });
  return {
    run: () => {
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const callback of due) callback();
    },
    pending: () => callbacks.size,
  };
}

describe('afterPaint', () => {
  afterEach(() => {
    const globals = globalThis as { requestAnimationFrame?: unknown; cancelAnimationFrame?: unknown };
    delete globals.requestAnimationFrame;
    delete globals.cancelAnimationFrame;
  });

  it('runs the work once, in a task after the next frame, not before it', async () => {
    const frames = fakeFrames();
    let runs = 0;
    afterPaint(() => (runs += 1));
    await delay(5);
    assert.equal(runs, 0, 'no frame yet: the page has not painted');
    frames.run();
    assert.equal(runs, 0, 'not inside the frame callback, which comes before the paint');
    await delay(5);
    assert.equal(runs, 1);
    await delay(150);
    assert.equal(runs, 1, 'the fallback does not run it again');
  });

  it('runs the work anyway when no frame comes (a page held back)', async () => {
    fakeFrames();
    let runs = 0;
    afterPaint(() => (runs += 1));
    await delay(150);
    assert.equal(runs, 1);
  });

  it('never runs cancelled work', async () => {
    const frames = fakeFrames();
    let runs = 0;
    const cancel = afterPaint(() => (runs += 1));
    cancel();
    assert.equal(frames.pending(), 0);
    frames.run();
    await delay(150);
    assert.equal(runs, 0);
  });
});
