import { ServerStatusRequest, type ServerStatusResult } from '../../../common/protocol';
import type { MemoryRelease } from '../workspace/memory-release';
import type { ServerContext } from './server-context';

/** `iql/server/status`: what the server holds, its memory measured after a full collection. */
export function registerServerStatus(context: ServerContext, memory: MemoryRelease): void {
  context.connection.onRequest(ServerStatusRequest, (): ServerStatusResult => {
    const documents = context.documents.all();
    const collected = memory.collectNow();
    const usage = process.memoryUsage();
    return {
      openDocuments: documents.length,
      openCharacters: documents.reduce((sum, document) => sum + document.getText().length, 0),
      memory: { heapUsed: usage.heapUsed, rss: usage.rss, collected },
    };
  });
}
