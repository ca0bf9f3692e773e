/**
 * Test support for the explorer models: the demo clean room plus the hostile dataset of the
 * editor suite, served by a real emulator on 127.0.0.1:0, with ServiceClients that count the
 * operations they call (to check that metadata is loaded lazily).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeDemoFolder } from '../../../../emulator/src/demo/generate-demo-folder';
import { startEmulator } from '../../../../emulator/src/start-emulator';
import type { StartEmulatorOptions } from '../../../../emulator/src/start-emulator';
import { ServiceClient } from '../../../../service/src';
import type { ExplorerModelOptions, ExplorerScope, ScopeResolver } from '../../../../client/src/explorer/explorer-model';
import { addHostileDataset } from '../../../editor/editor-fixture';
import { directProfileService } from '../direct-profile-service';

export const MODEL_OPTIONS: ExplorerModelOptions = { refreshCommand: 'test.refresh', showMoreCommand: 'test.showMore' };

export interface ExplorerEmulator {
  readonly url: string;
  /** A client of profile `demo` for `apiKey`, counting calls per method name in `calls`. */
  createClient(apiKey: string): { client: ServiceClient; calls: Map<string, number> };
  close(): Promise<void>;
}

/** Starts the emulator on the demo folder plus the hostile dataset. Throws when it cannot. */
export async function startExplorerEmulator(options: Omit<StartEmulatorOptions, 'dataDir' | 'port' | 'host'> = {}): Promise<ExplorerEmulator> {
  const root = await mkdtemp(join(tmpdir(), 'iql-explorer-'));
  // A smaller population than the demo's default: the tree needs the catalog, not the counts.
  await writeDemoFolder(root, { people: 800 });
  await addHostileDataset(root);
  const started = await startEmulator({ ...options, dataDir: root, port: 0, host: '127.0.0.1' });
  if (!started.ok) {
    await rm(root, { recursive: true, force: true });
    throw new Error(`the emulator did not start: ${started.message}`);
  }
  const clients: ServiceClient[] = [];
  return {
    url: started.emulator.url,
    createClient(apiKey) {
      const created = ServiceClient.create({ name: 'demo', baseUrl: started.emulator.url, apiKey }, { version: 'test', retry: { maxAttempts: 1 } });
      if (!created.ok) throw new Error(created.error.message);
      clients.push(created.value);
      return countCalls(created.value);
    },
    async close() {
      await Promise.all(clients.map((client) => client.close()));
      await started.emulator.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** A ready scope of profile `demo` for `client`, its calls made in-process as the language server would. */
export function readyScope(client: ServiceClient, profile = 'demo'): ScopeResolver {
  const scope: ExplorerScope = { kind: 'ready', profile, service: directProfileService(client, { profile }) };
  return () => Promise.resolve(scope);
}

/** Wraps `client` so that every method call is counted by name (`call` per operation). */
export function countCalls(client: ServiceClient): { client: ServiceClient; calls: Map<string, number> } {
  const calls = new Map<string, number>();
  const proxy = new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      return (...args: unknown[]) => {
        // The generic `call` (used by the page walkers) is counted per operation: `call:listCollaborations`.
        const name = property === 'call' ? `call:${String(args[0])}` : property;
        calls.set(name, (calls.get(name) ?? 0) + 1);
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { client: proxy, calls };
}
