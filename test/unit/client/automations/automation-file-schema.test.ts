import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Ajv from 'ajv';
import { loadAutomationChoices } from '../../../../client/src/automations/automation-choices';
import { automationFileSchema, MAX_ENUM, offeredZones } from '../../../../client/src/automations/automation-file-schema';
import { locateAutomationMessage, newAutomationFileText, readAutomationFile, stepsDiffer, updateBody } from '../../../../client/src/automations/automation-file';
import { requestBodySchema } from '../../../../client/src/requests/operation-catalog';
import { directProfileService } from '../direct-profile-service';
import { startExplorerEmulator, type ExplorerEmulator } from '../explorer/explorer-fixture';

type Schema = Record<string, unknown> & { properties: Record<string, Record<string, unknown>>; required: string[] };

const COLLABORATIONS = [
  { id: 'CLB.demo', name: 'Demo', segments: [{ id: 'ATS.1', name: 'Cyclists' }], destinations: [{ id: 'DST.1', name: 'Bucket' }] },
  { id: 'CLB.two', segments: [], destinations: [{ id: 'DST.1', name: 'Bucket' }] },
];
const ZONES = ['Europe/Paris', 'UTC'];

function validator(schema: Record<string, unknown>): (file: unknown) => boolean {
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addKeyword('enumDescriptions');
  return ajv.compile(schema);
}

describe('automation file schema', () => {
  test("built on Create's request schema: steps written automation_steps, each exactly one of the six blocks", async () => {
    const schema = automationFileSchema(await requestBodySchema('createAutomationConfig'), ZONES, COLLABORATIONS) as Schema;
    assert.equal(schema.additionalProperties, false);
    assert.ok(!('steps' in schema.properties));
    assert.ok(['$schema', 'id', 'name', 'description', 'enabled', 'cron_timer', 'timezone_identifier', 'start_date_time', 'end_date_time', 'automation_steps'].every((key) => key in schema.properties), Object.keys(schema.properties).join());
    assert.deepEqual(schema.properties.timezone_identifier!.enum, ZONES);
    const items = (schema.properties.automation_steps!.items as { oneOf: { required: string[]; additionalProperties: boolean }[] }).oneOf;
    assert.deepEqual(items.map((item) => item.required[0]), ['import', 'normalization', 'recordset_creation', 'publish', 'activation_calculation', 'activation']);
    assert.ok(items.every((item) => item.additionalProperties === false));

    const valid = validator(schema);
    const file = (steps: unknown[], zone = 'UTC'): unknown => ({ ...JSON.parse(newAutomationFileText('demo', { name: 'x', timezone: zone })), automation_steps: steps });
    assert.ok(valid(file([{ activation_calculation: { collaboration_id: 'CLB.demo', activation_segment_id: 'ATS.1' } }, { activation: { collaboration_id: 'CLB.demo', activation_segment_id: 'ATS.1', destination_id: 'DST.1' } }, { import: { config_id: 'IMP.1' } }])));
    assert.ok(!valid(file([{}])), 'a step without a block');
    assert.ok(!valid(file([{ import: { config_id: 'IMP.1' }, publish: { config_id: 'P', dataset_id: 'D' } }])), 'a step with two blocks');
    assert.ok(!valid(file([{ imports: { config_id: 'IMP.1' } }])), 'an unknown block');
    assert.ok(!valid(file([{ activation: { collaboration_id: 'CLB.demo', activation_segment_id: 'ATS.1' } }])), 'an activation without its destination');
    assert.ok(!valid(file([], 'Mars/Olympus')), 'an unknown zone');
    assert.ok(!valid({ ...(file([]) as object), extra: 1 }));
  });

  test('ids are enums described by name while the lists are small, plain strings when empty or huge', () => {
    const schema = automationFileSchema(undefined, ZONES, COLLABORATIONS) as Schema;
    const steps = (schema.properties.automation_steps!.items as { oneOf: { properties: Record<string, { properties: Record<string, { enum?: string[]; enumDescriptions?: string[] }> }> }[] }).oneOf;
    const activation = steps[5]!.properties.activation!.properties;
    assert.deepEqual(activation.collaboration_id!.enum, ['CLB.demo', 'CLB.two']);
    assert.deepEqual(activation.collaboration_id!.enumDescriptions, ['Demo', 'CLB.two']);
    assert.deepEqual(activation.activation_segment_id!.enumDescriptions, ['Cyclists — Demo']);
    assert.deepEqual(activation.destination_id!.enum, ['DST.1'], 'each destination once');
    assert.deepEqual(steps[4]!.properties.activation_calculation!.properties.activation_segment_id!.enum, ['ATS.1']);
    const many = Array.from({ length: MAX_ENUM + 1 }, (_, index) => ({ id: `CLB.${index}`, segments: [], destinations: [] }));
    const big = automationFileSchema(undefined, [], many, 'note') as Schema;
    const bigSteps = (big.properties.automation_steps!.items as { oneOf: typeof steps }).oneOf;
    assert.equal(bigSteps[5]!.properties.activation!.properties.collaboration_id!.enum, undefined);
    assert.equal(bigSteps[5]!.properties.activation!.properties.destination_id!.enum, undefined, 'no destination: a plain string');
    assert.equal(big.properties.timezone_identifier!.enum, undefined);
    assert.match(String(big.description), /note$/);
  });

  test('the zones offered include UTC and the user’s own, each once', () => {
    assert.deepEqual(offeredZones(['Europe/Paris', 'Asia/Kolkata'], 'Asia/Calcutta'), ['Asia/Calcutta', 'Asia/Kolkata', 'Europe/Paris', 'UTC']);
    assert.deepEqual(offeredZones(['UTC'], 'UTC'), ['UTC']);
  });

  describe('against the emulator', () => {
    let emulator: ExplorerEmulator;
    before(async () => {
      emulator = await startExplorerEmulator();
    });
    after(async () => {
      await emulator.close();
    });

    test("offers the demo collaboration, its activation segments and destinations; a refused key says why", async () => {
      const choices = await loadAutomationChoices(directProfileService(emulator.createClient('demo-key-ana').client));
      assert.ok(choices.ok);
      const demo = choices.collaborations.find((collaboration) => collaboration.id === 'CLB.demo');
      assert.ok(demo, choices.collaborations.map((collaboration) => collaboration.id).join());
      assert.ok(demo.segments.some((segment) => segment.name === 'Cyclists and runners'), JSON.stringify(demo.segments));
      const refused = await loadAutomationChoices(directProfileService(emulator.createClient('not-a-key').client));
      assert.ok(!refused.ok);
      assert.ok(refused.reason.length > 0);
    });

    test('a new file, as read, is what Create accepts; Update takes its updatable fields; a refusal points into the file', async () => {
      const service = directProfileService(emulator.createClient('demo-key-ana').client);
      const segments = await service.listAll('listActivationSegments', { params: { collaboration_id: 'CLB.demo' } });
      assert.ok(segments.ok && segments.value.length > 0);
      const steps = [{ activation_calculation: { collaboration_id: 'CLB.demo', activation_segment_id: segments.value[0]!.id } }];
      const read = readAutomationFile(newAutomationFileText('demo', { name: 'Unit automation', timezone: 'Europe/Paris', steps }));
      assert.ok(read.ok);
      const created = await service.call('createAutomationConfig', { body: read.draft.body });
      assert.ok(created.ok, created.ok ? '' : created.error.message);
      const id = created.value.config?.id ?? '';
      assert.ok(!stepsDiffer(read.draft.body.steps, created.value.config?.automation_steps), 'the service keeps the steps as written');
      const updated = await service.call('updateAutomationConfig', { params: { config_id: id }, body: updateBody({ ...read.draft, id, body: { ...read.draft.body, enabled: true } }) });
      assert.ok(updated.ok && updated.value.config?.enabled === true);
      const text = newAutomationFileText('demo', { name: 'Unit automation', timezone: 'UTC', steps: [...steps, { activation: steps[0]!.activation_calculation }] });
      const bad = readAutomationFile(text);
      assert.ok(bad.ok);
      const refused = await service.call('createAutomationConfig', { body: bad.draft.body });
      assert.ok(!refused.ok);
      const place = locateAutomationMessage(text, refused.error.serviceMessage ?? refused.error.message);
      assert.equal(text.slice(place.offset, place.offset + place.length), '"activation"', place.message);
    });
  });
});
