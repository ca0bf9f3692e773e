/**
 * Test support for driving the real service client against the local emulator: starts the
 * demo clean room on 127.0.0.1:0, hands out one `ServiceClient` per demo key, and closes all
 * of them with the emulator. Also small assertions that unwrap a `ServiceResult`.
 */
import assert from 'node:assert/strict';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { startEmulator } from '../../../emulator/src/start-emulator';
import type { RunningEmulator, StartEmulatorOptions } from '../../../emulator/src/start-emulator';
import { ServiceClient } from '../../../service/src';
import type { ServiceClientOptions, ServiceError, ServiceErrorKind, ServiceResult } from '../../../service/src';

export interface DemoEmulator {
  readonly url: string;
  readonly emulator: RunningEmulator;
  /** A client of profile "emulator" for `apiKey`; closed by `close()`. */
  createClient(apiKey: string, options?: Omit<ServiceClientOptions, 'version'>): ServiceClient;
  /** Closes every client made here, then the emulator; fails if the emulator reported a bug. */
  close(): Promise<void>;
}

/**
 * Starts the demo emulator (no data folder) with `options`. Throws when it cannot start,
 * which fails the suite's `before` hook with the emulator's message.
 */
export async function startDemoEmulator(options: Omit<StartEmulatorOptions, 'port' | 'host' | 'dataDir'> = {}): Promise<DemoEmulator> {
  const internalErrors: unknown[] = [];
  const started = await startEmulator({ ...options, port: 0, onInternalError: (error) => internalErrors.push(error) });
  if (!started.ok) throw new Error(`the emulator did not start: ${started.message}`);
  const { emulator } = started;
  const clients: ServiceClient[] = [];
  return {
    url: emulator.url,
    emulator,
    createClient(apiKey, clientOptions = {}) {
      const created = ServiceClient.create({ name: 'emulator', baseUrl: emulator.url, apiKey }, { version: 'test', ...clientOptions });
      if (!created.ok) throw new Error(`the client could not be created: ${created.error.message}`);
      clients.push(created.value);
      return created.value;
    },
    async close() {
      await Promise.all(clients.map((client) => client.close()));
      await emulator.close();
      if (internalErrors.length > 0) throw new Error(`the emulator reported an internal error: ${String(internalErrors[0])}`);
    },
  };
}

/** Asserts success and returns the value; a failure shows the service error in the test output. */
export function expectOk<T>(result: ServiceResult<T>): T {
  if (!result.ok) assert.fail(`expected success, got ${result.error.kind}: ${result.error.message}`);
  return result.value;
}

/** Asserts a failure of `kind` and returns the error, narrowed to that kind. */
export function expectError<K extends ServiceErrorKind>(result: ServiceResult<unknown>, kind: K): Extract<ServiceError, { kind: K }> {
  if (result.ok) assert.fail(`expected a ${kind} error, got success: ${JSON.stringify(result.value).slice(0, 200)}`);
  assert.equal(result.error.kind, kind, `expected ${kind}, got ${result.error.kind}: ${result.error.message}`);
  return result.error as Extract<ServiceError, { kind: K }>;
}

/**
 * Reads `read` until `isDone` holds, yielding one event-loop turn between reads (the emulator
 * computes asynchronous work on its next turn and reports it done only after polls). Fails
 * after `maxReads` reads instead of hanging.
 */
export async function pollUntil<T>(read: () => Promise<T>, isDone: (value: T) => boolean, what: string, maxReads = 50): Promise<T> {
  for (let reads = 1; ; reads++) {
    const value = await read();
    if (isDone(value)) return value;
    if (reads >= maxReads) assert.fail(`${what} was not reached after ${maxReads} reads; last: ${JSON.stringify(value).slice(0, 300)}`);
    await nextTurn();
  }
}
