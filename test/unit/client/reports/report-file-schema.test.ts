import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { requestBodySchema } from '../../../../client/src/requests/operation-catalog';
import { loadReportChoices } from '../../../../client/src/reports/report-choices';
import { reportFileSchema } from '../../../../client/src/reports/report-file-schema';
import { newReportFileText } from '../../../../client/src/reports/report-file';
import type { ProfileService } from '../../../../client/src/service/profile-service';
import { directProfileService } from '../direct-profile-service';
import { startExplorerEmulator, type ExplorerEmulator } from '../explorer/explorer-fixture';

type Schema = Record<string, unknown> & { properties: Record<string, Record<string, unknown>>; required: string[] };
type DatasetIdSchema = { anyOf: [{ enum: string[]; enumDescriptions: string[]; markdownEnumDescriptions: string[] }, { type: string }] };

const DATASETS = [
  { dataset_id: 'C.retail01', private_id: 'Retail', public_name: 'Retail *customers*', categories: ['Gender', 'Age'] },
  { dataset_id: 'C.bank01', private_id: 'Bank', categories: ['Age', 'Income'] },
  { dataset_id: 'C.bare' },
];

describe('insight report file schema', () => {
  test("built on Create's request schema: the fields Create needs required, $schema and id allowed, nothing else", async () => {
    const schema = reportFileSchema(await requestBodySchema('createInsightReport'), DATASETS) as Schema;
    assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#');
    assert.deepEqual(schema.required, ['name', 'seed', 'baseline', 'categories']);
    assert.equal(schema.additionalProperties, false);
    assert.deepEqual(Object.keys(schema.properties).sort(), ['$schema', 'baseline', 'baseline_filter', 'categories', 'id', 'name', 'seed', 'seed_filter']);
    assert.match(String(schema.properties.seed_filter!.description), /IQL filter/);
    assert.equal(schema.properties.seed_filter!.type, 'string', "the filter's type comes from the wire schema");
  });

  test("dataset ids are offered from the company's datasets, described by private ID and public name (Markdown escaped), any other id still allowed", () => {
    const schema = reportFileSchema(undefined, DATASETS) as Schema;
    for (const role of ['seed', 'baseline']) {
      const audience = schema.properties[role]!;
      assert.deepEqual(audience.required, ['dataset_id']);
      const id = (audience.properties as Record<string, DatasetIdSchema>).dataset_id!;
      assert.deepEqual(id.anyOf[0].enum, ['C.retail01', 'C.bank01', 'C.bare']);
      assert.deepEqual(id.anyOf[0].enumDescriptions, ['Retail — Retail *customers*', 'Bank', 'C.bare']);
      assert.equal(id.anyOf[0].markdownEnumDescriptions[0], '**Retail** — Retail \\*customers\\*\n\nCategories: Gender, Age');
      assert.equal(id.anyOf[1].type, 'string', 'a dataset shared with the company is not a false error');
    }
  });

  test('categories are offered from every listed dataset, each once; without datasets they are plain strings', () => {
    const items = (schema: Schema): Record<string, unknown> => schema.properties.categories!.items as Record<string, unknown>;
    assert.deepEqual(items(reportFileSchema(undefined, DATASETS) as Schema), { type: 'string', examples: ['Age', 'Gender', 'Income'] });
    const offline = reportFileSchema(undefined, [], 'Dataset ids are not offered: no key.') as Schema;
    assert.deepEqual(items(offline), { type: 'string' });
    assert.equal((offline.properties.seed!.properties as Record<string, Record<string, unknown>>).dataset_id!.type, 'string');
    assert.match(String(offline.description), /no key/);
  });

  describe('against the demo emulator', () => {
    let emulator: ExplorerEmulator;
    before(async () => {
      emulator = await startExplorerEmulator();
    });
    after(async () => {
      await emulator.close();
    });

    test("the company's datasets and their categories are read from the service; a new file is valid but for what the user must choose", async () => {
      const service = directProfileService(emulator.createClient('demo-key-ana').client);
      const choices = await loadReportChoices(service);
      assert.ok(choices.ok, JSON.stringify(choices));
      const retail = choices.datasets.find((dataset) => dataset.private_id === 'Retail');
      assert.ok(retail, choices.datasets.map((dataset) => dataset.private_id).join(', '));
      assert.equal(retail.public_name, 'Retail customers');
      assert.ok(retail.categories?.includes('Gender') && retail.categories.includes('Age'), retail.categories?.join(', '));
      const schema = reportFileSchema(await requestBodySchema('createInsightReport'), choices.datasets) as Schema;
      const seedId = (schema.properties.seed!.properties as Record<string, DatasetIdSchema>).dataset_id!;
      assert.ok(seedId.anyOf[0].enum.includes(retail.dataset_id));
      const file = JSON.parse(newReportFileText('demo', 'R')) as Record<string, unknown>;
      assert.deepEqual(Object.keys(file).filter((key) => !(key in schema.properties)), [], 'every field of a new file is in the schema');
    });

    test('a refused key is a reason, not a throw', async () => {
      const choices = await loadReportChoices(directProfileService(emulator.createClient('not-a-key').client));
      assert.ok(!choices.ok);
      assert.ok(choices.reason.length > 0);
    });
  });
});

describe('report choices at scale', () => {
  test('one page of datasets and the categories of the first few: not a read per dataset, and the schema says what is offered', async () => {
    const TOTAL = 10_000;
    const asked: string[] = [];
    const client = {
      call: (operation: string, input: { query?: Record<string, unknown>; params?: { private_id: string } }) => {
        asked.push(operation);
        if (operation === 'getDatasetMetadata') return Promise.resolve({ ok: true, value: { dataset: {}, schema: { categories: [{ label: `Cat${input.params!.private_id}`, representations: [] }], keys: [] } } });
        assert.equal(input.query?.['order_by'], 'private_id');
        const perPage = Number(input.query?.['pagination.per_page']);
        const datasets = Array.from({ length: perPage }, (_, i) => ({ dataset_id: `id${i}`, private_id: `ds${String(i).padStart(5, '0')}` }));
        return Promise.resolve({ ok: true, value: { datasets, pagination: { next_page: 2, results: perPage, total_results: TOTAL } } });
      },
    } as unknown as Pick<ProfileService, 'call'>;
    const choices = await loadReportChoices(client);
    assert.ok(choices.ok);
    assert.equal(choices.datasets.length, 500);
    assert.deepEqual(asked.filter((operation) => operation === 'listDatasetsV2'), ['listDatasetsV2']);
    assert.ok(asked.filter((operation) => operation === 'getDatasetMetadata').length <= 50, 'categories of a few datasets');
    assert.match(choices.note ?? '', /first 500 of 10,000 datasets/);
    const schema = reportFileSchema(await requestBodySchema('createInsightReport'), choices.datasets, choices.note) as Schema;
    assert.match(String(schema.description), /any other dataset id is accepted/);
  });
});
