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
import { SupplyModel } from '../../../../client/src/supply/supply-model';
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
