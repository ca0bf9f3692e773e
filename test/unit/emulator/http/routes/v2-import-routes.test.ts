/**
 * Cloud vaults, import connector configs, importers and import executions (seed 002 §2.2–§2.4,
 * §4.2–§4.4) over HTTP against an emulator whose remote sources are a temporary folder: an
 * import really copies the matching CSV files into the vault, which lists them with their
 * origin; and the refusals (duplicate names, connector blocks, secrets on read, target
 * folders, deleting what is in use, a missing source folder, no --sources).
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { GetCloudVaultResponseSchema, ListVaultFilesResponseSchema } from '../../../../../common/api/v2-cloud-vaults';
import { CreateImportConnectorResponseSchema, GetImportConnectorResponseSchema, GetServerHostKeyResponseSchema, ListImportConnectorsResponseSchema } from '../../../../../common/api/v2-import-connectors';
import { CreateImporterResponseSchema, ExecuteImportResponseSchema, GetImportExecutionResponseSchema, ListImportersResponseSchema } from '../../../../../common/api/v2-importers';
import { writeSourcesFolder } from '../../sources-folder';
import type { SourcesFolder } from '../../sources-folder';
import { expectShape, expectV2Error, startTestServer } from '../../test-server';
import type { TestServer } from '../../test-server';

const SECRETS = ['AKIA-SECRET-ID', 'very-secret-key', 'session-tok', 'hunter2', 'PRIVATE-KEY-TEXT', 'key-passphrase', 'private_key_id'];

describe('API 2.0 cloud vaults, import connectors, importers and imports', () => {
  let server: TestServer;
  let sources: SourcesFolder;
  before(async () => {
    sources = await writeSourcesFolder({
      'shop-bucket/exports/customers.csv': 'email,age\na@x.com,31\nb@x.com,42\n',
      'shop-bucket/exports/2026/orders.csv': 'email,total\na@x.com,10\n',
      'shop-bucket/exports/readme.txt': 'not data',
      'sftp.example.com/drop/people.csv': 'id\n1\n',
    });
    server = await startTestServer({ supply: { sourcesDir: sources.dir } });
  });
  after(async () => {
    await server.close();
    await sources.remove();
  });

  const createVault = async (name: string, key = 'key-a'): Promise<string> =>
    expectShape(GetCloudVaultResponseSchema, await server.call('POST', '/api/v2/cloud_vaults', { key, body: { name, region: 'AWS_EU_WEST_2' } })).cloud_vault?.id ?? '';
  const s3 = (bucket: string, prefix: string, filenames: string[] = ['*.csv']) => ({
    s3_connector: { bucket, prefix, filenames, access_keys: { access_key_id: 'AKIA-SECRET-ID', secret_access_key: 'very-secret-key', session_token: 'session-tok' } },
  });
  const createConnector = async (name: string, block: object): Promise<string> =>
    expectShape(CreateImportConnectorResponseSchema, await server.call('POST', '/api/v2/imports/connector-configs', { body: { config: { name, ...block } } })).config_id ?? '';
  const createImporter = async (fields: object): Promise<string> =>
    expectShape(CreateImporterResponseSchema, await server.call('POST', '/api/v2/imports/importers', { body: { import: fields } })).import_id ?? '';
  /** Executes the importer and polls its execution until final; the last read. */
  const runImport = async (importId: string, query = '') => {
    const { execution_id } = expectShape(ExecuteImportResponseSchema, await server.call('POST', `/api/v2/imports/importers/${importId}/execute${query}`));
    const statuses: string[] = [];
    for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
      const details = expectShape(GetImportExecutionResponseSchema, await server.call('GET', `/api/v2/imports/executions/${execution_id}`)).execution_details;
      const status = details?.execution?.current_status ?? '';
      statuses.push(status);
      if (status === 'COMPLETED' || status === 'FAILED') return { id: execution_id ?? '', statuses, details };
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    throw new Error(`the import never ended: ${statuses.slice(-5).join(' ')}`);
  };

  it('imports the matching CSV files of the bucket folder into the vault, streamed, and lists them with their origin', async () => {
    const vault = await createVault('Staging');
    const connector = await createConnector('Shop bucket', s3('shop-bucket', 'exports'));
    const importer = await createImporter({ name: 'Shop import', cloud_vault_id: vault, icc_id: connector, target_folder: 'incoming/shop', data_filter: { filter: ['**/*.csv'] } });
    const { id, statuses, details } = await runImport(importer);
    assert.equal(statuses.at(-1), 'COMPLETED', JSON.stringify(details));
    assert.ok(statuses.length >= 2 && statuses[0] === 'RUNNING', `first read shows RUNNING: ${statuses.join(' ')}`);
    const total = String('email,age\na@x.com,31\nb@x.com,42\n'.length + 'email,total\na@x.com,10\n'.length);
    assert.deepEqual(details?.execution?.progress, { completion_percentage: 100, total_bytes: total, transferred_bytes: total });
    assert.equal(details?.execution?.import_id, importer);
    assert.deepEqual(details?.history?.map((entry) => entry.status).filter((status, index, all) => all.indexOf(status) === index), ['WAITING', 'RUNNING', 'COMPLETED']);

    const listed = expectShape(ListVaultFilesResponseSchema, await server.call('GET', `/api/v2/files/${vault}/incoming?order_by=name`));
    assert.deepEqual(listed.files?.map((file) => [file.name, file.size, file.metadata?.origin?.task_type, file.metadata?.origin?.task_id, file.metadata?.resource_type]), [
      ['incoming/shop/2026/orders.csv', '23', 'IMPORT', id, 'FILE'],
      ['incoming/shop/customers.csv', '32', 'IMPORT', id, 'FILE'],
    ]);
    const bySize = expectShape(ListVaultFilesResponseSchema, await server.call('GET', `/api/v2/files/${vault}/?order_by=size%20DESC&filter=metadata.origin.task_type%20eq%20IMPORT`));
    assert.deepEqual(bySize.files?.map((file) => file.size), ['32', '23']);
    const one = expectShape(ListVaultFilesResponseSchema, await server.call('GET', `/api/v2/files/${vault}/incoming/shop/customers.csv`));
    assert.deepEqual(one.files?.map((file) => file.name), ['incoming/shop/customers.csv']);
    const byProperty = expectShape(ListVaultFilesResponseSchema, await server.call('GET', `/api/v2/files/${vault}/?filter=metadata.origin.properties.source_path%20eq%202026/orders.csv`));
    assert.deepEqual(byProperty.files?.map((file) => file.name), ['incoming/shop/2026/orders.csv']);
    expectV2Error(await server.call('GET', `/api/v2/files/${vault}/?order_by=colour`), 400, 'INVALID_ARGUMENT');

    // The query's target_folder overrides the importer's.
    const again = await runImport(importer, '?target_folder=second');
    assert.equal(again.statuses.at(-1), 'COMPLETED');
    const second = expectShape(ListVaultFilesResponseSchema, await server.call('GET', `/api/v2/files/${vault}/second`));
    assert.equal(second.files?.length, 2);
    expectV2Error(await server.call('POST', `/api/v2/imports/importers/${importer}/execute?target_folder=Recordsets`), 400, 'INVALID_ARGUMENT');

    // Delete file: one file, then a prefix.
    assert.deepEqual((await server.call('DELETE', `/api/v2/files/${vault}/second/customers.csv`)).json, { files_remaining: false });
    expectV2Error(await server.call('DELETE', `/api/v2/files/${vault}/second/customers.csv`), 404, 'NOT_FOUND');
    assert.deepEqual((await server.call('DELETE', `/api/v2/files/${vault}/incoming/*`)).json, { files_remaining: false });
    const left = expectShape(ListVaultFilesResponseSchema, await server.call('GET', `/api/v2/files/${vault}/`));
    assert.deepEqual(left.files?.map((file) => file.name), ['second/2026/orders.csv']);
  });

  it('deletes at most 1000 files per call under a prefix, saying whether more remain', async () => {
    await mkdir(join(sources.dir, 'many-bucket', 'batch'), { recursive: true });
    for (let index = 0; index < 1001; index++) await writeFile(join(sources.dir, 'many-bucket', 'batch', `part-${String(index).padStart(4, '0')}.csv`), 'a\n');
    const vault = await createVault('Many');
    const importer = await createImporter({ name: 'Many', cloud_vault_id: vault, icc_id: await createConnector('Many', s3('many-bucket', 'batch')), target_folder: 'batch' });
    assert.equal((await runImport(importer)).statuses.at(-1), 'COMPLETED');
    assert.deepEqual((await server.call('DELETE', `/api/v2/files/${vault}/batch/*`)).json, { files_remaining: true });
    const left = expectShape(ListVaultFilesResponseSchema, await server.call('GET', `/api/v2/files/${vault}/batch`));
    assert.deepEqual(left.files?.map((file) => file.name), ['batch/part-1000.csv']);
    assert.deepEqual((await server.call('DELETE', `/api/v2/files/${vault}/batch/*`)).json, { files_remaining: false });
    assert.deepEqual(expectShape(ListVaultFilesResponseSchema, await server.call('GET', `/api/v2/files/${vault}/`)).files, []);
  });

  it('fails an import whose source folder is missing, or where no file matches, saying why', async () => {
    const vault = await createVault('Failures');
    const missing = await createConnector('Missing prefix', s3('shop-bucket', 'nowhere'));
    const importer = await createImporter({ name: 'Missing', cloud_vault_id: vault, icc_id: missing, target_folder: 'in' });
    const failed = await runImport(importer);
    assert.equal(failed.statuses.at(-1), 'FAILED');
    assert.match(failed.details?.history?.at(-1)?.error?.error?.message ?? '', /bucket 'shop-bucket' prefix 'nowhere' does not exist.*shop-bucket\/nowhere/);

    const parquet = await createConnector('Parquet only', s3('shop-bucket', 'exports', ['*.parquet']));
    const none = await runImport(await createImporter({ name: 'None', cloud_vault_id: vault, icc_id: parquet, target_folder: 'in' }));
    assert.equal(none.statuses.at(-1), 'FAILED');
    assert.match(none.details?.history?.at(-1)?.error?.error?.message ?? '', /no file in the bucket 'shop-bucket' prefix 'exports' matches '\*\.parquet'/);
    const files = expectShape(ListVaultFilesResponseSchema, await server.call('GET', `/api/v2/files/${vault}/`));
    assert.deepEqual(files.files, []);
  });

  it('imports from an SFTP host folder once the connector trusts the host key Get server host key answers', async () => {
    const vault = await createVault('From SFTP');
    const key = expectShape(GetServerHostKeyResponseSchema, await server.call('GET', '/api/v2/imports/connector-configs/host-key/sftp.example.com/22')).host_key ?? '';
    assert.match(key, /^ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI[A-Za-z0-9+/]+=*$/);
    assert.equal(expectShape(GetServerHostKeyResponseSchema, await server.call('GET', '/api/v2/imports/connector-configs/host-key/SFTP.example.com/2222')).host_key, key, 'stable per host');
    expectV2Error(await server.call('GET', '/api/v2/imports/connector-configs/host-key/unknown.example.com/22'), 400, 'INVALID_ARGUMENT');
    expectV2Error(await server.call('GET', '/api/v2/imports/connector-configs/host-key/sftp.example.com/70000'), 400, 'INVALID_ARGUMENT');

    const sftp = (hostKeys: string) => ({ sftp_connector: { host: 'sftp.example.com', port: 22, username: 'ann', password: 'hunter2', root_directory: '/drop', host_keys: hostKeys } });
    const wrongKey = await createConnector('Wrong key', sftp('ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBadKeyBadKeyBadKeyBadKeyBadKeyBadKeyBad'));
    const refused = await runImport(await createImporter({ name: 'Wrong key', cloud_vault_id: vault, icc_id: wrongKey }));
    assert.match(refused.details?.history?.at(-1)?.error?.error?.message ?? '', /host key of SFTP host 'sftp.example.com' is not among/);
    const trusted = await createConnector('Trusted', sftp(key));
    const done = await runImport(await createImporter({ name: 'Trusted', cloud_vault_id: vault, icc_id: trusted }));
    assert.equal(done.statuses.at(-1), 'COMPLETED');
    const files = expectShape(ListVaultFilesResponseSchema, await server.call('GET', `/api/v2/files/${vault}/`));
    assert.deepEqual(files.files?.map((file) => file.name), ['people.csv']);
  });

  it('never shows a secret on Get or List, and refuses a config without exactly one block, a bad port, or a duplicate name', async () => {
    const id = await createConnector('Secretive', s3('shop-bucket', 'exports'));
    await createConnector('Secret SFTP', { sftp_connector: { host: 'sftp.example.com', username: 'ann', password: 'hunter2', private_key: 'PRIVATE-KEY-TEXT', private_key_passphrase: 'key-passphrase' } });
    await createConnector('Secret GCS', { gcs_connector: { bucket: 'shop-bucket', secret_auth: { credentials_json: '{"private_key_id":"private_key_id"}' } } });
    const got = await server.call('GET', `/api/v2/imports/connector-configs/${id}`);
    const config = expectShape(GetImportConnectorResponseSchema, got).config;
    assert.equal(config?.connector_type, 'S3_ACCESS_KEYS');
    assert.deepEqual(config?.s3_connector, { bucket: 'shop-bucket', filenames: ['*.csv'], prefix: 'exports' });
    const list = await server.call('GET', '/api/v2/imports/connector-configs?pagination.per_page=500');
    const listed = expectShape(ListImportConnectorsResponseSchema, list).configs ?? [];
    assert.ok(listed.some((entry) => entry.connector_type === 'SFTP') && listed.some((entry) => entry.connector_type === 'GCS_SECRET_AUTH'));
    for (const text of [got.text, list.text]) {
      for (const secret of SECRETS) assert.ok(!text.includes(secret), `${secret} leaked: ${text}`);
      for (const field of ['access_keys', 'secret_auth', 'credentials_json', 'password', 'private_key']) assert.ok(!text.includes(`"${field}"`), `${field} shown`);
    }
    // An update without secrets keeps them; the connector still works for imports (tested above).
    const renamed = await server.call('PATCH', `/api/v2/imports/connector-configs/${id}`, { body: { name: 'Secretive 2', s3_connector: { prefix: 'exports/2026' } } });
    assert.equal(renamed.status, 200, renamed.text);
    assert.ok(!SECRETS.some((secret) => renamed.text.includes(secret)));
    assert.deepEqual(expectShape(GetImportConnectorResponseSchema, renamed).config?.s3_connector?.prefix, 'exports/2026');

    const none = expectV2Error(await server.call('POST', '/api/v2/imports/connector-configs', { body: { config: { name: 'Nothing' } } }), 400, 'INVALID_ARGUMENT');
    assert.match(none, /config: give one connector block, s3_connector .*, gcs_connector .* or sftp_connector; none was given|none was given/);
    const several = expectV2Error(await server.call('POST', '/api/v2/imports/connector-configs', { body: { config: { name: 'Both', ...s3('b-1', ''), sftp_connector: { host: 'h' } } } }), 400, 'INVALID_ARGUMENT');
    assert.match(several, /exactly one connector block; s3_connector and sftp_connector were given/);
    const port = expectV2Error(await server.call('POST', '/api/v2/imports/connector-configs', { body: { config: { name: 'Port', sftp_connector: { host: 'h', port: 0, username: 'u', password: 'p' } } } }), 400, 'INVALID_ARGUMENT');
    assert.match(port, /sftp_connector\.port: 0 is not a port; give 1 to 65535/);
    const escape = expectV2Error(await server.call('POST', '/api/v2/imports/connector-configs', { body: { config: { name: 'Escape', ...s3('shop-bucket', '../../etc') } } }), 400, 'INVALID_ARGUMENT');
    assert.match(escape, /s3_connector\.prefix: '\.\.\/\.\.\/etc' must be folder names joined by '\/', without '\.\.'/);
    expectV2Error(await server.call('POST', '/api/v2/imports/connector-configs', { body: { config: { name: 'Escape', sftp_connector: { host: '../x', username: 'u', password: 'p' } } } }), 400, 'INVALID_ARGUMENT');
    expectV2Error(await server.call('POST', '/api/v2/imports/connector-configs', { body: { config: { name: 'Secretive 2', ...s3('shop-bucket', '') } } }), 409, 'ALREADY_EXISTS');
    // Another company may use the same name, and cannot see the config.
    assert.equal((await server.call('POST', '/api/v2/imports/connector-configs', { key: 'key-b', body: { config: { name: 'Secretive 2', ...s3('shop-bucket', '') } } })).status, 200);
    const foreign = expectV2Error(await server.call('GET', `/api/v2/imports/connector-configs/${id}`, { key: 'key-b' }), 404, 'NOT_FOUND');
    assert.equal(foreign.replace(id, 'ICC.none'), expectV2Error(await server.call('GET', '/api/v2/imports/connector-configs/ICC.none', { key: 'key-b' }), 404, 'NOT_FOUND'));
  });

  it('gives a GPG config a public key and a new one on refresh', async () => {
    const id = await createConnector('Encrypted', { ...s3('shop-bucket', 'exports'), is_gpg: true, gpg_key_expiration: { do_not_expire: true } });
    const first = expectShape(GetImportConnectorResponseSchema, await server.call('GET', `/api/v2/imports/connector-configs/${id}`)).config?.gpg;
    assert.match(first?.public_key ?? '', /^-----BEGIN PUBLIC KEY-----\n/);
    assert.equal(first?.do_not_expire, true);
    const refreshed = await server.call('POST', `/api/v2/imports/connector-configs/gpg-keys/${id}/refresh`, { body: { gpg_key_expiration: { expiration_datetime: '2027-01-01T00:00:00Z' } } });
    const key = (refreshed.json as { public_key?: string }).public_key ?? '';
    assert.match(key, /^-----BEGIN PUBLIC KEY-----\n/);
    assert.notEqual(key, first?.public_key);
    const after = expectShape(GetImportConnectorResponseSchema, await server.call('GET', `/api/v2/imports/connector-configs/${id}`)).config?.gpg;
    assert.deepEqual(after, { do_not_expire: false, expiration_datetime: '2027-01-01T00:00:00Z', public_key: key });
    const plain = await createConnector('Plain', s3('shop-bucket', 'exports'));
    expectV2Error(await server.call('POST', `/api/v2/imports/connector-configs/gpg-keys/${plain}/refresh`, { body: {} }), 400, 'INVALID_ARGUMENT');
  });

  it('checks importers: target folder rules, own vault and connector, unique names', async () => {
    const vault = await createVault('Importer checks');
    const connector = await createConnector('For importers', s3('shop-bucket', 'exports'));
    const bad = async (fields: object, pattern: RegExp, status = 400, code = 'INVALID_ARGUMENT') => {
      const message = expectV2Error(await server.call('POST', '/api/v2/imports/importers', { body: { import: { name: 'Checked', cloud_vault_id: vault, icc_id: connector, ...fields } } }), status, code);
      assert.match(message, pattern);
    };
    await bad({ target_folder: '/in' }, /import\.target_folder: '\/in' must not start or end with '\/'/);
    await bad({ target_folder: 'in/' }, /must not start or end with '\/'/);
    await bad({ target_folder: 'in put' }, /may hold letters, digits/);
    await bad({ target_folder: 'Recordsets' }, /Recordsets holds the vault's recordsets and cannot be imported into/);
    await bad({ target_folder: 'a/../b' }, /'\.\.'/);
    await bad({ cloud_vault_id: 'CV.none' }, /import\.cloud_vault_id: unknown cloud vault 'CV\.none'/);
    await bad({ icc_id: 'ICC.none' }, /import\.icc_id: unknown import connector config/);
    const foreignVault = await createVault('Beta vault', 'key-b');
    await bad({ cloud_vault_id: foreignVault }, /unknown cloud vault/);
    const id = await createImporter({ name: 'Checked', cloud_vault_id: vault, icc_id: connector, target_folder: 'in/v1.2_x-y' });
    await bad({ target_folder: 'in' }, /an importer named 'Checked' already exists/, 409, 'ALREADY_EXISTS');
    const updated = await server.call('PATCH', `/api/v2/imports/importers/${id}`, { body: { target_folder: 'elsewhere', data_filter: { filter: ['*.csv'] } } });
    assert.equal(updated.status, 200, updated.text);
    const listed = expectShape(ListImportersResponseSchema, await server.call('GET', '/api/v2/imports/importers?filter=name%20eq%20Checked')).imports;
    assert.deepEqual(listed?.map((importer) => [importer.target_folder, importer.data_filter?.filter, importer.icc_id]), [['elsewhere', ['*.csv'], connector]]);
    expectV2Error(await server.call('PATCH', `/api/v2/imports/importers/${id}`, { body: { target_folder: 'Recordsets/x' } }), 400, 'INVALID_ARGUMENT');
  });

  it('refuses to delete a vault or a connector in use, names what uses it, and deletes a vault with force=true', async () => {
    const vault = await createVault('In use');
    assert.equal(expectV2Error(await server.call('POST', '/api/v2/cloud_vaults', { body: { name: 'In use', region: 'AWS_US_EAST_1' } }), 409, 'ALREADY_EXISTS').includes('In use'), true);
    const connector = await createConnector('In use', s3('shop-bucket', 'exports'));
    const importer = await createImporter({ name: 'In use', cloud_vault_id: vault, icc_id: connector, target_folder: 'in' });
    assert.match(expectV2Error(await server.call('DELETE', `/api/v2/imports/connector-configs/${connector}`), 400, 'INVALID_ARGUMENT'), new RegExp(`used by importer ${importer}`));
    assert.match(expectV2Error(await server.call('DELETE', `/api/v2/cloud_vaults/${vault}`), 400, 'INVALID_ARGUMENT'), new RegExp(`in use by importer ${importer}.*force=true`));
    assert.equal((await runImport(importer)).statuses.at(-1), 'COMPLETED');
    assert.equal((await server.call('DELETE', `/api/v2/cloud_vaults/${vault}?force=true`)).status, 200);
    expectV2Error(await server.call('GET', `/api/v2/cloud_vaults/${vault}`), 404, 'NOT_FOUND');
    // The importer remains; running it now fails with the reason.
    const orphan = await runImport(importer);
    assert.match(orphan.details?.history?.at(-1)?.error?.error?.message ?? '', /cloud vault .* no longer exists/);

    const empty = await createVault('Unused');
    assert.equal((await server.call('PATCH', `/api/v2/cloud_vaults/${empty}`, { body: { name: 'Unused 2', description: 'spare' } })).status, 200);
    assert.equal(expectShape(GetCloudVaultResponseSchema, await server.call('GET', `/api/v2/cloud_vaults/${empty}`)).cloud_vault?.name, 'Unused 2');
    assert.equal((await server.call('DELETE', `/api/v2/cloud_vaults/${empty}`)).status, 200);
  });
});

describe('imports without --sources', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server.close());

  it('fail, saying to start the emulator with --sources', async () => {
    const vault = (await server.call('POST', '/api/v2/cloud_vaults', { body: { name: 'V', region: 'AWS_EU_WEST_2' } })).json as { cloud_vault: { id: string } };
    const connector = (await server.call('POST', '/api/v2/imports/connector-configs', { body: { config: { name: 'C', s3_connector: { bucket: 'bkt', access_keys: { access_key_id: 'a', secret_access_key: 'b' } } } } })).json as { config_id: string };
    const importer = (await server.call('POST', '/api/v2/imports/importers', { body: { import: { name: 'I', cloud_vault_id: vault.cloud_vault.id, icc_id: connector.config_id } } })).json as { import_id: string };
    const { execution_id } = (await server.call('POST', `/api/v2/imports/importers/${importer.import_id}/execute`)).json as { execution_id: string };
    let message = '';
    for (let poll = 0; poll < 20 && message === ''; poll++) {
      const details = expectShape(GetImportExecutionResponseSchema, await server.call('GET', `/api/v2/imports/executions/${execution_id}`)).execution_details;
      if (details?.execution?.current_status === 'FAILED') message = details.history?.at(-1)?.error?.error?.message ?? '';
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    assert.match(message, /start it with `iql emulator --sources DIR`/);
  });
});
