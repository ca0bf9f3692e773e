/**
 * The data-supply stages after import, through the real service client against an emulator
 * on the tiny folder whose vault files the test writes itself: a CSV file in a vault →
 * recordset → normalization → prepare → publish → an IQL count. For the tests of what the
 * stages run (enrichments, representations, incremental prepares).
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { CreateNormalizationConfigRequest, StartPrepareRequest } from '../../../common/api';
import { flattenQueryResult } from '../../../common/results/result-table';
import type { EmulatorClock } from '../../../emulator/src/state/emulator-clock';
import { runInsightQuery } from '../../../service/src';
import type { ServiceClient, SupplyExecutionState } from '../../../service/src';
import { startTestServer } from '../emulator/test-server';
import type { TestServer } from '../emulator/test-server';
import { expectOk } from './demo-emulator';
import { FAST_POLL, completes } from './members-pipeline';
import { createTestClient } from './test-client';
import type { TestClient } from './test-client';

export interface VaultStages {
  readonly client: ServiceClient;
  readonly vault: string;
  /** Writes a CSV file into the vault and reads it into a recordset; its ID. */
  recordset(path: string, csv: string, name: string): Promise<string>;
  /** Runs a normalization with a new config of that body; the execution (its resultId the output recordset). */
  normalize(recordset: string, config: CreateNormalizationConfigRequest, outputName: string): Promise<SupplyExecutionState>;
  /** A new dataset of Alpha's, in the vault; its ID. */
  dataset(privateId: string): Promise<string>;
  /** Prepares `recordset` for `dataset` with `config` and publishes it; the prepare. */
  publish(dataset: string, recordset: string, config: NonNullable<StartPrepareRequest['config_embedded']>): Promise<SupplyExecutionState>;
  /** The audience and rows (cells joined by a space) of an insight query. */
  query(text: string): Promise<{ audience: string; rows: string[] }>;
  close(): Promise<void>;
}

export async function startVaultStages(clock?: EmulatorClock): Promise<VaultStages> {
  const storage = await mkdtemp(join(tmpdir(), 'iql-vault-stages-'));
  const server: TestServer = await startTestServer({ supply: { storageDir: storage }, ...(clock ? { clock } : {}) });
  const made: TestClient = createTestClient(server.base, {}, 'key-a');
  const client = made.client;
  const vault = expectOk(await client.call('createCloudVault', { body: { name: 'Stages vault', region: 'UNKNOWN' } })).cloud_vault?.id ?? '';
  assert.ok(vault, 'a vault ID');
  return {
    client,
    vault,
    async recordset(path, csv, name) {
      const file = join(storage, encodeURIComponent(vault), ...path.split('/'));
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, csv);
      const read = await completes(client, 'recordset', expectOk(await client.call('createRecordset', { body: { cloud_vault_id: vault, recordset_name: name, filepaths: [path] } })).execution_id);
      return read.resultId ?? '';
    },
    async normalize(recordset, config, outputName) {
      const configId = expectOk(await client.call('createNormalizationConfig', { body: config })).id ?? '';
      return completes(
        client,
        'normalization',
        expectOk(await client.call('startNormalization', { body: { cloud_vault_id: vault, input_recordset_id: recordset, normalization_config_id: configId, output_recordset_name: outputName } })).execution_id,
      );
    },
    async dataset(privateId) {
      return expectOk(await client.call('createDataset', { body: { cloud_vault_id: vault, private_id: privateId, public_name: privateId, dataset_type: 'DATASET_TYPE_INSIGHT' } })).dataset_id ?? '';
    },
    async publish(dataset, recordset, config) {
      const prepared = await completes(client, 'prepare', expectOk(await client.call('startPrepare', { body: { config_embedded: config, dataset_id: dataset, recordset_id: recordset } })).execution_id);
      await completes(client, 'publish', expectOk(await client.call('publishPrepare', { params: { execution_id: prepared.id } })).execution_id);
      return prepared;
    },
    async query(text) {
      const table = flattenQueryResult(expectOk(await runInsightQuery(client, { query: text }, { poll: FAST_POLL })).result);
      return { audience: table.audience ?? '', rows: table.rows.map((row) => row.cells.join(' ')) };
    },
    async close() {
      await made.close();
      await server.close();
      await rm(storage, { recursive: true, force: true });
    },
  };
}
