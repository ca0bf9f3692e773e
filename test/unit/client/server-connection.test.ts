/**
 * The extension hands its features a DeferredServerConnection and starts the language client
 * after `activate` returns: a command that talks to the server before then must wait for the
 * client and be answered, never refused, and what it asked for must reach the client in order.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type * as vscode from 'vscode';
import { DeferredServerConnection, type LanguageClientInputs } from '../../../client/src/server-connection';
import type * as LanguageClientModule from '../../../client/src/language-client';

interface FakeClient {
  readonly calls: string[];
  stopped: boolean;
  trace?: { addSecret(secret: string): void; info(message: string): void };
}

/** A language client module whose client answers every request with `answer:<method>` and records what it was asked. */
function fakeModule(client: FakeClient, loads: { count: number }, started: () => Promise<void> = () => Promise.resolve()): () => typeof LanguageClientModule {
  const progress = new Map<string | number, (value: unknown) => void>();
  let running = false;
  const languageClient = {
    start: () => {
      client.calls.push('start');
      return started().then(() => {
        running = true;
      });
    },
    // As vscode-languageclient's: a client that is not running (starting, or failed to start) refuses to stop.
    stop: () => {
      if (!running) return Promise.reject(new Error('Client is not running and can\'t be stopped.'));
      client.stopped = true;
      return Promise.resolve();
    },
    sendRequest: (method: string, params: unknown) => {
      client.calls.push(`request ${method} ${JSON.stringify(params)}`);
      progress.get('job-1')?.({ step: 'running' });
      return Promise.resolve(`answer:${method}`);
    },
  };
  const module = {
    createLanguageClient: (_context: unknown, _log: unknown, trace: FakeClient['trace']) => {
      client.trace = trace;
      return languageClient;
    },
    onServerProgress: (_client: unknown, token: string | number, listener: (value: unknown) => void) => {
      client.calls.push(`progress ${token}`);
      progress.set(token, listener);
      return { dispose: () => progress.delete(token) };
    },
  };
  return () => {
    loads.count++;
    return module as unknown as typeof LanguageClientModule;
  };
}

/** The inputs of a connection whose log keeps its errors in `errors` and its other lines in `lines`. */
function inputs(errors: string[] = [], lines: string[] = []): LanguageClientInputs {
  const log = { error: (message: string) => errors.push(message), warn: (message: string) => errors.push(message), info: (message: string) => lines.push(message) };
  return { context: {} as vscode.ExtensionContext, log: log as unknown as vscode.LogOutputChannel, profiles: {} as LanguageClientInputs['profiles'], statuses: {} as LanguageClientInputs['statuses'] };
}

describe('DeferredServerConnection', () => {
  it('loads nothing until started, then answers the requests made before the start, in order', async () => {
    const client: FakeClient = { calls: [], stopped: false };
    const loads = { count: 0 };
    const connection = new DeferredServerConnection(inputs(), fakeModule(client, loads));
    const first = connection.sendRequest<string>('iql/queries', { uri: 'file:///a.iql' });
    const second = connection.sendRequest<string>('iql/refreshCatalog', {});
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(loads.count, 0, 'the client bundle is not loaded before start()');
    assert.deepEqual(client.calls, []);

    connection.start();
    assert.deepEqual(await Promise.all([first, second]), ['answer:iql/queries', 'answer:iql/refreshCatalog']);
    assert.deepEqual(client.calls, ['start', 'request iql/queries {"uri":"file:///a.iql"}', 'request iql/refreshCatalog {}']);
    assert.equal(await connection.sendRequest('iql/explain', {}), 'answer:iql/explain', 'a request after the start goes straight to the client');
    connection.start();
    assert.equal(loads.count, 1, 'a second start() does nothing');
  });

  it('adds a progress listener made before the start ahead of the request it belongs to', async () => {
    const client: FakeClient = { calls: [], stopped: false };
    const connection = new DeferredServerConnection(inputs(), fakeModule(client, { count: 0 }));
    const heard: unknown[] = [];
    const listening = connection.onProgress('job-1', (value) => heard.push(value));
    const answer = connection.sendRequest('iql/job/run', { progressToken: 'job-1' });
    connection.start();
    await answer;
    assert.deepEqual(client.calls.slice(0, 3), ['start', 'progress job-1', 'request iql/job/run {"progressToken":"job-1"}']);
    assert.deepEqual(heard, [{ step: 'running' }]);
    listening.dispose();
  });

  it('never adds a listener disposed before the start', async () => {
    const client: FakeClient = { calls: [], stopped: false };
    const connection = new DeferredServerConnection(inputs(), fakeModule(client, { count: 0 }));
    connection.onProgress('job-2', () => assert.fail('a disposed listener heard progress')).dispose();
    connection.start();
    await connection.sendRequest('iql/queries', {});
    assert.ok(!client.calls.includes('progress job-2'));
  });

  it('hands the trace it redacts to the client, so a secret given before the start is removed too', () => {
    const client: FakeClient = { calls: [], stopped: false };
    const written: string[] = [];
    const connection = new DeferredServerConnection(inputs([], written), fakeModule(client, { count: 0 }));
    connection.redactInTrace('connector-password-123');
    connection.start();
    assert.ok(client.trace !== undefined, 'the client was given the trace channel');
    client.trace.info('sending {"password":"connector-password-123"}');
    assert.equal(written.length, 1);
    assert.ok(!written[0].includes('connector-password-123'), written[0]);
  });

  it('stops a started client when disposed, and refuses the waiting requests of one never started', async () => {
    const client: FakeClient = { calls: [], stopped: false };
    const loads = { count: 0 };
    const never = new DeferredServerConnection(inputs(), fakeModule(client, loads));
    const waiting = never.sendRequest('iql/queries', {});
    never.dispose();
    await assert.rejects(waiting, /deactivated before its language client started/);
    never.start();
    assert.equal(loads.count, 0, 'a disposed connection never loads the client');

    const started = new DeferredServerConnection(inputs(), fakeModule(client, loads));
    started.start();
    await new Promise(setImmediate);
    started.dispose();
    await new Promise(setImmediate);
    assert.equal(client.stopped, true);
  });

  it('stops a client disposed while it starts once it runs, and leaves one whose start failed', async () => {
    let run!: () => void;
    const client: FakeClient = { calls: [], stopped: false };
    const errors: string[] = [];
    const starting = new DeferredServerConnection(inputs(errors), fakeModule(client, { count: 0 }, () => new Promise<void>((resolve) => (run = resolve))));
    starting.start();
    starting.dispose();
    await new Promise(setImmediate);
    assert.equal(client.stopped, false, 'not stopped while starting');
    run();
    await new Promise(setImmediate);
    assert.equal(client.stopped, true, 'stopped once running');
    assert.deepEqual(errors, []);

    const failed: FakeClient = { calls: [], stopped: false };
    const failedErrors: string[] = [];
    const broken = new DeferredServerConnection(inputs(failedErrors), fakeModule(failed, { count: 0 }, () => Promise.reject(new Error('server exited'))));
    broken.start();
    broken.dispose();
    await new Promise(setImmediate);
    assert.equal(failed.stopped, false);
    assert.deepEqual(failedErrors, ['The IQL language server did not start: server exited'], 'only the start is reported; no stop was tried');
  });

  it('logs a client bundle that cannot be loaded, and rejects the requests with why', async () => {
    const errors: string[] = [];
    const connection = new DeferredServerConnection(inputs(errors), () => {
      throw new Error('Cannot find module ./language-client.js');
    });
    const waiting = connection.sendRequest('iql/queries', {});
    connection.start();
    await assert.rejects(waiting, /Cannot find module/);
    assert.deepEqual(errors, ['The IQL language client could not be loaded: Cannot find module ./language-client.js']);
  });
});
