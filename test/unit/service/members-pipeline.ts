/**
 * The Members pipeline of seed 002 run through the real service client: CSV files in a
 * source folder → import → recordset → normalization → dataset → prepare → publish. Used by
 * the pipeline test and by the Data Supply view's model test, which both need a clean room
 * with one of everything. The figures the files give are in data-supply-pipeline.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { followSupplyExecution } from '../../../service/src';
import type { ServiceClient, SupplyExecutionKind, SupplyExecutionState } from '../../../service/src';
import { expectOk } from './demo-emulator';

export const FAST_POLL = { initialDelayMs: 2, maxDelayMs: 10, factor: 1.5 };
const HEADER = 'Email,Years,Sex,Member';
/** 6 good lines and one with too many fields. */
export const MEMBERS_1 = [HEADER, '" A@X ",25,Female,M1', 'b@x,35,Male,M2', 'c@x,45,Female,M3', 'e@x,52,Female,M4', 'f@x,19,Male,M5', 'g@x,,Female,M6', 'x@x,1,2,3,4,5', ''].join('\n');
export const MEMBERS_2 = [HEADER, 'h@x,33,Male,M7', 'i@x,41,Female,M8', ''].join('\n');

/** A sources folder (`--sources`) with the bucket `members-bucket`: two CSV files and a note under `in/`. */
export async function writeMembersSources(): Promise<string> {
  const sources = await mkdtemp(join(tmpdir(), 'iql-sources-'));
  await mkdir(join(sources, 'members-bucket', 'in'), { recursive: true });
  await writeFile(join(sources, 'members-bucket', 'in', 'members-1.csv'), MEMBERS_1);
  await writeFile(join(sources, 'members-bucket', 'in', 'members-2.csv'), MEMBERS_2);
  await writeFile(join(sources, 'members-bucket', 'in', 'notes.txt'), 'not data');
  return sources;
}

export interface MembersPipeline {
  readonly vault: string;
  readonly connector: string;
  readonly importer: string;
  readonly recordsetConfig: string;
  readonly rawRecordset: string;
  readonly normalizedRecordset: string;
  readonly normalizationConfig: string;
  readonly prepareConfig: string;
  readonly prepare: string;
  readonly dataset: string;
}

/** Follows an execution to its end and insists that it completed. */
export async function completes(client: ServiceClient, kind: SupplyExecutionKind, id: string | undefined): Promise<SupplyExecutionState> {
  assert.ok(id, `${kind} gave an execution ID`);
  const state = expectOk(await followSupplyExecution(client, kind, id, { poll: FAST_POLL }));
  assert.equal(state.status, 'COMPLETED', `${kind} ${id}: ${state.error ?? JSON.stringify(state.history)}`);
  return state;
}

/** The stages publishMembers runs, in order; `onStage` hears each as it completes (the benchmark times them). */
export type MembersStage = 'import' | 'recordset' | 'normalization' | 'prepare' | 'publish';

/** Runs every stage for the caller's company; the dataset is published as `Members` with a redaction threshold of 4. */
export async function publishMembers(client: ServiceClient, onStage: (stage: MembersStage) => void = () => undefined): Promise<MembersPipeline> {
  const vault = expectOk(await client.call('createCloudVault', { body: { name: 'Members vault', region: 'AWS_EU_WEST_2' } })).cloud_vault?.id ?? '';
  assert.ok(vault, 'a vault ID');
  const connector =
    expectOk(
      await client.call('createImportConnector', {
        body: { config: { name: 'Members bucket', s3_connector: { bucket: 'members-bucket', prefix: 'in', filenames: ['*.csv'], access_keys: { access_key_id: 'AKIA-TEST', secret_access_key: 'never-shown-secret' } } } },
      }),
    ).config_id ?? '';
  const importer = expectOk(await client.call('createImporter', { body: { import: { name: 'Members import', cloud_vault_id: vault, icc_id: connector, target_folder: 'landing/members' } } })).import_id ?? '';
  await completes(client, 'import', expectOk(await client.call('executeImport', { params: { import_id: importer } })).execution_id);
  onStage('import');

  const readConfig = expectOk(await client.call('createRecordsetConfig', { body: { name: 'Members CSV', header_row: true, primary_delimiter: ',', file_type: 'CSV' } })).config_id ?? '';
  const raw = await completes(
    client,
    'recordset',
    expectOk(await client.call('createRecordset', { body: { cloud_vault_id: vault, config_id: readConfig, recordset_name: 'Members raw', filepaths: ['landing/members/members-1.csv', 'landing/members/members-2.csv'] } })).execution_id,
  );
  onStage('recordset');
  const normalizationConfig =
    expectOk(
      await client.call('createNormalizationConfig', {
        body: {
          name: 'Members to the global schema',
          normalizer_config: {
            keys: [{ input_column: 'Email', global_schema_id: 1, functions: [{ name: 'trim' }, { name: 'lowercase' }] }],
            categories: [
              { input_column: 'Years', output_column: 'Age' },
              { input_column: 'Sex', output_column: 'Gender' },
            ],
            export_columns: [{ input_column: 'Member', output_column: 'ID' }],
          },
        },
      }),
    ).id ?? '';
  const normalized = await completes(
    client,
    'normalization',
    expectOk(await client.call('startNormalization', { body: { cloud_vault_id: vault, input_recordset_id: raw.resultId, normalization_config_id: normalizationConfig, output_recordset_name: 'Members normalized' } })).execution_id,
  );
  onStage('normalization');
  const dataset = expectOk(await client.call('createDataset', { body: { cloud_vault_id: vault, private_id: 'Members', public_name: 'Club members', dataset_type: 'DATASET_TYPE_INSIGHT' } })).dataset_id ?? '';
  const prepareConfig =
    expectOk(await client.call('createPrepareConfig', { body: { name: 'All of it', config: { all_keys: true, all_categories: true, all_export_columns: true, redaction_threshold: 4, rounding_threshold: 0 } } })).id ?? '';
  const prepared = await completes(
    client,
    'prepare',
    expectOk(await client.call('startPrepare', { body: { cloud_vault_id: vault, config_id: prepareConfig, dataset_id: dataset, recordset_id: normalized.resultId } })).execution_id,
  );
  onStage('prepare');
  await completes(client, 'publish', expectOk(await client.call('publishPrepare', { params: { execution_id: prepared.id } })).execution_id);
  onStage('publish');
  return {
    vault,
    connector,
    importer,
    recordsetConfig: readConfig,
    rawRecordset: raw.resultId ?? '',
    normalizedRecordset: normalized.resultId ?? '',
    normalizationConfig,
    prepareConfig,
    prepare: prepared.id,
    dataset,
  };
}
