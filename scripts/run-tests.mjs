// Runs the test suites with Node's own test runner. Node 20 does not expand globs for
// `--test`, so the files are found here. `node scripts/run-tests.mjs unit lsp` limits the run
// to those folders under test/; with no argument every suite runs.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const suites = process.argv.slice(2);
const roots = (suites.length > 0 ? suites : ['unit', 'lsp', 'cli']).map((name) => join('test', name));

function findTests(dir) {
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return findTests(path);
    return entry.endsWith('.test.ts') ? [path] : [];
  });
}

const files = roots.flatMap(findTests).sort();
if (files.length === 0) {
  console.error(`no test files under ${roots.join(', ')}`);
  process.exit(1);
}
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter', 'spec', ...files], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
