// Makes `npm start` and `npm test` work on a fresh clone: installs the locked dependencies
// when node_modules is missing or older than package-lock.json, and does nothing otherwise.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

const installed = mtime('node_modules/.package-lock.json');
const locked = mtime('package-lock.json');
if (installed === undefined || (locked !== undefined && locked > installed)) {
  console.error('bootstrap: installing locked dependencies (npm ci)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['ci', '--no-audit', '--no-fund'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
