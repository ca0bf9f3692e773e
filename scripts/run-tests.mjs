// Runs the test suites. Node 20 does not expand globs for `--test`, so the files are found
// here. `node scripts/run-tests.mjs unit lsp` limits the run to those folders under test/;
// with no argument every suite runs, the real-editor phase last. `editor` names that phase:
// it is not a node:test suite but a runner that drives code-server in Chromium
// (test/editor/README.md); IQL_EDITOR_TESTS=skip leaves it out, saying so.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const NODE_SUITES = ['unit', 'lsp', 'cli', 'reliability'];
const EDITOR = 'editor';

const requested = process.argv.slice(2);
const suites = requested.length > 0 ? requested : [...NODE_SUITES, EDITOR];
const roots = suites.filter((name) => name !== EDITOR).map((name) => join('test', name));

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

function runNodeSuites() {
  const files = roots.flatMap(findTests).sort();
  if (files.length === 0) {
    console.error(`no test files under ${roots.join(', ')}`);
    return 1;
  }
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-reporter', 'spec', ...files], {
    stdio: 'inherit',
  });
  return result.status ?? 1;
}

function runEditorPhase() {
  if (process.env.IQL_EDITOR_TESTS === 'skip') {
    console.error('editor: SKIPPED because IQL_EDITOR_TESTS=skip; the extension was not tested in a real editor');
    return 0;
  }
  const result = spawnSync(process.execPath, ['--import', 'tsx', join('test', 'editor', 'run-editor-suite.ts')], { stdio: 'inherit' });
  return result.status ?? 1;
}

let status = roots.length > 0 ? runNodeSuites() : 0;
// The editor phase runs even after a node suite failed: its report is worth having in CI.
if (suites.includes(EDITOR)) status = runEditorPhase() || status;
process.exit(status);
