// `npm start` (after the build): serves the demo clean room with the emulator and opens
// demo/workspace in an editor that runs this extension, connected to the emulator as Ana
// (demo-key-ana). Desktop VS Code when the `code` command exists; otherwise code-server in
// the browser, provisioned on first use (scripts/editor/provision.mjs). Runs until Ctrl-C,
// which stops the emulator and code-server.
//
//   node scripts/editor/start-editor.mjs [--code-server] [--port N]
//     --code-server  use code-server even when desktop VS Code is installed
//     --port N       code-server's port on 127.0.0.1 (default: any free port)
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startCodeServer } from './code-server.mjs';
import { provisionEditorTools } from './provision.mjs';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const WORKSPACE = join(REPO_ROOT, 'demo', 'workspace');
const CLI = join(REPO_ROOT, 'dist', 'cli.js');
const DEMO_KEY = 'demo-key-ana';
const USAGE = 'usage: npm start [-- --code-server] [-- --port N]';

function readArgs(argv) {
  const options = { codeServer: false, port: 0 };
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index];
    if (arg === '--code-server') options.codeServer = true;
    else if (arg === '--port' && /^\d+$/.test(argv[index + 1] ?? '') && Number(argv[index + 1]) <= 65535) options.port = Number(argv[++index]);
    else return { error: `unknown or incomplete argument '${arg}'. ${USAGE}` };
  }
  return options;
}

/**
 * Starts `iql emulator` on the demo clean room and resolves with its URL and process. Linked by
 * its stdin (`--until-stdin-closes`): it dies with this script, and leaves saying how to stop
 * to us, so "Stop with Ctrl-C" is printed once.
 */
function startDemoEmulator() {
  const child = spawn(process.execPath, [CLI, 'emulator', '--port', '0', '--until-stdin-closes'], { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      const match = /listening on (\S+)/.exec(output);
      if (match) resolve({ url: match[1], child });
    });
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the emulator exited (${code}) before listening; run 'npm run build' and try again`)));
  });
}

function hasDesktopCode() {
  return spawnSync('sh', ['-c', 'command -v code'], { stdio: 'ignore' }).status === 0;
}

/**
 * Resolves on Ctrl-C (or SIGTERM), or when the emulator ends by itself. Ctrl-C in a terminal
 * reaches the emulator too, which then exits 0: that is a normal stop, not a failure.
 */
function waitForStop(emulatorChild) {
  return new Promise((resolve) => {
    const stop = (why, ok) => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve({ why, ok });
    };
    const onSignal = (signal) => stop(signal, true);
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    emulatorChild.once('exit', (code, signal) => stop(`the emulator exited (${code ?? signal})`, code === 0));
  });
}

async function main() {
  const options = readArgs(process.argv.slice(2));
  if ('error' in options) {
    console.error(`start: ${options.error}`);
    return 2;
  }
  const emulator = await startDemoEmulator();
  // IQL_LOCAL_EMULATOR: the extension's Start Local Emulator reuses this one instead of running a second.
  const env = { ...process.env, IQL_BASE_URL: emulator.url, IQL_API_KEY: DEMO_KEY, IQL_LOCAL_EMULATOR: '1' };
  delete env.IQL_COLLABORATION;
  let codeServer;
  try {
    if (!options.codeServer && hasDesktopCode()) {
      const opened = spawnSync('code', ['--new-window', `--extensionDevelopmentPath=${REPO_ROOT}`, WORKSPACE], { env, stdio: 'inherit' });
      if (opened.status !== 0) throw new Error(`'code' failed (exit ${opened.status ?? opened.error?.message}); try 'npm start -- --code-server'`);
      console.log(`\nDesktop VS Code opened demo/workspace with the extension, connected to the emulator at ${emulator.url}.`);
    } else {
      const tools = await provisionEditorTools({ log: (line) => console.error(line), browser: false });
      codeServer = await startCodeServer({ entry: tools.codeServerEntry, workspace: WORKSPACE, env, port: options.port });
      console.log(`\nOpen the demo workspace in your browser (the extension is loaded and connected to the emulator at ${emulator.url}):\n\n  ${codeServer.folderUrl({ extensionDevelopmentPath: REPO_ROOT })}\n`);
    }
    console.log('Stop with Ctrl-C: it stops the editor and the emulator.');
    const stopped = await waitForStop(emulator.child);
    console.error(`start: stopping (${stopped.why})…`);
    return stopped.ok ? 0 : 1;
  } finally {
    await codeServer?.stop();
    if (emulator.child.exitCode === null) {
      const exited = new Promise((resolve) => emulator.child.once('exit', resolve));
      emulator.child.kill('SIGTERM');
      await exited;
    }
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    console.error(`start: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
