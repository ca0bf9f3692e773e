// Starts and stops a private code-server (VS Code in the browser) for the editor tests and
// `npm start`. Each instance gets its own temporary user-data, extensions and config folders,
// so nothing leaks between runs or into the user's own editor settings.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { clearTimeout, setTimeout } from 'node:timers';
import { setTimeout as delay } from 'node:timers/promises';
import { URLSearchParams } from 'node:url';
/* global fetch */

/** Settings that keep the workbench quiet and predictable: no welcome page, tips or trust prompt. */
const USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'update.mode': 'none',
  'chat.commandCenter.enabled': false,
  'chat.disableAIFeatures': true,
  'window.commandCenter': false,
  'git.openRepositoryInParentFolders': 'never',
};

/**
 * Starts code-server on 127.0.0.1 (on `port`, or any free port when it is 0 or absent) with
 * `workspace` as its folder and resolves once it answers HTTP. `env` is the environment of
 * code-server and therefore of the extension host and the language server it starts
 * (IQL_BASE_URL, IQL_API_KEY, …), minus VSCODE_* variables: inherited from a terminal inside
 * an editor, they make code-server hand the folder to that editor instead of starting.
 * The process runs in its own process group (the same as `setsid`) so that stop() also ends
 * the file watcher and extension host children. Rejects, after killing what it started,
 * when the server is not ready within `readyTimeoutMs`.
 *
 * @param {{ entry: string, workspace: string, port?: number, env: NodeJS.ProcessEnv, settings?: Record<string, unknown>, readyTimeoutMs?: number, onOutput?: (text: string) => void }} options
 * @returns {Promise<{ url: string, host: string, folderUrl: (extra?: Record<string, string>) => string, userDataDir: string, stop: () => Promise<void> }>}
 */
export async function startCodeServer(options) {
  const home = mkdtempSync(join(tmpdir(), 'iql-code-server-'));
  const userDataDir = join(home, 'user');
  mkdirSync(join(userDataDir, 'User'), { recursive: true });
  mkdirSync(join(home, 'ext'));
  writeFileSync(join(userDataDir, 'User', 'settings.json'), JSON.stringify({ ...USER_SETTINGS, ...options.settings }, null, 2));
  writeFileSync(join(home, 'config.yaml'), 'auth: none\ncert: false\n');

  const args = [
    options.entry,
    '--bind-addr', `127.0.0.1:${options.port ?? 0}`,
    '--auth', 'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--ignore-last-opened',
    '--user-data-dir', userDataDir,
    '--extensions-dir', join(home, 'ext'),
    '--config', join(home, 'config.yaml'),
    options.workspace,
  ];
  const env = Object.fromEntries(Object.entries(options.env).filter(([name]) => !name.startsWith('VSCODE_') && name !== 'ELECTRON_RUN_AS_NODE'));
  const child = spawn(process.execPath, args, { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  let output = '';
  const listening = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      const text = chunk.toString();
      options.onOutput?.(text);
      output = (output + text).slice(-20_000);
      const match = /HTTP server listening on (http:\/\/[^\s/]+)/.exec(output);
      if (match) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', reject);
    void exited.then((code) => reject(new Error(`code-server exited (${code}) before it was ready:\n${output.slice(-2000)}`)));
  });

  const stop = async () => {
    await killGroup(child, exited);
    rmSync(home, { recursive: true, force: true });
  };
  try {
    const url = await withTimeout(listening, options.readyTimeoutMs ?? 60_000, 'code-server did not report its address');
    await waitForHealth(url, options.readyTimeoutMs ?? 60_000);
    const host = new URL(url).host;
    return {
      url,
      host,
      userDataDir,
      folderUrl: (extra = {}) => buildWorkbenchUrl(url, host, options.workspace, extra),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * The workbench address for `workspace`, with optional payload entries such as
 * `extensionDevelopmentPath` and `extensionTestsPath` given as absolute paths on this machine.
 */
function buildWorkbenchUrl(url, host, workspace, payload) {
  const remote = (path) => `vscode-remote://${host}${path}`;
  const query = new URLSearchParams({ folder: remote(workspace) });
  const entries = Object.entries(payload).map(([key, path]) => [key, remote(path)]);
  if (entries.length > 0) query.set('payload', JSON.stringify(entries));
  return `${url}/?${query.toString()}`;
}

async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await delay(100);
  }
  throw new Error(`code-server at ${url} is not healthy after ${timeoutMs} ms (${last})`);
}

/** Ends the whole process group: politely first, then for good after two seconds. */
async function killGroup(child, exited) {
  if (child.pid === undefined) return;
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // The group is already gone.
    }
  };
  signalGroup('SIGTERM');
  const ended = await Promise.race([exited.then(() => true), delay(2000).then(() => false)]);
  // Children of the group (the file watcher) can outlive the main process: always finish them.
  signalGroup('SIGKILL');
  if (!ended) await exited;
}

function withTimeout(promise, ms, message) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${message} within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
