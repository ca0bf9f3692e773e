/**
 * MemoryRelease: one full collection a moment after a large document closes (several closes
 * in a burst are one collection), none for small documents, none once disposed. Timers are
 * Node's mocked ones: no real waiting.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LARGE_DOCUMENT_CHARACTERS, MemoryRelease } from '../../../../server/src/workspace/memory-release';

describe('memory release', () => {
  it('collects once, a second after the last of several large documents closed', (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    let collections = 0;
    const release = new MemoryRelease(() => () => void (collections += 1));
    release.documentClosed(LARGE_DOCUMENT_CHARACTERS);
    t.mock.timers.tick(600);
    release.documentClosed(LARGE_DOCUMENT_CHARACTERS * 3);
    t.mock.timers.tick(999);
    assert.equal(collections, 0, 'still within the quiet second after the second close');
    t.mock.timers.tick(1);
    assert.equal(collections, 1);
    t.mock.timers.tick(10_000);
    assert.equal(collections, 1, 'one collection for the burst');
    release.dispose();
  });

  it('leaves small documents to the ordinary collector', (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    let collections = 0;
    const release = new MemoryRelease(() => () => void (collections += 1));
    release.documentClosed(LARGE_DOCUMENT_CHARACTERS - 1);
    t.mock.timers.tick(10_000);
    assert.equal(collections, 0);
  });

  it('cancels a pending collection when disposed', (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    let collections = 0;
    const release = new MemoryRelease(() => () => void (collections += 1));
    release.documentClosed(LARGE_DOCUMENT_CHARACTERS);
    release.dispose();
    t.mock.timers.tick(10_000);
    assert.equal(collections, 0);
  });

  it('looks for the collector only when first needed, and once (exposing gc at start would void the code cache)', () => {
    let lookups = 0;
    const release = new MemoryRelease(() => {
      lookups += 1;
      return () => undefined;
    });
    assert.equal(lookups, 0);
    release.documentClosed(LARGE_DOCUMENT_CHARACTERS - 1);
    assert.equal(lookups, 0, 'a small document needs no collector');
    assert.equal(release.collectNow(), true);
    assert.equal(release.collectNow(), true);
    assert.equal(lookups, 1);
    release.dispose();
  });
});
