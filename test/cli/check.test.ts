import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { CLI_BUNDLE, EXAMPLES, makeTree, runBundle, runInProcess } from './cli-harness';

interface JsonReport {
  files: Array<{
    path: string;
    queries: number;
    diagnostics: Array<{
      severity: string;
      code: string;
      message: string;
      range: { start: { line: number; character: number }; end: { line: number; character: number } };
    }>;
  }>;
}

describe('iql check', () => {
  it('an empty folder is not a success: it says nothing was checked and exits 2', async () => {
    const root = makeTree({ 'notes.txt': 'not a query file' });
    const run = await runInProcess(['check', '--offline', root]);
    assert.equal(run.code, 2);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /no \.iql file found in .+: nothing was checked\. Name query files, or folders that hold them\./);
  });

  it('an empty file or one with comments only is named, and the run exits 2 even when the rest is clean', async () => {
    const root = makeTree({ 'empty.iql': '', 'comments.iql': '-- only a comment\n', 'good.iql': 'SELECT COUNT() FROM Retail\n' });
    const run = await runInProcess(['check', '--offline', root]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /empty\.iql holds no query \(it is empty or only comments\): nothing was checked in it\./);
    assert.match(run.stderr, /comments\.iql holds no query/);
    assert.doesNotMatch(run.stderr, /good\.iql/);
  });

  it('warns on a file that is not valid UTF-8 and still checks it', async () => {
    const root = makeTree({});
    const path = join(root, 'latin1.iql');
    // 'Café' in Latin-1: the 0xE9 byte is not UTF-8.
    writeFileSync(path, Buffer.concat([Buffer.from("SELECT COUNT() FROM Retail WHERE Retail.Region = 'Caf"), Buffer.from([0xe9]), Buffer.from("'\n")]));
    const run = await runInProcess(['check', '--offline', path]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stderr, /latin1\.iql is not valid UTF-8; the bytes that are not were read as U\+FFFD\. Save the file as UTF-8\./);
  });

  it('exits 0 with no output for the valid examples', async () => {
    const run = await runInProcess(['check', '--offline', join(EXAMPLES, 'valid')]);
    assert.equal(run.stderr, '');
    assert.equal(run.stdout, '');
    assert.equal(run.code, 0);
  });

  it('prints compiler-style 1-based lines and exits 1 for a file with an error', async () => {
    const root = makeTree({ 'q.iql': 'SELECT COUNT()\nFROM Retail INTERSECT\n' });
    const path = join(root, 'q.iql');
    const run = await runInProcess(['check', '--offline', path]);
    assert.equal(run.code, 1);
    const lines = run.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 1);
    assert.match(lines[0]!, new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:\\d+: error: .+ \\[iql\\.[a-z-]+\\]$`));
  });

  it('reports warnings without failing', async () => {
    const root = makeTree({ 'w.iql': `SELECT COUNT() FROM Retail WHERE Region = "London"\n` });
    const run = await runInProcess(['check', '--offline', root]);
    assert.equal(run.code, 0);
    assert.match(run.stdout, /:1:\d+: warning: .*single quotes/);
  });

  it('prints one JSON object with 0-based LSP ranges', async () => {
    const run = await runInProcess(['check', '--offline', '--format', 'json', join(EXAMPLES, 'invalid', 'explain-keyword.iql'), join(EXAMPLES, 'valid', 'two-queries.iql')]);
    assert.equal(run.code, 1);
    const report = JSON.parse(run.stdout) as JsonReport;
    assert.equal(report.files.length, 2);
    const [invalid, valid] = report.files;
    assert.equal(invalid!.queries, 1);
    assert.equal(invalid!.diagnostics.length, 1);
    assert.equal(invalid!.diagnostics[0]!.severity, 'error');
    assert.deepEqual(invalid!.diagnostics[0]!.range.start, { line: 1, character: 0 });
    assert.equal(typeof invalid!.diagnostics[0]!.code, 'string');
    assert.equal(valid!.queries, 2);
    assert.deepEqual(valid!.diagnostics, []);
  });

  it('searches folders recursively for *.iql only', async () => {
    const root = makeTree({
      'a.iql': 'SELECT COUNT() FROM A\n',
      'nested/deeper/b.iql': 'SELECT COUNT() FROM B\n',
      'notes.txt': 'SELECT nonsense',
      'node_modules/pkg/c.iql': 'SELECT',
    });
    const run = await runInProcess(['check', '--format', 'json', root]);
    assert.equal(run.code, 0);
    const report = JSON.parse(run.stdout) as JsonReport;
    assert.deepEqual(report.files.map((f) => f.path), [join(root, 'a.iql'), join(root, 'nested/deeper/b.iql')]);
  });

  it('names a missing file, checks the others and exits 2 without a stack trace', async () => {
    const root = makeTree({ 'ok.iql': 'SELECT COUNT() FROM A\n' });
    const missing = join(root, 'missing.iql');
    const run = await runInProcess(['check', '--offline', missing, join(root, 'ok.iql')]);
    assert.equal(run.code, 2);
    assert.equal(run.stderr, `iql: cannot read ${missing}: no such file or directory\n`);
  });

  for (const [argv, pattern] of [
    [['check', '--format', 'xml', 'a.iql'], /unknown --format 'xml': use text, json or sarif/],
    [['check', '--offline'], /name at least one query file or folder/],
    [['check', '--bogus', 'a.iql'], /Unknown option '--bogus'/],
    [['frobnicate'], /unknown command 'frobnicate'/],
  ] as const) {
    it(`exits 2 with a clear message for: iql ${argv.join(' ')}`, async () => {
      const run = await runInProcess([...argv]);
      assert.equal(run.code, 2);
      assert.match(run.stderr, pattern);
      assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
    });
  }

  it('prints help and version', async () => {
    const help = await runInProcess(['--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /iql check/);
    const version = await runInProcess(['--version']);
    assert.equal(version.code, 0);
    assert.match(version.stdout, /^\d+\.\d+\.\d+/);
  });

  describe('the built bundle', { skip: !existsSync(CLI_BUNDLE) && 'run `npm run build` first' }, () => {
    it('returns the exit codes as a real process: 0, 1 and 2', () => {
      assert.equal(runBundle(['check', join(EXAMPLES, 'valid')]).code, 0);
      const invalid = runBundle(['check', join(EXAMPLES, 'invalid')]);
      assert.equal(invalid.code, 1);
      assert.equal(invalid.stdout.trimEnd().split('\n').length, 8, 'one diagnostic per invalid example');
      const missing = runBundle(['check', 'no-such-folder']);
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /no-such-folder: no such file or directory/);
    });
  });
});
