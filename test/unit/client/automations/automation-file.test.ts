import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  automationFileName, automationFileText, automationSchemaAddress, DEFAULT_CRON, locateAutomationMessage, newAutomationFileText, parseAutomationSchemaAddress, readAutomationFile, stepsDiffer,
  updateBody, withEnabled,
} from '../../../../client/src/automations/automation-file';

const CALCULATE = { activation_calculation: { collaboration_id: 'CLB.demo', activation_segment_id: 'ATS.1' } };
const EXPORT = { activation: { collaboration_id: 'CLB.demo', activation_segment_id: 'ATS.1', destination_id: 'DST.1' } };

describe('automation file', () => {
  test('the schema address names the profile, encoded, and reads back; other addresses are not ours', () => {
    const address = automationSchemaAddress('my profile/2');
    assert.equal(address, 'iql-schema:/my%20profile%2F2/automations/config.schema.json');
    assert.deepEqual(parseAutomationSchemaAddress(address), { profile: 'my profile/2' });
    assert.equal(parseAutomationSchemaAddress('iql-schema:/demo/reports/insight.schema.json'), undefined);
    assert.equal(parseAutomationSchemaAddress('iql-schema:/%E0%A4%A/automations/config.schema.json'), undefined);
  });

  test('a new file: disabled, Mondays at 06:00 in the given zone, no step; named safely', () => {
    const text = newAutomationFileText('demo', { name: 'Weekly export', timezone: 'Europe/Paris' });
    assert.deepEqual(JSON.parse(text), {
      $schema: 'iql-schema:/demo/automations/config.schema.json', name: 'Weekly export', description: '', enabled: false, cron_timer: DEFAULT_CRON, timezone_identifier: 'Europe/Paris', automation_steps: [],
    });
    assert.equal(DEFAULT_CRON, '0 6 * * 1');
    assert.equal(automationFileName('Weekly export / cyclists'), 'Weekly-export-cyclists.iqlauto.json');
    assert.equal(automationFileName('///'), 'automation.iqlauto.json');
  });

  test("reads what Create sends: automation_steps become steps, the profile and id come along, absent fields stay absent", () => {
    const text = newAutomationFileText('demo', { name: 'Calc', timezone: 'UTC', cron: '0 2 * * *', steps: [CALCULATE, EXPORT] });
    const read = readAutomationFile(text);
    assert.ok(read.ok);
    assert.equal(read.draft.profile, 'demo');
    assert.equal(read.draft.id, undefined);
    assert.deepEqual(read.draft.body, { name: 'Calc', description: '', enabled: false, cron_timer: '0 2 * * *', timezone_identifier: 'UTC', steps: [CALCULATE, EXPORT] });
    const withId = readAutomationFile(text.replace('{', '{\n  "id": "AUT.1",'));
    assert.ok(withId.ok);
    assert.equal(withId.draft.id, 'AUT.1');
    assert.deepEqual(updateBody(withId.draft), { name: 'Calc', description: '', enabled: false, cron_timer: '0 2 * * *', timezone_identifier: 'UTC' }, 'Update never sends steps');
  });

  test('problems are said where they are: broken JSON, a missing name, wrong types', () => {
    const broken = readAutomationFile('{ "name": ');
    assert.ok(!broken.ok);
    assert.match(broken.problems[0]!.message, /Not valid JSON/);
    const nameless = readAutomationFile('{ "cron_timer": "0 6 * * 1" }');
    assert.ok(!nameless.ok);
    assert.match(nameless.problems[0]!.message, /"name" is missing/);
    const text = '{ "name": "x", "enabled": "yes", "automation_steps": {} }';
    const wrong = readAutomationFile(text);
    assert.ok(!wrong.ok);
    assert.deepEqual(wrong.problems.map((problem) => text.slice(problem.offset, problem.offset + problem.length)), ['"yes"', '{}']);
    assert.ok(!readAutomationFile('[]').ok);
  });

  test("a refusal naming steps[1] points at the file's automation_steps[1]", () => {
    const text = newAutomationFileText('demo', { name: 'Calc', timezone: 'UTC', steps: [CALCULATE, { activation: { collaboration_id: 'CLB.demo', activation_segment_id: 'ATS.1' } }] });
    const message = 'steps[1].activation.destination_id: required';
    const place = locateAutomationMessage(text, message);
    assert.equal(place.message, message, 'the message is kept whole');
    assert.match(text.slice(place.offset, place.offset + place.length), /^"activation"$/, 'the missing id points at its block');
    const cron = locateAutomationMessage(text, 'cron_timer: not a cron');
    assert.equal(text.slice(cron.offset, cron.offset + cron.length), '"0 6 * * 1"');
  });

  test('enabled is flipped in place; steps compare as JSON whatever the key order', () => {
    const text = newAutomationFileText('demo', { name: 'Calc', timezone: 'UTC' });
    const on = withEnabled(text, true);
    assert.equal(JSON.parse(on).enabled, true);
    assert.equal(on.replace('true', 'false'), text, 'only the value changed');
    assert.equal(JSON.parse(withEnabled('{\n  "name": "x"\n}', true)).enabled, true);
    assert.equal(stepsDiffer([CALCULATE], [{ activation_calculation: { activation_segment_id: 'ATS.1', collaboration_id: 'CLB.demo' } }]), false);
    assert.equal(stepsDiffer([CALCULATE], [CALCULATE, EXPORT]), true);
    assert.equal(stepsDiffer([], undefined), false);
  });

  test('a config from the service is written as a file with its id, zone and steps', () => {
    const text = automationFileText('demo', { id: 'AUT.9', name: 'Nightly', enabled: true, cron_timer: '0 2 * * *', timezone_identifier: 'America/New_York', automation_steps: [CALCULATE], created_by: 'USR.a' });
    const read = readAutomationFile(text);
    assert.ok(read.ok);
    assert.equal(read.draft.id, 'AUT.9');
    assert.deepEqual(read.draft.body, { name: 'Nightly', enabled: true, cron_timer: '0 2 * * *', timezone_identifier: 'America/New_York', steps: [CALCULATE] });
    assert.equal(Object.keys(JSON.parse(text))[1], 'id');
  });
});
