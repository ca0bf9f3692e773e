/**
 * The Data Supply view's model against the emulator after the Members pipeline
 * (test/unit/service/members-pipeline.ts) made one of everything: each group lists what the
 * pipeline made, vaults expand to files (with their origin) and recordsets (with columns and
 * statistics), connectors to importers to executions to history, configs to their
 * executions, datasets to their lineage; every object row opens with a Get that answers.
 */
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { DATASET_PAGE, SupplyModel, type SupplyClient } from '../../../../client/src/supply/supply-model';
import { describeSupplyRow, openRequestOf, type SupplyRow } from '../../../../client/src/supply/supply-rows';
import type { ServiceClient } from '../../../../service/src';
import { startTestServer, type TestServer } from '../../emulator/test-server';
import { publishMembers, writeMembersSources, type MembersPipeline } from '../../service/members-pipeline';
import { createTestClient, type TestClient } from '../../service/test-client';
import { directProfileService } from '../direct-profile-service';

describe('Data Supply view model against the emulator', () => {
  let sources = '';
  let server: TestServer;
  let made: TestClient;
  let client: ServiceClient;
  let pipeline: MembersPipeline;
  let model: SupplyModel;
  const labels = (rows: readonly SupplyRow[]): string[] => rows.map((row) => describeSupplyRow(row).label);
  const find = (rows: readonly SupplyRow[], label: string): SupplyRow => {
    const row = rows.find((candidate) => describeSupplyRow(candidate).label === label);
    assert.ok(row, `${label} in ${JSON.stringify(labels(rows))}`);
    return row;
  };

  before(async () => {
    sources = await writeMembersSources();
    server = await startTestServer({ supply: { sourcesDir: sources } });
    made = createTestClient(server.base, {}, 'key-a');
    client = made.client;
    pipeline = await publishMembers(client);
    const service = directProfileService(client);
    model = new SupplyModel(async () => ({ ok: true, profile: 'demo', client: service }));
  });
  after(async () => {
    await made.close();
    await server.close();
    await rm(sources, { recursive: true, force: true });
  });

  it('shows the groups, a vault with its files and recordsets, and a recordset with its columns', async () => {
    const groups = await model.children();
    assert.deepEqual(labels(groups), ['Cloud Vaults', 'Import Connectors', 'Recordset Configs', 'Recordset Creations', 'Normalization Configs', 'Prepare Configs', 'Datasets']);
    const vault = find(await model.children(groups[0]), 'Members vault');
    const [files, recordsets] = await model.children(vault);
    const fileRows = await model.children(files);
    const imported = fileRows.filter((row) => row.kind === 'file' && row.file.name?.startsWith('landing/members/'));
    assert.deepEqual(imported.map((row) => describeSupplyRow(row).label), ['landing/members/members-1.csv', 'landing/members/members-2.csv']);
    assert.match(describeSupplyRow(imported[0]!).description, /IMPORT/i);
    const normalized = find(await model.children(recordsets), 'Members normalized');
    const columns = await model.children(normalized);
    const email = columns.find((row) => row.kind === 'column' && row.column.key_column !== undefined);
    assert.ok(email, 'a key column');
    assert.match(describeSupplyRow(email).description, /8 cells/);
  });

  it('follows connectors to importers to their import and its history, and configs to their executions', async () => {
    const groups = await model.children();
    const connector = find(await model.children(groups[1]), 'Members bucket');
    const importer = find(await model.children(connector), 'Members import');
    const [execution] = await model.children(importer);
    assert.equal(execution?.kind, 'execution');
    assert.match(describeSupplyRow(execution).description, /^COMPLETED/);
    const history = await model.children(execution);
    assert.ok(history.length >= 2 && history.every((row) => row.kind === 'history'), JSON.stringify(labels(history)));
    assert.match(describeSupplyRow(history[0]!).label, /^COMPLETED/, 'newest first');
    const normalizations = await model.children(find(await model.children(groups[4]), 'Members to the global schema'));
    assert.match(describeSupplyRow(normalizations[0]!).label, /Normalization Members normalized/);
    const prepares = await model.children(find(await model.children(groups[5]), 'All of it'));
    assert.match(describeSupplyRow(prepares[0]!).description, /PUBLISHED/);
    assert.equal(model.hasRunning(), false, 'nothing shown is running');
  });

  it('shows a published dataset with its lineage, and every object row opens with a Get that answers', async () => {
    const groups = await model.children();
    const dataset = find(await model.children(groups[6]), 'Members');
    const links = await model.children(dataset);
    assert.deepEqual(
      links.map((row) => (row.kind === 'lineageLink' ? row.stage : row.kind)),
      ['vault', 'import', 'recordset_creation', 'normalization', 'publish'],
    );
    const service = directProfileService(client);
    for (const row of [dataset, ...links]) {
      const request = openRequestOf(row);
      assert.ok(request, describeSupplyRow(row).label);
      const answer = await service.call(request.operation, request.input as never);
      assert.ok(answer.ok, `${request.operation}: ${JSON.stringify(answer)}`);
    }
    assert.equal(pipeline.dataset !== '', true);
  });
});

describe('Data Supply view model with many datasets', () => {
  const COUNT = 250;
  const asked: number[] = [];
  // List Datasets 2.0 as the service pages it; nothing else is asked of it here.
  const client = {
    call: (operation: string, input: { query: Record<string, number | string> }) => {
      assert.equal(operation, 'listDatasetsV2');
      assert.equal(input.query['order_by'], 'private_id');
      const page = Number(input.query['pagination.page']);
      const perPage = Number(input.query['pagination.per_page']);
      asked.push(page);
      const datasets = Array.from({ length: Math.max(0, Math.min(perPage, COUNT - (page - 1) * perPage)) }, (_, i) => {
        const n = String((page - 1) * perPage + i).padStart(3, '0');
        return { dataset_id: `id${n}`, private_id: `ds${n}` };
      });
      const more = page * perPage < COUNT;
      return Promise.resolve({ ok: true, value: { datasets, pagination: { results: datasets.length, total_results: COUNT, ...(more ? { next_page: page + 1 } : {}) } } });
    },
    listAll: () => assert.fail('no list is read whole'),
  } as unknown as SupplyClient;

  it('shows the first page with "Show more…", reads a page more only when asked, and keeps them while following a run', async () => {
    const model = new SupplyModel(async () => ({ ok: true, profile: 'demo', client }));
    const datasets = (await model.children()).find((row) => row.kind === 'group' && row.group === 'datasets')!;
    const first = await model.children(datasets);
    assert.equal(first.length, DATASET_PAGE + 1);
    const more = first.at(-1)!;
    assert.deepEqual(describeSupplyRow(more), { label: 'Show more…', description: `100 of 250 shown`, tooltip: 'Read the next page from the service' });
    assert.deepEqual(asked, [1]);

    model.refresh({ following: true });
    assert.equal((await model.children(datasets)).length, DATASET_PAGE + 1);
    assert.deepEqual(asked, [1], 'the refresh that follows a running execution does not read the datasets again');

    model.showMore();
    const second = await model.children(datasets);
    assert.equal(second.length, 2 * DATASET_PAGE + 1);
    assert.equal(second[DATASET_PAGE]?.kind === 'dataset' && second[DATASET_PAGE].dataset.private_id, 'ds100');
    model.showMore();
    const all = await model.children(datasets);
    assert.equal(all.length, COUNT, 'no "Show more…" once all are shown');
    assert.deepEqual(asked, [1, 2, 3]);

    model.refresh();
    assert.equal((await model.children(datasets)).length, DATASET_PAGE + 1, 'a refresh shows the first page again');
    assert.deepEqual(asked, [1, 2, 3, 1]);
  });
});
