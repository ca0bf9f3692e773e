/**
 * The data-supply commands (`iql vault`, `import`, `recordset`, `normalization`, `prepare`,
 * `dataset`) in process against the demo emulator with a sources folder standing for the
 * remote bucket: the whole chain from files to a queried dataset through the command line
 * (each execution followed with --wait, one progress line per read), the secrets of a
 * connector file (refused in clear at file:line:column, filled from IQL_SECRET_* and never
 * printed, JSON and refusals included), a failed execution (exit 1 with the service's error)
 * and usage mistakes (exit 2); a normalization naming a representation and enriching addresses.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEmulator, type RunningEmulator } from '../../emulator/src/start-emulator';
import { makeTree, runInProcess } from './cli-harness';

const HEADER = 'Email,Years,Sex,Member';
const MEMBERS = [HEADER, 'a@x,25,Female,M1', 'b@x,35,Male,M2', 'c@x,45,Female,M3', 'd@x,52,Female,M4', 'e@x,19,Male,M5', 'f@x,33,Female,M6', ''].join('\n');
const SECRET = 'hunter2-very-secret';

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

describe('iql data supply commands (against the emulator with a sources folder)', () => {
  let emulator: RunningEmulator | undefined;
  let folder = '';
  const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({ IQL_BASE_URL: emulator?.url ?? '', IQL_API_KEY: 'demo-key-ana', ...extra });
  const ok = async (argv: string[], extra: NodeJS.ProcessEnv = {}): Promise<{ stdout: string; stderr: string }> => {
    const run = await runInProcess(argv, env(extra));
    assert.equal(run.code, 0, `iql ${argv.join(' ')}: ${run.stderr}`);
    return run;
  };
  /** What the chain made, for the test of the other verbs. */
  const made = { vault: '', connector: '', importer: '', raw: '', normalized: '', dataset: '', prepare: '', folder: '' };
  const newVault = async (name: string): Promise<string> => (await ok(['vault', 'create', '--name', name, '--region', 'AWS_EU_WEST_2'])).stdout.trim();

  before(async () => {
    folder = makeTree({ 'sources/members-bucket/in/members.csv': MEMBERS, 'sources/members-bucket/in/notes.txt': 'not data' });
    mkdirSync(join(folder, 'sources', 'sftp.example.com', 'drop'), { recursive: true });
    const started = await startEmulator({ port: 0, sourcesDir: join(folder, 'sources') });
    assert.ok(started.ok);
    emulator = started.emulator;
  });
  after(() => emulator?.close());

  it('takes files from a bucket to a queried dataset: vault, connector, importer, run, recordset, normalization, dataset, prepare, publish', async () => {
    const vault = await newVault('Members vault');
    assert.match(vault, /\S/);
    assert.match((await ok(['vault', 'list'])).stdout, new RegExp(`^${vault}\\s+Members vault\\s+AWS_EU_WEST_2`, 'm'));

    writeFileSync(
      join(folder, 'members.iqlconnector.json'),
      json({ $schema: 'iql-schema:import-connector', name: 'Members bucket', s3_connector: { bucket: 'members-bucket', prefix: 'in', filenames: ['*.csv'], access_keys: { access_key_id: 'AKIA-TEST', secret_access_key: '$secret' } } }),
    );
    const secretEnv = { IQL_SECRET_S3_CONNECTOR_ACCESS_KEYS_SECRET_ACCESS_KEY: SECRET };
    const connector = (await ok(['import', 'save-connector', join(folder, 'members.iqlconnector.json'), '--write-id'], secretEnv)).stdout.trim();
    assert.equal((JSON.parse(readFileSync(join(folder, 'members.iqlconnector.json'), 'utf8')) as { id: string }).id, connector);
    const shown = await ok(['import', 'connector', join(folder, 'members.iqlconnector.json'), '--format', 'json']);
    assert.equal((JSON.parse(shown.stdout) as { config: { name: string } }).config.name, 'Members bucket');
    assert.ok(!shown.stdout.includes(SECRET));

    writeFileSync(join(folder, 'members.iqlimporter.json'), json({ name: 'Members import', icc_id: connector, cloud_vault_id: vault, target_folder: 'landing/members' }));
    const importer = (await ok(['import', 'save-importer', join(folder, 'members.iqlimporter.json'), '--write-id'])).stdout.trim();
    assert.match((await ok(['import', 'importers'])).stdout, new RegExp(`^${importer}\\s+Members import\\s+${connector}\\s+${vault}\\s+landing/members$`, 'm'));
    const imported = await ok(['import', 'run', join(folder, 'members.iqlimporter.json'), '--wait']);
    assert.match(imported.stderr, /^iql import run: \S+: (waiting|running|completed) \d+%$/m);
    assert.match(imported.stdout, /^\S+: completed 100%/m);
    assert.match((await ok(['vault', 'files', vault, 'landing/members'])).stdout, /^landing\/members\/members\.csv\s+\d+/m);
    assert.match((await ok(['import', 'executions', importer])).stdout, /completed\s+100%/);

    writeFileSync(join(folder, 'csv.iqlrecordset.json'), json({ name: 'Members CSV', header_row: true, primary_delimiter: ',', file_type: 'CSV' }));
    const readConfig = (await ok(['recordset', 'save-config', join(folder, 'csv.iqlrecordset.json'), '--write-id'])).stdout.trim();
    const rawRun = await ok(['recordset', 'create', '--vault', vault, '--name', 'Members raw', '--config', readConfig, '--file', 'landing/members/members.csv', '--wait', '--format', 'json']);
    const raw = (JSON.parse(rawRun.stdout) as { status: string; resultId: string }).resultId;
    assert.match((await ok(['recordset', 'get', vault, raw])).stdout, /^record_count: 6$/m);
    assert.match((await ok(['recordset', 'columns', vault, raw])).stdout, /^Email\s+raw/m);

    writeFileSync(
      join(folder, 'members.iqlnormalization.json'),
      json({
        name: 'Members to the global schema',
        normalizer_config: {
          keys: [{ input_column: 'Email', global_schema_id: 2 }],
          categories: [
            { input_column: 'Years', output_column: 'Age' },
            { input_column: 'Sex', output_column: 'Gender' },
          ],
          export_columns: [{ input_column: 'Member', output_column: 'ID' }],
        },
      }),
    );
    const normalizationFile = join(folder, 'members.iqlnormalization.json');
    await ok(['normalization', 'save', normalizationFile, '--write-id']);
    const normalized = await ok(['normalization', 'run', '--vault', vault, '--input', raw, '--config', normalizationFile, '--output', 'Members normalized', '--wait']);
    const normalizedId = /^\S+: completed 100% \(recordset (\S+)\)$/m.exec(normalized.stdout)?.[1] ?? '';
    assert.ok(normalizedId, normalized.stdout);

    const dataset = (await ok(['dataset', 'create', '--vault', vault, '--private-id', 'Members', '--public-name', 'Club members', '--type', 'insight'])).stdout.trim();
    writeFileSync(join(folder, 'all.iqlprepare.json'), json({ name: 'All of it', config: { all_keys: true, all_categories: true, all_export_columns: true, redaction_threshold: 2, rounding_threshold: 0 } }));
    await ok(['prepare', 'save', join(folder, 'all.iqlprepare.json'), '--write-id']);
    const prepared = await ok(['prepare', 'run', '--vault', vault, '--dataset', dataset, '--recordset', normalizedId, '--config', join(folder, 'all.iqlprepare.json'), '--wait', '--format', 'json']);
    const prepareId = (JSON.parse(prepared.stdout) as { id: string; status: string }).id;
    const published = await ok(['prepare', 'publish', prepareId, '--wait']);
    assert.match(published.stdout, new RegExp(`^${prepareId}: completed 100% \\(dataset ${dataset}\\)$`, 'm'));
    assert.match((await ok(['dataset', 'get', dataset])).stdout, /^Published: /m);
    assert.match((await ok(['dataset', 'lineage', dataset])).stdout, new RegExp(`^Vault: ${vault}$`, 'm'));

    Object.assign(made, { vault, connector, importer, raw, normalized: normalizedId, dataset, prepare: prepareId });
    writeFileSync(join(folder, 'count.iql'), 'SELECT COUNT() FROM Members\n');
    const counted = await ok(['run', join(folder, 'count.iql')]);
    assert.match(counted.stdout, /\b6\b/);
  });

  it('runs a normalization naming a representation and enriching addresses; the columns show both', async () => {
    assert.ok(made.raw, 'the chain ran first');
    // The members file has no address columns: Email stands for the street, Member for the house number.
    const file = join(folder, 'bins.iqlnormalization.json');
    writeFileSync(file, json({
      name: 'Ages in bins, addresses',
      normalizer_config: {
        keys: [{ input_column: 'Email', global_schema_id: 2 }],
        categories: [{ input_column: 'Years', output_column: 'Five Year Bins' }],
        enrichments: [{ uk_addr_mapper: { house_number_column: 'Member', street_name_column: 'Email' } }],
      },
    }));
    await ok(['normalization', 'save', file, '--write-id']);
    const run = await ok(['normalization', 'run', '--vault', made.vault, '--input', made.raw, '--config', file, '--output', 'Members in bins', '--wait']);
    const output = /^\S+: completed 100% \(recordset (\S+)\)$/m.exec(run.stdout)?.[1] ?? '';
    const columns = (await ok(['recordset', 'columns', made.vault, output])).stdout;
    assert.match(columns, /^Age\s+attribute\s+Age\/Five Year Bins\s+/m);
    assert.match(columns, /^UK Address\s+key\s+UK Address\s+6\s+0\s+0$/m);
    assert.match(columns, /^Postcode Area\s+attribute\s+Postcode Area\s+0\s+6\s+0$/m, 'no postcode column: no area');
  });

  it('reads, lists, updates and deletes what the chain made, each verb as text and as JSON', async () => {
    assert.ok(made.dataset, 'the chain ran first');
    const { vault, connector, importer, raw, normalized, dataset, prepare } = made;
    assert.match((await ok(['vault', 'update', vault, '--description', 'Members from the bucket'])).stdout, new RegExp(`^Updated ${vault}\\.$`, 'm'));
    assert.match((await ok(['vault', 'get', vault])).stdout, /^Members from the bucket$/m);
    assert.equal((JSON.parse((await ok(['vault', 'get', vault, '--format', 'json'])).stdout) as { cloud_vault: { region: string } }).cloud_vault.region, 'AWS_EU_WEST_2');
    assert.ok((JSON.parse((await ok(['vault', 'files', vault, '--format', 'json'])).stdout) as { name: string }[]).some((file) => file.name === 'landing/members/members.csv'));

    assert.match((await ok(['import', 'connectors'])).stdout, new RegExp(`^${connector}\\s+Members bucket\\s+S3_ACCESS_KEYS\\s+no`, 'm'));
    assert.match((await ok(['import', 'importer', importer])).stdout, /^Vault: \S+, folder landing\/members$/m);
    assert.match((await ok(['import', 'host-key', 'sftp.example.com', '22'])).stdout, /^ssh-ed25519 /m);
    const noGpg = await runInProcess(['import', 'refresh-gpg', connector], env());
    assert.equal(noGpg.code, 1);
    assert.match(noGpg.stderr, /^iql import refresh-gpg: the service refused: .*does not use GPG/m);
    const executions = JSON.parse((await ok(['import', 'executions', importer, '--format', 'json'])).stdout) as { id: string }[];
    assert.match((await ok(['import', 'execution', executions[0]?.id ?? ''])).stdout, /: completed 100%$/m);

    assert.match((await ok(['recordset', 'list', vault])).stdout, new RegExp(`^${raw}\\s+Members raw\\s+6\\s`, 'm'));
    assert.match((await ok(['recordset', 'rename', vault, raw, 'Members first read'])).stdout, new RegExp(`^Renamed ${raw} to Members first read\\.$`, 'm'));
    assert.match((await ok(['recordset', 'executions'])).stdout, /Members raw\s+completed\s+100%/);
    assert.match((await ok(['recordset', 'configs'])).stdout, /Members CSV\s+CSV\s+yes\s+,/);
    assert.match((await ok(['recordset', 'config', join(folder, 'csv.iqlrecordset.json')])).stdout, /^primary_delimiter: ,$/m);
    const columns = (await ok(['recordset', 'columns', vault, normalized])).stdout;
    assert.match(columns, /^email\s+key\s+email\s+6\s+0\s+0$/m);
    assert.match(columns, /^Gender\s+attribute\s+Gender\s+2\s+0\s+0$/m);

    const normalizationFile = join(folder, 'members.iqlnormalization.json');
    const saved = JSON.parse(readFileSync(normalizationFile, 'utf8')) as { id: string; name: string };
    writeFileSync(normalizationFile, json({ ...saved, description: 'Email, age, gender' }));
    assert.equal((await ok(['normalization', 'save', normalizationFile])).stdout, `Updated ${saved.id}.\n`);
    assert.match((await ok(['normalization', 'config', normalizationFile])).stdout, /^description: Email, age, gender$/m);
    assert.match((await ok(['normalization', 'configs'])).stdout, new RegExp(`^${saved.id}\\s+Members to the global schema`, 'm'));
    const normalizations = JSON.parse((await ok(['normalization', 'list', '--format', 'json'])).stdout) as { id: string; output_recordset_id?: string }[];
    const run = normalizations.find((item) => item.output_recordset_id === normalized);
    assert.ok(run, JSON.stringify(normalizations));
    assert.equal((JSON.parse((await ok(['normalization', 'execution', run.id, '--format', 'json'])).stdout) as { status: string }).status, 'COMPLETED');

    const prepareFile = join(folder, 'all.iqlprepare.json');
    const preparedConfig = JSON.parse(readFileSync(prepareFile, 'utf8')) as { id: string; config: object };
    writeFileSync(prepareFile, json({ ...preparedConfig, name: 'Everything' }));
    assert.equal((await ok(['prepare', 'save', prepareFile])).stdout, `Updated ${preparedConfig.id}.\n`);
    assert.match((await ok(['prepare', 'configs'])).stdout, new RegExp(`^${preparedConfig.id}\\s+Everything`, 'm'));
    assert.match((await ok(['prepare', 'config', prepareFile])).stdout, /^name: Everything$/m);
    assert.match((await ok(['prepare', 'list'])).stdout, new RegExp(`^${prepare}\\s+${dataset.replace('.', '\\.')}\\s+`, 'm'));
    assert.match((await ok(['prepare', 'execution', prepare])).stdout, /: completed 100%/);

    // A saved config's selections, changed one at a time.
    const id = preparedConfig.id;
    assert.equal((await ok(['prepare', 'keys', id])).stdout, 'The config selects no key.\n');
    assert.equal((await ok(['prepare', 'add-keys', id, '1'])).stdout, `Added 1 to the keys of ${id}.\n`);
    assert.equal((await ok(['prepare', 'add-categories', id, '1', '2'])).stdout, `Added 1, 2 to the categories of ${id}.\n`);
    assert.equal((await ok(['prepare', 'add-export-columns', id, 'ID'])).stdout, `Added ID to the export columns of ${id}.\n`);
    assert.deepEqual(JSON.parse((await ok(['prepare', 'categories', id, '--format', 'json'])).stdout), ['1', '2']);
    assert.match((await ok(['prepare', 'keys', id])).stdout, /^Key ID\n.*\n1\n$/s);
    const unconfirmed = await runInProcess(['prepare', 'remove-categories', id, '--filter', 'id eq 1'], env());
    assert.equal(unconfirmed.code, 2);
    assert.match(unconfirmed.stderr, /removes the categories matching "id eq 1" from .*Add --yes/);
    assert.equal((await ok(['prepare', 'remove-categories', id, '--filter', 'id eq 1', '--yes'])).stdout, `Removed the categories matching id eq 1 from ${id}.\n`);
    assert.deepEqual(JSON.parse((await ok(['prepare', 'categories', id, '--format', 'json'])).stdout), ['2']);
    const notAnId = await runInProcess(['prepare', 'add-keys', id, 'email'], env());
    assert.equal(notAnId.code, 2);
    assert.match(notAnId.stderr, /'email' is not a key ID/);

    assert.match((await ok(['dataset', 'list'])).stdout, /\sMembers\s+Club members\s+insight\s/);
    assert.equal((await ok(['dataset', 'update', dataset, '--description', 'Six members'])).stdout, `Updated ${dataset}.\n`);
    assert.equal((JSON.parse((await ok(['dataset', 'get', dataset, '--format', 'json'])).stdout) as { dataset: { description: string } }).dataset.description, 'Six members');

    assert.equal((await runInProcess(['recordset', 'delete', vault, raw], env())).code, 2);
    assert.equal((await ok(['recordset', 'delete', vault, raw, '--yes'])).stdout, `Deleted ${raw}.\n`);
    assert.equal((await ok(['dataset', 'delete', dataset, '--yes'])).stdout, `Deleted ${dataset}.\n`);
    assert.equal((await runInProcess(['dataset', 'get', dataset], env())).code, 1);
  });

  it('fills a connector\'s "$secret" fields from IQL_SECRET_* and never prints a secret, refusals and JSON included', async () => {
    const file = join(folder, 'sftp.iqlconnector.json');
    const connector = { name: 'Partner SFTP', sftp_connector: { host: 'sftp.example.com', port: 22, username: 'ana', password: '$secret', root_directory: 'drop' } };
    writeFileSync(file, json(connector));
    const missing = await runInProcess(['import', 'save-connector', file], env());
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /"sftp_connector\.password" is "\$secret": set the environment variable IQL_SECRET_SFTP_CONNECTOR_PASSWORD/);

    const secretEnv = { IQL_SECRET_SFTP_CONNECTOR_PASSWORD: SECRET };
    const saved = await runInProcess(['import', 'save-connector', file, '--format', 'json', '--write-id'], env(secretEnv));
    assert.equal(saved.code, 0, saved.stderr);
    assert.ok(!`${saved.stdout}${saved.stderr}`.includes(SECRET));
    assert.ok(!readFileSync(file, 'utf8').includes(SECRET), 'the file keeps its placeholder');
    const updated = await runInProcess(['import', 'save-connector', file], env(secretEnv));
    assert.equal(updated.code, 0, updated.stderr);
    assert.match(updated.stdout, /^Updated \S+\.$/m);
    for (const argv of [['import', 'connectors', '--format', 'json'], ['import', 'connector', file, '--format', 'json'], ['import', 'connector', file]]) {
      const run = await runInProcess(argv, env(secretEnv));
      assert.equal(run.code, 0, run.stderr);
      assert.ok(!`${run.stdout}${run.stderr}`.includes(SECRET), argv.join(' '));
    }
    // A refusal (here a port out of range) shows no secret either.
    writeFileSync(join(folder, 'bad-port.iqlconnector.json'), json({ ...connector, name: 'Bad port', sftp_connector: { ...connector.sftp_connector, port: 0 } }));
    const refused = await runInProcess(['import', 'save-connector', join(folder, 'bad-port.iqlconnector.json')], env(secretEnv));
    assert.equal(refused.code, 1);
    assert.match(refused.stderr, /^iql import save-connector: the service refused: .*port/m);
    assert.ok(!`${refused.stdout}${refused.stderr}`.includes(SECRET), refused.stderr);

    writeFileSync(join(folder, 'clear.iqlconnector.json'), json({ name: 'Clear', sftp_connector: { host: 'sftp.example.com', password: 'in-clear' } }));
    const clear = await runInProcess(['import', 'save-connector', join(folder, 'clear.iqlconnector.json')], env(secretEnv));
    assert.equal(clear.code, 2);
    assert.match(clear.stderr, /clear\.iqlconnector\.json:5:17: error: "sftp_connector\.password" is a secret and must not be written in the file: write "\$secret" there and set the environment variable IQL_SECRET_SFTP_CONNECTOR_PASSWORD/);
    assert.ok(!clear.stderr.includes('in-clear'));
  });

  it('exits 1 with the service\'s error when an execution fails, and 1 with its message when it refuses', async () => {
    const vault = await newVault('Empty vault');
    // A config file never saved is sent as the execution's own config.
    writeFileSync(join(folder, 'once.iqlrecordset.json'), json({ name: 'Once', header_row: true, primary_delimiter: ',' }));
    const failed = await runInProcess(['recordset', 'create', '--vault', vault, '--name', 'Nothing', '--config', join(folder, 'once.iqlrecordset.json'), '--file', 'no/such.csv', '--wait'], env());
    assert.equal(failed.code, 1, failed.stderr);
    assert.match(failed.stderr, /did not complete: .+/);
    const missing = await runInProcess(['vault', 'get', 'CV.none'], env());
    assert.equal(missing.code, 1);
    assert.match(missing.stderr, /^iql vault get: the service refused: /m);
  });

  it('deletes files and vaults only with --yes, and says whether a prefix delete left files', async () => {
    const vault = await newVault('Scratch');
    const noYes = await runInProcess(['vault', 'delete-file', vault, 'landing/*'], env());
    assert.equal(noYes.code, 2);
    assert.match(noYes.stderr, /deletes up to 1000 files under landing\. Add --yes/);
    assert.match((await ok(['vault', 'delete-file', vault, 'landing/*', '--yes'])).stdout, /^Deleted files under landing; files_remaining: false\.$/m);
    assert.equal((await runInProcess(['vault', 'delete', vault], env())).code, 2);
    assert.equal((await ok(['vault', 'delete', vault, '--yes'])).stdout, `Deleted ${vault}.\n`);
  });

  it('exits 2 for usage mistakes: a missing option, a bad region or type, an unknown verb, a broken file', async () => {
    const cases: [string[], RegExp][] = [
      [['vault', 'create', '--name', 'X'], /--region is required/],
      [['vault', 'create', '--name', 'X', '--region', 'eu'], /--region must be one of AWS_EU_WEST_2, /],
      [['dataset', 'create', '--vault', 'CV.1', '--private-id', 'A', '--public-name', 'A', '--type', 'big'], /--type must be insight, identity or unified/],
      [['recordset', 'create', '--vault', 'CV.1', '--name', 'R'], /--config is required/],
      [['normalization', 'run', '--vault', 'CV.1'], /--input is required/],
      [['prepare', 'publish'], /needs the prepare's execution ID/],
      [['import', 'go'], /unknown verb 'go': the verbs are connectors, /],
    ];
    for (const [argv, message] of cases) {
      const run = await runInProcess(argv, env());
      assert.equal(run.code, 2, argv.join(' '));
      assert.match(run.stderr, message, argv.join(' '));
    }
    const broken = makeTree({ 'x.iqlrecordset.json': json({ name: 'No delimiter', header_row: true }), 'y.iqlimporter.json': json({ name: 'I', icc_id: 'ICC.1', cloud_vault_id: 'CV.1', colour: 'red' }) });
    const noDelimiter = await runInProcess(['recordset', 'save-config', join(broken, 'x.iqlrecordset.json')], env());
    assert.equal(noDelimiter.code, 2);
    assert.match(noDelimiter.stderr, /x\.iqlrecordset\.json:1:1: error: "primary_delimiter" is missing: write "primary_delimiter": ","/);
    const unknown = await runInProcess(['import', 'save-importer', join(broken, 'y.iqlimporter.json')], env());
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /y\.iqlimporter\.json:5:3: error: unknown field "colour"/);
  });

  it('sends the secret the environment holds, and hides it when a refusal quotes it back', async () => {
    // A service that records what it receives and refuses the second save quoting the body, as a careless one might.
    const received: string[] = [];
    const fake = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(body);
        const refuse = received.length > 1;
        response.writeHead(refuse ? 400 : 200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(refuse ? { code: 3, message: `bad config: ${body}` } : { config_id: 'ICC.9' }));
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    try {
      const file = join(folder, 'gcs.iqlconnector.json');
      writeFileSync(file, json({ name: 'GCS', gcs_connector: { bucket: 'b', secret_auth: { credentials_json: '$secret' } } }));
      const fakeEnv = { IQL_BASE_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`, IQL_API_KEY: 'demo-key-ana', IQL_SECRET_GCS_CONNECTOR_SECRET_AUTH_CREDENTIALS_JSON: SECRET };
      const saved = await runInProcess(['import', 'save-connector', file], fakeEnv);
      assert.equal(saved.code, 0, saved.stderr);
      assert.equal(saved.stdout, 'ICC.9\n');
      assert.deepEqual(JSON.parse(received[0] ?? '{}'), { config: { name: 'GCS', gcs_connector: { bucket: 'b', secret_auth: { credentials_json: SECRET } } } });
      const refused = await runInProcess(['import', 'save-connector', file], fakeEnv);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /the service refused: bad config: .*"credentials_json":"\[redacted\]"/);
      assert.ok(!`${refused.stdout}${refused.stderr}`.includes(SECRET));
    } finally {
      await new Promise((resolve) => fake.close(resolve));
    }
  });
});
