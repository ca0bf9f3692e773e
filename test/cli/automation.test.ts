/**
 * `iql automation` against the demo emulator, in process: an automation's life from a
 * *.iqlauto.json file (saved: created with --write-id, then updated from the same file;
 * read and listed from the ID or the file; executed now and followed step by step; its
 * executions newest first; deleted only with --yes), the service's refusals (exit 1 with its
 * message, a failed execution too), file and usage mistakes (exit 2 with the file, line and
 * column and what to write) and the JSON shapes.
 */
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { makeTree, runInProcess, useDemoEmulator } from './cli-harness';

const CALCULATE = { activation_calculation: { collaboration_id: 'CLB.demo', activation_segment_id: 'ATS.demo1' } };
const EXPORT = { activation: { collaboration_id: 'CLB.demo', activation_segment_id: 'ATS.demo1', destination_id: 'DST.retail-sftp' } };
const AUTOMATION = { $schema: 'iql-schema:automation', name: 'Nightly export', cron_timer: '0 2 * * *', timezone_identifier: 'Europe/London', steps: [CALCULATE, EXPORT] };

describe('iql automation (against the emulator)', () => {
  const service = useDemoEmulator();

  it('saves an automation from a file (created, then updated), reads, lists, executes, lists executions and deletes it', async () => {
    const folder = makeTree({ 'nightly.iqlauto.json': `${JSON.stringify(AUTOMATION, null, 2)}\n` });
    const file = `${folder}/nightly.iqlauto.json`;
    const created = await runInProcess(['automation', 'save', file, '--write-id'], service.env);
    assert.equal(created.code, 0, created.stderr);
    const id = created.stdout.trim();
    assert.match(id, /^ATM\./);
    const saved = JSON.parse(readFileSync(file, 'utf8')) as typeof AUTOMATION & { id: string };
    assert.equal(saved.id, id);

    writeFileSync(file, JSON.stringify({ ...saved, name: 'Nightly export 2', enabled: true }, null, 2));
    const updated = await runInProcess(['automation', 'save', file], service.env);
    assert.equal(updated.code, 0, updated.stderr);
    assert.equal(updated.stdout, `Updated ${id}.\n`);
    const detail = await runInProcess(['automation', 'get', file], service.env);
    assert.equal(detail.code, 0, detail.stderr);
    assert.match(detail.stdout, new RegExp(`^${id.replace('.', '\\.')} {2}Nightly export 2 {2}\\(enabled\\)$`, 'm'));
    assert.match(detail.stdout, /^Schedule: 0 2 \* \* \* in Europe\/London$/m);
    assert.match(detail.stdout, /^Step 1: activation_calculation: activation_segment_id ATS\.demo1, collaboration_id CLB\.demo$/m);
    assert.match(detail.stdout, /^Last execution: none$/m);
    const json = JSON.parse((await runInProcess(['automation', 'get', id, '--format', 'json'], service.env)).stdout) as { config: { name: string; automation_steps: unknown[] } };
    assert.deepEqual([json.config.name, json.config.automation_steps.length], ['Nightly export 2', 2]);
    const list = await runInProcess(['automation', 'list'], service.env);
    assert.equal(list.code, 0, list.stderr);
    assert.match(list.stdout, /^ID\s+Name\s+Enabled\s+Schedule\s+Zone\s+Steps\s+Updated$/m);
    assert.match(list.stdout, new RegExp(`^${id.replace('.', '\\.')}\\s+Nightly export 2\\s+yes\\s+0 2 \\* \\* \\*\\s+Europe/London\\s+2`, 'm'));
    assert.ok((JSON.parse((await runInProcess(['automation', 'list', '--format', 'json'], service.env)).stdout) as { id: string }[]).some((config) => config.id === id));

    const waited = await runInProcess(['automation', 'execute', file, '--wait'], service.env);
    assert.equal(waited.code, 0, waited.stderr);
    assert.match(waited.stderr, new RegExp(`^iql automation execute: ${id.replace('.', '\\.')}: execution EXE\\.\\d+ started$`, 'm'));
    assert.match(waited.stdout, /^EXE\.\d+: completed/m);
    assert.match(waited.stdout, /^activation calculation\s+completed\s+ATS\.demo1\s+Q\S+$/m);
    assert.match(waited.stdout, /^activation\s+completed\s+ATS\.demo1\s+EXP\.\S+$/m);
    const started = await runInProcess(['automation', 'execute', id], service.env);
    assert.equal(started.code, 0, started.stderr);
    const executionId = started.stdout.trim();
    assert.match(executionId, /^EXE\./);
    const startedJson = JSON.parse((await runInProcess(['automation', 'execute', id, '--format', 'json'], service.env)).stdout) as { execution_id: string };
    assert.match(startedJson.execution_id, /^EXE\./);
    const waitedJson = JSON.parse((await runInProcess(['automation', 'execute', id, '--wait', '--format', 'json'], service.env)).stdout) as { execution: { current_step_status: string }; execution_steps: unknown[] };
    assert.deepEqual([waitedJson.execution.current_step_status, waitedJson.execution_steps.length], ['COMPLETED', 2]);

    const executions = await runInProcess(['automation', 'executions', file], service.env);
    assert.equal(executions.code, 0, executions.stderr);
    assert.match(executions.stdout, /^Execution\s+Automation\s+Status\s+Step\s+Started\s+Error$/m);
    // The two executions started without --wait move only as they are read: this list is their first read.
    assert.equal(executions.stdout.match(/^EXE\.\d+\s+ATM\.\d+\s+completed\s+activation\s/gm)?.length, 2);
    assert.equal(executions.stdout.match(/^EXE\.\d+\s+ATM\.\d+\s+waiting\s+activation calculation\s/gm)?.length, 2, executions.stdout);
    await runInProcess(['automation', 'executions', file], service.env);
    await runInProcess(['automation', 'executions', file], service.env);
    const later = await runInProcess(['automation', 'executions', file], service.env);
    assert.equal(later.stdout.match(/^EXE\.\d+\s+ATM\.\d+\s+completed\s+activation\s/gm)?.length, 4, later.stdout);
    const all = JSON.parse((await runInProcess(['automation', 'executions', '--format', 'json'], service.env)).stdout) as { id: string; config_id: string }[];
    assert.ok(all.some((execution) => execution.id === executionId && execution.config_id === id));
    assert.match((await runInProcess(['automation', 'get', id], service.env)).stdout, /^Last execution: EXE\.\d+$/m);

    const kept = await runInProcess(['automation', 'delete', id], service.env);
    assert.equal(kept.code, 2);
    assert.match(kept.stderr, /deletes the automation and all its executions\. Add --yes/);
    const deleted = await runInProcess(['automation', 'delete', id, '--yes'], service.env);
    assert.equal(deleted.code, 0, deleted.stderr);
    assert.equal(deleted.stdout, `Deleted ${id}.\n`);
    assert.equal((await runInProcess(['automation', 'get', id], service.env)).code, 1);
    assert.match((await runInProcess(['automation', 'executions', id], service.env)).stdout, /^No execution of ATM\.\d+ yet\.$/m);
  });

  it("reads the editor's files, whose steps are named automation_steps", async () => {
    const { steps, ...rest } = AUTOMATION;
    const folder = makeTree({
      'editor.iqlauto.json': JSON.stringify({ ...rest, name: 'From the editor', automation_steps: steps }, null, 2),
      'both.iqlauto.json': JSON.stringify({ ...AUTOMATION, automation_steps: steps }, null, 2),
      'bad-steps.iqlauto.json': JSON.stringify({ ...rest, automation_steps: 'calculate' }, null, 2),
    });
    const saved = await runInProcess(['automation', 'save', `${folder}/editor.iqlauto.json`, '--format', 'json'], service.env);
    assert.equal(saved.code, 0, saved.stderr);
    assert.equal((JSON.parse(saved.stdout) as { config: { automation_steps: unknown[] } }).config.automation_steps.length, 2);
    const both = await runInProcess(['automation', 'save', `${folder}/both.iqlauto.json`], service.env);
    assert.equal(both.code, 2);
    assert.match(both.stderr, /both\.iqlauto\.json:\d+:3: error: "automation_steps" and "steps" are the same field: keep one/);
    const badSteps = await runInProcess(['automation', 'save', `${folder}/bad-steps.iqlauto.json`], service.env);
    assert.equal(badSteps.code, 2);
    assert.match(badSteps.stderr, /bad-steps\.iqlauto\.json:6:23: error: "automation_steps": /);
  });

  it("exits 1 with the service's message when it refuses, or when an execution fails", async () => {
    const folder = makeTree({
      'cron.iqlauto.json': JSON.stringify({ ...AUTOMATION, cron_timer: '61 * * * *' }),
      'supply.iqlauto.json': JSON.stringify({ name: 'Supply', cron_timer: '0 4 * * *', steps: [{ import: { config_id: 'IMP.none' } }, CALCULATE] }),
    });
    const refused = await runInProcess(['automation', 'save', `${folder}/cron.iqlauto.json`], service.env);
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /^iql automation save: the service refused: cron_timer: /m);
    const missing = await runInProcess(['automation', 'get', 'ATM.none'], service.env);
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /ATM\.none/);
    const id = (await runInProcess(['automation', 'save', `${folder}/supply.iqlauto.json`], service.env)).stdout.trim();
    const failed = await runInProcess(['automation', 'execute', id, '--wait'], service.env);
    assert.equal(failed.code, 1);
    assert.match(failed.stdout, /^import\s+failed\s+IMP\.none\s+.*unknown importer 'IMP\.none'/m);
    assert.match(failed.stdout, /^activation calculation\s+canceled/m);
    assert.match(failed.stderr, /the execution did not complete: unknown importer 'IMP\.none'/);
  });

  it('exits 2 naming the file, line and column and what to write for a broken or incomplete file', async () => {
    const folder = makeTree({
      'comment.iqlauto.json': '{\n  // nightly\n  "name": "x"\n}\n',
      'no-cron.iqlauto.json': JSON.stringify({ name: 'No cron' }, null, 2),
      'date.iqlauto.json': JSON.stringify({ ...AUTOMATION, start_date_time: 'tomorrow' }, null, 2),
      'no-id.iqlauto.json': JSON.stringify(AUTOMATION),
    });
    const comment = await runInProcess(['automation', 'save', `${folder}/comment.iqlauto.json`], service.env);
    assert.equal(comment.code, 2);
    assert.match(comment.stderr, /comment\.iqlauto\.json:2:3: error: not valid JSON: comments are not allowed in JSON/);
    const noCron = await runInProcess(['automation', 'save', `${folder}/no-cron.iqlauto.json`], service.env);
    assert.equal(noCron.code, 2);
    assert.match(noCron.stderr, /no-cron\.iqlauto\.json:1:1: error: "cron_timer" is missing: write "cron_timer": "0 2 \* \* \*"/);
    const date = await runInProcess(['automation', 'save', `${folder}/date.iqlauto.json`], service.env);
    assert.equal(date.code, 2);
    assert.match(date.stderr, /date\.iqlauto\.json:\d+:22: error: "start_date_time": /);
    const noId = await runInProcess(['automation', 'execute', `${folder}/no-id.iqlauto.json`], service.env);
    assert.equal(noId.code, 2);
    assert.match(noId.stderr, /error: the file has no "id" yet: save the automation first with 'iql automation save .*--write-id'/);
    const noArgument = await runInProcess(['automation', 'get'], service.env);
    assert.equal(noArgument.code, 2);
    assert.match(noArgument.stderr, /needs the automation's ID or its \*\.iqlauto\.json file/);
    const unknownVerb = await runInProcess(['automation', 'run'], service.env);
    assert.equal(unknownVerb.code, 2);
    assert.match(unknownVerb.stderr, /unknown verb 'run': the verbs are save, execute, executions, get, list, delete/);
  });
});
