/**
 * `iql/server/status` on a fake Connection: what the server holds (the documents open in the
 * editor, their characters) and its memory after a full collection.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ServerStatusRequest, type ServerStatusResult } from '../../../../common/protocol';
import { registerServerStatus } from '../../../../server/src/handlers/server-status';
import { MemoryRelease } from '../../../../server/src/workspace/memory-release';
import { createServerFixture } from '../server-fixture';

describe('server status', () => {
  it('counts the open documents and their characters, and measures memory after one collection', async () => {
    const fixture = await createServerFixture();
    let collections = 0;
    registerServerStatus(fixture.context, new MemoryRelease(() => () => void (collections += 1)));
    fixture.texts.open('file:///ws/a.iql', 'SELECT COUNT() FROM Retail');
    fixture.texts.open('file:///ws/b.iql', 'SELECT COUNT() FROM Bank\n');
    const status = await fixture.connection.request<ServerStatusResult>(ServerStatusRequest, undefined);
    assert.equal(status.openDocuments, 2);
    assert.equal(status.openCharacters, 26 + 25);
    assert.equal(status.memory.collected, true);
    assert.equal(collections, 1);
    assert.ok(status.memory.heapUsed > 0 && status.memory.rss >= status.memory.heapUsed, JSON.stringify(status.memory));
    fixture.texts.close('file:///ws/a.iql');
    assert.equal((await fixture.connection.request<ServerStatusResult>(ServerStatusRequest, undefined)).openDocuments, 1);
    await fixture.dispose();
  });
});
