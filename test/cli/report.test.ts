/**
 * `iql report` against the demo emulator, in process: a report's life from a *.iqlreport.json
 * file (create with --write-id, status until complete with --wait, single and cross results
 * read from the ID or the file, list and get), the service's refusals (exit 1 with its
 * message), file and usage mistakes (exit 2 with the file, line and column and what to write)
 * and the JSON shapes.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { makeTree, runInProcess, useDemoEmulator } from './cli-harness';

const RETAIL = 'CLOUDA_EU_WEST_2.retail01';
const REPORT = {
  $schema: 'iql-schema:report',
  name: 'Loyal shoppers',
  seed: { dataset_id: RETAIL },
  seed_filter: '"Loyalty Member" = \'Yes\'',
  baseline: { dataset_id: RETAIL },
  baseline_filter: '',
  categories: ['Gender', 'Region'],
};

describe('iql report (against the emulator)', () => {
  // One status read answers "running" after the work is done, so --wait shows a progress line.
  const service = useDemoEmulator({ pollsBeforeDone: 1 });

  it('creates a report from a file, writes its ID back, waits for it and prints its results', async () => {
    const folder = makeTree({ 'loyal.iqlreport.json': `${JSON.stringify(REPORT, null, 2)}\n` });
    const file = `${folder}/loyal.iqlreport.json`;
    const created = await runInProcess(['report', 'create', file, '--write-id'], service.env);
    assert.equal(created.code, 0, created.stderr);
    const id = created.stdout.trim();
    assert.match(id, /^RPT\./);
    const written = readFileSync(file, 'utf8');
    assert.equal((JSON.parse(written) as { id: string }).id, id);
    assert.match(written, /^\{\n {2}"\$schema": "iql-schema:report",\n {2}"id": "RPT\.\d+",\n {2}"name"/);

    const again = await runInProcess(['report', 'create', file], service.env);
    assert.equal(again.code, 2);
    assert.match(again.stderr, /already names the report RPT\.\d+: remove its "id"/);

    const waited = await runInProcess(['report', 'status', file, '--wait'], service.env);
    assert.equal(waited.code, 0, waited.stderr);
    assert.equal(waited.stdout, `${id}: completed (100%)\n`);
    assert.match(waited.stderr, new RegExp(`^iql report status: ${id.replace('.', '\\.')}: (waiting|running), \\d+%, attempt 1`, 'm'));
    const status = JSON.parse((await runInProcess(['report', 'status', id, '--format', 'json'], service.env)).stdout) as { status: string; progress: { completion_percentage: number } };
    assert.deepEqual([status.status, status.progress.completion_percentage], ['COMPLETED', 100]);

    const results = await runInProcess(['report', 'results', file], service.env);
    assert.equal(results.code, 0, results.stderr);
    assert.match(results.stdout, /^Category\s+Value\s+Baseline bg\s+Baseline fg\s+Intersection bg\s+Intersection fg\s+Index$/m);
    assert.match(results.stdout, /^Gender\s+\S+\s+\d+\s+\d+\s+\d+\s+\d+\s+\d+$/m);
    assert.match(results.stdout, /^Region\s+/m);
    const singles = JSON.parse((await runInProcess(['report', 'results', id, '--format', 'json'], service.env)).stdout) as { category_name: string }[];
    assert.deepEqual(singles.map((result) => result.category_name), ['Gender', 'Region']);

    const cross = await runInProcess(['report', 'results', id, '--cross', 'Gender,Region'], service.env);
    assert.equal(cross.code, 0, cross.stderr);
    assert.match(cross.stdout, /^Gender\s+Region\s+Baseline bg\s+Baseline fg/m);
    const crossJson = JSON.parse((await runInProcess(['report', 'results', id, '--cross', 'Gender,Region', '--format', 'json'], service.env)).stdout) as { result: { category_name_1: string } };
    assert.equal(crossJson.result.category_name_1, 'Gender');

    const list = await runInProcess(['report', 'list'], service.env);
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, new RegExp(`^${id.replace('.', '\\.')}\\s+Loyal shoppers\\s+completed\\s+100%`, 'm'));
    assert.ok((JSON.parse((await runInProcess(['report', 'list', '--format', 'json'], service.env)).stdout) as { report_id: string }[]).some((report) => report.report_id === id));
    const get = await runInProcess(['report', 'get', id], service.env);
    assert.equal(get.code, 0, get.stderr);
    assert.match(get.stdout, /^Seed: CLOUDA_EU_WEST_2\.retail01 WHERE "Loyalty Member" = 'Yes'$/m);
    assert.match(get.stdout, /^Categories: Gender, Region$/m);
    assert.equal((JSON.parse((await runInProcess(['report', 'get', id, '--format', 'json'], service.env)).stdout) as { report_name: string }).report_name, 'Loyal shoppers');
  });

  it("exits 1 with the service's message when it refuses", async () => {
    const folder = makeTree({ 'bad.iqlreport.json': JSON.stringify({ ...REPORT, categories: ['Shoe size'] }) });
    const refused = await runInProcess(['report', 'create', `${folder}/bad.iqlreport.json`], service.env);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /^iql report create: the service refused: categories\[0\]: 'Shoe size' is not a category of the baseline dataset/m);
    const missing = await runInProcess(['report', 'status', 'RPT.none'], service.env);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /unknown insight report 'RPT\.none'/);
    const cross = await runInProcess(['report', 'results', 'RPT.none', '--cross', 'Gender,Age'], service.env);
    assert.equal(cross.code, 1);
  });

  it('exits 2 naming the file, line and column and what to write for a broken or incomplete file', async () => {
    const folder = makeTree({
      'broken.iqlreport.json': '{\n  "name": "x",\n  "categories": ["Gender",]\n}\n',
      'incomplete.iqlreport.json': JSON.stringify({ name: 'x', seed: { dataset_id: RETAIL }, baseline: {}, categories: ['Gender'] }, null, 2),
      'typo.iqlreport.json': '{\n  "name": "x",\n  "seed_filer": ""\n}\n',
      'wrong.iqlreport.json': JSON.stringify({ ...REPORT, categories: 'Gender' }, null, 2),
      'no-id.iqlreport.json': JSON.stringify(REPORT),
    });
    const broken = await runInProcess(['report', 'create', `${folder}/broken.iqlreport.json`], service.env);
    assert.equal(broken.code, 2);
    assert.match(broken.stderr, /broken\.iqlreport\.json:3:27: error: not valid JSON: a value was expected \(no trailing comma\)/);
    const incomplete = await runInProcess(['report', 'create', `${folder}/incomplete.iqlreport.json`], service.env);
    assert.equal(incomplete.code, 2);
    assert.match(incomplete.stderr, /incomplete\.iqlreport\.json:6:15: error: "baseline\.dataset_id" is missing: write "baseline": \{ "dataset_id": "…" \}/);
    const typo = await runInProcess(['report', 'create', `${folder}/typo.iqlreport.json`], service.env);
    assert.equal(typo.code, 2);
    assert.match(typo.stderr, /typo\.iqlreport\.json:3:3: error: unknown field "seed_filer"/);
    const wrong = await runInProcess(['report', 'create', `${folder}/wrong.iqlreport.json`], service.env);
    assert.equal(wrong.code, 2);
    assert.match(wrong.stderr, /wrong\.iqlreport\.json:\d+:\d+: error: "categories" must list at least one/);
    const noId = await runInProcess(['report', 'status', `${folder}/no-id.iqlreport.json`], service.env);
    assert.equal(noId.code, 2);
    assert.match(noId.stderr, /no-id\.iqlreport\.json:1:1: error: the file has no "id" yet: create the report first with 'iql report create .*no-id\.iqlreport\.json --write-id'/);
    const noFile = await runInProcess(['report', 'create', `${folder}/absent.iqlreport.json`], service.env);
    assert.equal(noFile.code, 2);
    assert.match(noFile.stderr, /cannot read .*absent\.iqlreport\.json/);
    const badCross = await runInProcess(['report', 'results', 'RPT.1', '--cross', 'Gender'], service.env);
    assert.equal(badCross.code, 2);
    assert.match(badCross.stderr, /--cross takes two categories, CAT1,CAT2/);
    const noArgument = await runInProcess(['report', 'create'], service.env);
    assert.equal(noArgument.code, 2);
    assert.match(noArgument.stderr, /needs a \*\.iqlreport\.json file, e\.g\. iql report create/);
  });

  it('stops waiting on Ctrl-C with exit 130', async () => {
    const folder = makeTree({ 'wait.iqlreport.json': JSON.stringify(REPORT) });
    const id = (JSON.parse((await runInProcess(['report', 'create', `${folder}/wait.iqlreport.json`, '--format', 'json'], service.env)).stdout) as { report_id: string }).report_id;
    assert.match(id, /^RPT\./);
    const controller = new AbortController();
    controller.abort();
    const stopped = await runInProcess(['report', 'status', id, '--wait'], service.env, { signal: controller.signal });
    assert.equal(stopped.code, 130, stopped.stderr);
    assert.match(stopped.stderr, /cancelled/);
  });
});
