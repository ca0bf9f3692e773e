// Provisions what the real-editor tests and `npm start` need on this kind of machine (see
// ../shared/guides/editor-e2e.md): Debian's Chromium and ripgrep, and code-server installed
// into the git-ignored .tools/editor/ folder. Idempotent: when everything is already in
// place it only checks a few files, so a warm run costs next to nothing.
//
//   node scripts/editor/provision.mjs     provision, print the timings and the tools found
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/** code-server 4.100.x is VS Code 1.100, the last line that runs on Node 20. */
export const CODE_SERVER_VERSION = '4.100.3';

const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TOOLS_DIR = join(REPO_ROOT, '.tools', 'editor');
/** Written last, so a half-finished install is never mistaken for a good one. */
const MARKER_FILE = join(TOOLS_DIR, 'provisioned.json');
const CHROMIUM_PATH = '/usr/bin/chromium';

// code-server 4.100.3 depends on @vscode/ripgrep 1.15.11, whose postinstall downloads rg
// v13.0.0-10 from GitHub (unreachable here) unless this tarball is already in its cache.
const RIPGREP_CACHE = join(tmpdir(), 'vscode-ripgrep-cache-1.15.11');
const RIPGREP_TARBALL = 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz';

/** Debian packages and the file that shows each one is installed. */
const SYSTEM_PACKAGES = [
  { name: 'chromium', file: CHROMIUM_PATH, neededFor: 'the browser that drives the editor tests', browserOnly: true },
  { name: 'ripgrep', file: '/usr/bin/rg', neededFor: "code-server's search (and its install)" },
  { name: 'libkrb5-dev', file: '/usr/include/krb5.h', neededFor: "compiling code-server's native addons", installOnly: true },
];

/**
 * Makes sure Chromium, ripgrep and code-server are available and says where they are
 * (`browser: false` leaves Chromium out, for `npm start`, where the user's own browser shows
 * the editor). Installs missing Debian packages with apt-get when running as root; otherwise
 * rejects with the exact command to run. Installs code-server only when .tools/editor does
 * not already hold the right version. Rejects with a message naming the failed step.
 *
 * @param {{ log?: (line: string) => void, browser?: boolean }} [options]
 * @returns {Promise<{ chromiumPath: string, codeServerEntry: string, toolsDir: string, seconds: number }>}
 */
export async function provisionEditorTools(options = {}) {
  const log = options.log ?? ((line) => console.error(line));
  const started = performance.now();
  const codeServerReady = isCodeServerInstalled();

  const wanted = SYSTEM_PACKAGES.filter((pkg) => !(pkg.installOnly && codeServerReady) && !(pkg.browserOnly && options.browser === false));
  const missing = wanted.filter((pkg) => !existsSync(pkg.file));
  if (missing.length > 0) installSystemPackages(wanted, missing, log);
  log(`provision: system packages ok (${elapsed(started)})`);

  if (!codeServerReady) {
    const step = performance.now();
    installCodeServer(log);
    log(`provision: code-server ${CODE_SERVER_VERSION} installed into .tools/editor (${elapsed(step)})`);
  } else {
    log(`provision: code-server ${CODE_SERVER_VERSION} already in .tools/editor`);
  }
  log(`provision: done in ${elapsed(started)}`);
  return {
    chromiumPath: CHROMIUM_PATH,
    codeServerEntry: join(TOOLS_DIR, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    toolsDir: TOOLS_DIR,
    seconds: (performance.now() - started) / 1000,
  };
}

function elapsed(since) {
  return `${((performance.now() - since) / 1000).toFixed(1)} s`;
}

function isCodeServerInstalled() {
  try {
    const marker = JSON.parse(readFileSync(MARKER_FILE, 'utf8'));
    const installed = JSON.parse(readFileSync(join(TOOLS_DIR, 'node_modules', 'code-server', 'package.json'), 'utf8'));
    return marker.codeServer === CODE_SERVER_VERSION && installed.version === CODE_SERVER_VERSION;
  } catch {
    // No marker or no package: not installed (or a broken install), so install again.
    return false;
  }
}

function installSystemPackages(wanted, missing, log) {
  const names = wanted.map((pkg) => pkg.name);
  const command = `apt-get update && apt-get install -y ${names.join(' ')}`;
  const reasons = missing.map((pkg) => `${pkg.name} (${pkg.neededFor})`).join(', ');
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    throw new Error(`missing Debian packages: ${reasons}. Install them once with: sudo sh -c '${command}'`);
  }
  const step = performance.now();
  log(`provision: installing ${names.join(', ')} with apt-get (missing: ${missing.map((pkg) => pkg.name).join(', ')})…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  run('apt-get', ['update', '-qq'], { env }, 'apt-get update');
  run('apt-get', ['install', '-y', '-qq', ...names], { env }, 'apt-get install');
  const stillMissing = missing.filter((pkg) => !existsSync(pkg.file));
  if (stillMissing.length > 0) {
    throw new Error(`apt-get finished but ${stillMissing.map((pkg) => pkg.file).join(', ')} is still missing; run '${command}' by hand to see why`);
  }
  log(`provision: apt-get done (${elapsed(step)})`);
}

function installCodeServer(log) {
  log(`provision: installing code-server ${CODE_SERVER_VERSION} into .tools/editor (about a minute from an empty npm cache)…`);
  rmSync(MARKER_FILE, { force: true });
  mkdirSync(TOOLS_DIR, { recursive: true });
  writeFileSync(
    join(TOOLS_DIR, 'package.json'),
    `${JSON.stringify({ name: 'iql-editor-tools', private: true, description: 'Generated by scripts/editor/provision.mjs; safe to delete.', dependencies: { 'code-server': CODE_SERVER_VERSION } }, null, 2)}\n`,
  );
  seedRipgrepCache();
  const env = {
    ...process.env,
    // Root installs drop privileges for scripts unless told not to, and the postinstall
    // runs `npx node-gyp`, which the machine's `yes=false` would cancel.
    npm_config_unsafe_perm: 'true',
    npm_config_yes: 'true',
    TMPDIR: tmpdir(),
    ...(existsSync('/usr/include/node/node.h') ? { npm_config_nodedir: '/usr' } : {}),
  };
  run('npm', ['install', '--no-audit', '--no-fund', '--no-update-notifier', '--loglevel=error'], { cwd: TOOLS_DIR, env }, 'npm install code-server');
  writeFileSync(MARKER_FILE, `${JSON.stringify({ codeServer: CODE_SERVER_VERSION, at: new Date().toISOString() })}\n`);
}

/** Packs Debian's rg as the release asset @vscode/ripgrep would download. */
function seedRipgrepCache() {
  const tarball = join(RIPGREP_CACHE, RIPGREP_TARBALL);
  if (existsSync(tarball)) return;
  mkdirSync(RIPGREP_CACHE, { recursive: true });
  run('tar', ['-czf', tarball, '-C', '/usr/bin', 'rg'], {}, 'packing /usr/bin/rg for the ripgrep cache');
}

/** Each install step gets ten minutes at most, so a stalled mirror fails CI instead of hanging it. */
const STEP_TIMEOUT_MS = 10 * 60_000;

/**
 * Runs one install step. Its output goes to stderr, stdout included: the benchmark runner reads
 * the bench's stdout as its report, and apt-get's progress once ended up in bench/RESULTS.md.
 */
function run(command, args, options, what) {
  const result = spawnSync(command, args, { stdio: ['ignore', process.stderr, 'inherit'], timeout: STEP_TIMEOUT_MS, killSignal: 'SIGKILL', ...options });
  if (result.error) {
    const reason = result.error.code === 'ETIMEDOUT' ? `did not finish within ${STEP_TIMEOUT_MS / 60_000} minutes` : `cannot run ${command}: ${result.error.message}`;
    throw new Error(`${what}: ${reason}`);
  }
  if (result.status !== 0) throw new Error(`${what} failed (exit ${result.status ?? result.signal}); its output is above`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // No top-level await: the TypeScript runner loads this module through require().
  provisionEditorTools().then(
    (tools) => console.log(JSON.stringify({ chromium: tools.chromiumPath, codeServer: tools.codeServerEntry, seconds: Number(tools.seconds.toFixed(2)) })),
    (error) => {
      console.error(`provision: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
