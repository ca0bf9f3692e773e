/**
 * Cloud vaults, import connector configs, importers and import executions (seed 002 §4.2–§4.4)
 * through the real service client against an emulator whose remote sources are a temporary
 * folder: every answer passes the client's wire schemas; an import followed to COMPLETED
 * leaves the files in the vault with their origin; a refusal reaches the caller with the
 * emulator's words, and a secret never comes back.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ServiceClient } from '../../../service/src';
import { writeSourcesFolder } from '../emulator/sources-folder';
import type { SourcesFolder } from '../emulator/sources-folder';
import { startTestServer } from '../emulator/test-server';
import type { TestServer } from '../emulator/test-server';
import { expectError, expectOk } from './demo-emulator';
import { createTestClient } from './test-client';
import type { TestClient } from './test-client';

describe('cloud vaults and imports: service client against the emulator', () => {
  let sources: SourcesFolder;
  let server: TestServer;
  let made: TestClient;
  let ann: ServiceClient;
  before(async () => {
    sources = await writeSourcesFolder({ 'crm-bucket/daily/eu/contacts.csv': 'email,country\nc@x.com,FR\n', 'crm-bucket/daily/contacts.json': '{}' });
    server = await startTestServer({ supply: { sourcesDir: sources.dir } });
    made = createTestClient(server.base, {}, 'key-a');
    ann = made.client;
  });
  after(async () => {
    await made.close();
    await server.close();
    await sources.remove();
  });

  it('imports a CSV file from the bucket into the vault and lists it with its origin', async () => {
    const vault = expectOk(await ann.call('createCloudVault', { body: { name: 'CRM', region: 'AWS_EU_WEST_2', description: 'staging' } })).cloud_vault?.id ?? '';
    const refused = expectError(await ann.call('createCloudVault', { body: { name: 'CRM', region: 'AWS_US_EAST_1' } }), 'invalid');
    assert.match(refused.message, /a cloud vault named 'CRM' already exists/);
    const configId = expectOk(await ann.call('createImportConnector', {
      body: { config: { name: 'CRM bucket', s3_connector: { bucket: 'crm-bucket', prefix: 'daily', filenames: ['*.csv'], cross_account: { user_arn: 'arn:x:iam::1:user/u', session_name: 'iql' } } } },
    })).config_id ?? '';
    const config = expectOk(await ann.call('getImportConnector', { params: { config_id: configId } })).config;
    assert.equal(config?.connector_type, 'S3_CROSS_ACCOUNT');
    assert.equal(config?.s3_connector?.cross_account?.user_arn, 'arn:x:iam::1:user/u');
    assert.match(config?.s3_connector?.cross_account?.external_id ?? '', /^[0-9a-f]{32}$/);
    const importId = expectOk(await ann.call('createImporter', { body: { import: { name: 'CRM daily', cloud_vault_id: vault, icc_id: configId, target_folder: 'crm' } } })).import_id ?? '';
    const executionId = expectOk(await ann.call('executeImport', { params: { import_id: importId } })).execution_id ?? '';
    let status = '';
    for (let poll = 0; poll < 50 && status !== 'COMPLETED' && status !== 'FAILED'; poll++) {
      status = expectOk(await ann.call('getImportExecution', { params: { execution_id: executionId } })).execution_details?.execution?.current_status ?? '';
    }
    assert.equal(status, 'COMPLETED');
    const executions = expectOk(await ann.call('listImportExecutions', {})).executions ?? [];
    assert.deepEqual(executions.map((execution) => [execution.id, execution.import_id, execution.progress?.total_bytes]), [[executionId, importId, '25']]);
    const files = expectOk(await ann.call('listVaultFiles', { params: { cloud_vault_id: vault, name: '' } })).files ?? [];
    assert.deepEqual(files.map((file) => [file.name, file.size, file.metadata?.origin?.task_type, file.metadata?.origin?.task_id]), [['crm/eu/contacts.csv', '25', 'IMPORT', executionId]]);
    const inUse = expectError(await ann.call('deleteCloudVault', { params: { cloud_vault_id: vault } }), 'invalid');
    assert.match(inUse.message, new RegExp(`in use by importer ${importId}`));
  });
});
