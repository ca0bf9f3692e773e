/**
 * Installs the peer language servers the IQL server is compared with, never into the
 * project's node_modules: into a folder of the OS temp dir named after the exact versions and
 * overrides, so a rerun finds them installed. Both peers pin one transitive package through an
 * npm override so that they run on Node 20 (their own ranges resolve to releases that need 22
 * or that break their startup).
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PEER_PACKAGES = {
  dependencies: { 'graphql-language-service-cli': '3.5.0', 'sql-language-server': '1.7.1' },
  overrides: { '@graphql-tools/delegate': '12.2.1', 'vscode-languageserver-protocol': '3.17.5' },
} as const;

export interface PeerInstall {
  readonly dir: string;
  /** Node scripts that start each server. */
  readonly graphqlLsp: string;
  readonly sqlLanguageServer: string;
}

/** The installed peers, installed first when this machine has none of these versions yet. */
export function installPeers(log: (line: string) => void): PeerInstall {
  const manifest = { name: 'iql-bench-peers', version: '0.0.0', private: true, ...PEER_PACKAGES };
  const key = createHash('sha256').update(JSON.stringify(PEER_PACKAGES)).digest('hex').slice(0, 12);
  const dir = join(tmpdir(), `iql-bench-peers-${key}`);
  const install: PeerInstall = {
    dir,
    graphqlLsp: join(dir, 'node_modules/graphql-language-service-cli/bin/graphql.js'),
    sqlLanguageServer: join(dir, 'node_modules/sql-language-server/npm_bin/cli.js'),
  };
  // The marker is written last, so an interrupted install is never taken for a finished one.
  if (existsSync(join(dir, 'installed'))) return install;

  const staging = `${dir}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  writeFileSync(join(staging, 'package.json'), JSON.stringify(manifest, null, 2));
  log(`installing ${Object.entries(PEER_PACKAGES.dependencies).map(([name, version]) => `${name}@${version}`).join(', ')} into ${dir}`);
  // --ignore-scripts: sql-language-server's optional sqlite3 adapter would try to fetch or
  // compile a native binary; the JSON adapter the bench uses needs none.
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'], {
    cwd: staging,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`npm install of the peer servers failed (exit code ${result.status}); is the npm registry reachable?`);
  }
  writeFileSync(join(staging, 'installed'), new Date().toISOString());
  rmSync(dir, { recursive: true, force: true });
  renameSync(staging, dir);
  return install;
}
