/**
 * "Publish a Dataset from Files…": the common case of data supply (seed 002) in one command.
 * Choose the files (a folder of the workspace, which the local emulator reads as a bucket, or
 * an import connector the company has), then import them into a new vault, read them into a
 * recordset, map each column to a global-schema key, a category or an export column,
 * normalize, create the dataset, prepare it with a redaction threshold and publish it; each
 * stage's progress is shown, and a failure stops with the service's message and says which
 * objects were made so far. At the end a new query over the dataset opens.
 *
 * Every answer can be given by a scripted caller (`PublishWizardChoices`), as tests do.
 */
import * as vscode from 'vscode';
import type { CreateCloudVaultRequest } from '../../../common/api';
import type { SupplyExecutionKind, SupplyExecutionState } from '../../../common/protocol/jobs';
import type { ServiceResult } from '../../../common/service-result';
import { inform, openQueryDocument } from '../explorer/dataset-commands';
import { followedProfile } from '../explorer/followed-profile';
import { buildStarterQuery } from '../explorer/starter-query';
import type { ExtensionServices } from '../extension-services';
import type { ProfileService } from '../service/profile-service';
import { requestBodySchema } from '../requests/operation-catalog';
import { bucketOf, describeRole, freeNameBase, madeNames, isLocalService, guessRole, newPrivateIdProblem, normalizerConfigOf, privateIdProblem, publicNameProblem, type ColumnRole, type GlobalSchemaNames } from './publish-plan';
import { follow } from './follow-execution';
import type { SupplyTree } from './supply-tree';

export interface PublishWizardChoices {
  /** A folder of the workspace holding the files (local emulator). */
  readonly folder?: vscode.Uri;
  /** An import connector to read the files with, instead of a folder. */
  readonly connectorId?: string;
  /** The name of the vault, importer and recordsets made (default: the public name). */
  readonly publicName?: string;
  readonly privateId?: string;
  /** The region of the vault made (asked of a real service; the local emulator keeps files on this machine). */
  readonly region?: VaultRegion;
  /** Roles that replace the guessed ones, by column name; when given (even empty), no column is asked about. */
  readonly roles?: Readonly<Record<string, ColumnRole>>;
  readonly redactionThreshold?: number;
  /** False: do not open a query at the end (tests). */
  readonly openQuery?: boolean;
}

/** What the wizard made, for the caller and for the message of a failure. */
export interface PublishOutcome {
  readonly vaultId?: string;
  readonly connectorId?: string;
  readonly importerId?: string;
  readonly recordsetId?: string;
  readonly normalizedId?: string;
  readonly datasetId?: string;
  readonly prepareId?: string;
  readonly privateId?: string;
  readonly published: boolean;
}

class Stop extends Error {}

export async function publishDatasetFromFiles(services: ExtensionServices, tree: SupplyTree, given: PublishWizardChoices = {}): Promise<PublishOutcome | undefined> {
  const scope = await followedProfile(services);
  if (!scope.ok) return inform(scope.message);
  const client = scope.client;
  const made: { -readonly [K in keyof PublishOutcome]: PublishOutcome[K] } = { published: false };
  try {
    const local = isLocalService(services.profiles.get(scope.profile)?.baseUrl ?? '');
    const source = await chooseSource(client, given, local);
    const publicName = given.publicName ?? (await ask('Public name of the dataset', 'What other companies see, e.g. Club members', publicNameProblem));
    const privateId = await askPrivateId(client, given.privateId);
    const region = given.region ?? (local ? DEFAULT_REGION : await chooseRegion());
    const names = madeNames(freeNameBase(publicName, await takenNames(client)));
    const threshold = given.redactionThreshold ?? Number(await ask('Redaction threshold', 'Counts below it are hidden, e.g. 10', (text) => (/^\d{1,6}$/.test(text) ? undefined : 'A whole number.'), '10'));
    made.privateId = privateId;

    const vault = ok(await client.call('createCloudVault', { body: { name: names.vault, description: `Files of ${publicName}`, region } }));
    made.vaultId = vault.cloud_vault?.id;
    made.connectorId = source.connectorId ?? ok(await client.call('createImportConnector', { body: { config: { name: names.connector, s3_connector: source.connector } } })).config_id;
    const target = `landing/${privateId}`;
    made.importerId = ok(await client.call('createImporter', { body: { import: { name: names.importer, cloud_vault_id: made.vaultId, icc_id: made.connectorId, target_folder: target } } })).import_id;
    await stage(client, tree, 'import', ok(await client.call('executeImport', { params: { import_id: made.importerId ?? '' } })).execution_id, 'Importing the files');

    const files = ok(await client.listAll('listVaultFiles', { params: { cloud_vault_id: made.vaultId ?? '', name: target } })).flatMap((file) => (file.name && /\.(csv|parquet)$/i.test(file.name) ? [file.name] : []));
    if (files.length === 0) throw new Stop('The import found no .csv or .parquet file.');
    const sameKind = files.filter((file) => file.toLowerCase().endsWith(files[0]!.toLowerCase().endsWith('.csv') ? '.csv' : '.parquet'));
    const read = await stage(
      client,
      tree,
      'recordset',
      ok(await client.call('createRecordset', { body: { cloud_vault_id: made.vaultId ?? '', recordset_name: `${publicName} raw`, filepaths: sameKind, execution_config: { file_type: 'AUTO', header_row: true, primary_delimiter: ',' } } })).execution_id,
      'Reading the files into a recordset',
    );
    made.recordsetId = read.resultId;

    const columns = ok(await client.listAll('listRecordsetColumns', { params: { cloud_vault_id: made.vaultId ?? '', recordset_id: made.recordsetId ?? '' } })).flatMap((column) => (column.name ? [column.name] : []));
    const schema = await globalSchema(client);
    const mapping = await mapColumns(columns, schema, given.roles);
    if (!mapping.some((entry) => entry.role.kind === 'key')) throw new Stop('No column was mapped to a key: a dataset needs one to match on.');
    const config = ok(await client.call('createNormalizationConfig', { body: { name: names.normalization, normalizer_config: normalizerConfigOf(mapping) } })).id;
    const normalized = await stage(
      client,
      tree,
      'normalization',
      ok(await client.call('startNormalization', { body: { cloud_vault_id: made.vaultId, input_recordset_id: made.recordsetId, normalization_config_id: config, output_recordset_name: `${publicName} normalized` } })).execution_id,
      'Normalizing to the global schema',
    );
    made.normalizedId = normalized.resultId;

    made.datasetId = ok(await client.call('createDataset', { body: { cloud_vault_id: made.vaultId, private_id: privateId, public_name: publicName, dataset_type: 'DATASET_TYPE_INSIGHT' } })).dataset_id;
    const embedded = { all_keys: true, all_categories: true, all_export_columns: true, redaction_threshold: threshold, rounding_threshold: 0 };
    const prepared = await stage(
      client,
      tree,
      'prepare',
      ok(await client.call('startPrepare', { body: { cloud_vault_id: made.vaultId, dataset_id: made.datasetId, recordset_id: made.normalizedId, config_embedded: embedded } })).execution_id,
      'Preparing the dataset',
    );
    made.prepareId = prepared.id;
    await stage(client, tree, 'publish', ok(await client.call('publishPrepare', { params: { execution_id: prepared.id } })).execution_id ?? prepared.id, 'Publishing');
    made.published = true;
    tree.refresh();
    const firstCategory = mapping.flatMap((entry) => (entry.role.kind === 'category' ? [entry.role.name] : []))[0];
    if (given.openQuery !== false) await openQueryDocument(buildStarterQuery(privateId, { profile: scope.profile }, firstCategory));
    void vscode.window.showInformationMessage(`Published ${privateId}: it can be queried now.`);
    return made;
  } catch (error) {
    tree.refresh();
    if (!(error instanceof Stop)) throw error;
    if (error.message !== '') void vscode.window.showWarningMessage(`${error.message}${describeMade(made)}`);
    return made;
  }
}

interface Source {
  readonly connectorId?: string;
  readonly connector?: Record<string, unknown>;
}

async function chooseSource(client: ProfileService, given: PublishWizardChoices, local: boolean): Promise<Source> {
  if (given.connectorId !== undefined) return { connectorId: given.connectorId };
  if (given.folder !== undefined && !local) throw new Stop('A folder of the workspace can be imported only by the local emulator; choose an import connector of your company.');
  let folder = given.folder;
  if (folder === undefined) {
    const connectors = await client.listAll('listImportConnectors', {});
    const items: (vscode.QuickPickItem & { readonly connectorId?: string })[] = [
      ...(local ? [{ label: '$(folder) A folder of this workspace…', detail: 'The local emulator reads the workspace\'s folders as its remote sources.' }] : []),
      ...(connectors.ok ? connectors.value.flatMap((connector) => (connector.id ? [{ label: connector.name ?? connector.id, description: connector.id, detail: 'An import connector of your company', connectorId: connector.id }] : [])) : []),
    ];
    if (items.length === 0) throw new Stop('Your company has no import connector yet: "New Data Supply File…" writes one (an SFTP server or a bucket), then "Save to Service".');
    const picked = await vscode.window.showQuickPick(items, { title: 'Where are the files?' });
    if (picked === undefined) throw new Stop('');
    if (picked.connectorId !== undefined) return { connectorId: picked.connectorId };
    const chosen = await vscode.window.showOpenDialog({ canSelectFolders: true, canSelectFiles: false, canSelectMany: false, defaultUri: vscode.workspace.workspaceFolders?.[0]?.uri, openLabel: 'Import This Folder' });
    folder = chosen?.[0];
    if (folder === undefined) throw new Stop('');
  }
  const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  const place = root === undefined ? undefined : bucketOf(root, folder.fsPath);
  if (place === undefined) throw new Stop(`Choose a folder inside the workspace (${root ?? 'none is open'}): the local emulator reads only those.`);
  // The local emulator needs no credential for its folders; a cross-account role carries none either.
  return { connector: { bucket: place.bucket, prefix: place.prefix, filenames: ['*.csv', '*.parquet'], cross_account: { user_arn: 'local-emulator', session_name: 'iql-editor' } } };
}

/** The region the local emulator's vaults are made in: it keeps their files on this machine whatever the region says. */
const DEFAULT_REGION: VaultRegion = 'AWS_EU_WEST_2';

type VaultRegion = CreateCloudVaultRequest['region'];

/** The vault's region, from the regions Create Cloud Vault accepts (its request schema). */
async function chooseRegion(): Promise<VaultRegion> {
  const schema = await requestBodySchema('createCloudVault');
  const regionSchema = (schema?.properties as Record<string, { enum?: unknown[] }> | undefined)?.region;
  const regions = (regionSchema?.enum ?? []).filter((region): region is VaultRegion => typeof region === 'string' && region !== 'UNKNOWN');
  const ordered = [...regions.filter((region) => region === DEFAULT_REGION), ...regions.filter((region) => region !== DEFAULT_REGION)];
  const picked = await vscode.window.showQuickPick(ordered.map((region) => ({ label: region, region })), {
    title: 'Region of the vault the files are imported into',
    placeHolder: 'Where the clean room keeps the files: choose the region your data may live in',
    ignoreFocusOut: true,
  });
  if (picked === undefined) throw new Stop('');
  return picked.region;
}

/** The names of the company's vaults, connectors, importers and normalization configs. */
/**
 * A private ID no dataset of the company has: §8's form checked as it is typed, then the
 * service asked for that one ID (List Datasets 2.0 filtered by it), not for every dataset; a
 * taken one is asked again with the reason shown.
 */
async function askPrivateId(client: ProfileService, given: string | undefined): Promise<string> {
  let taken: { readonly text: string; readonly problem: string } | undefined;
  for (;;) {
    const text = given ?? (await ask('Private ID of the dataset', 'The name your queries use, e.g. Members', (typed) => privateIdProblem(typed) ?? (typed === taken?.text ? taken.problem : undefined), taken?.text));
    const problem = newPrivateIdProblem(text, await privateIdsLike(client, text));
    if (problem === undefined) return text;
    if (given !== undefined) throw new Stop(problem);
    taken = { text, problem };
  }
}

/** The company's datasets whose private ID is `privateId` (lower case), asked of the service by a filter. */
async function privateIdsLike(client: ProfileService, privateId: string): Promise<Set<string>> {
  // Only letters and digits reach here (privateIdProblem), so the ID needs no escaping in the filter.
  if (privateIdProblem(privateId) !== undefined) return new Set();
  const found = ok(await client.call('listDatasetsV2', { query: { filter: `private_id eq '${privateId}'`, 'pagination.per_page': 1 } }));
  return new Set(found.datasets.flatMap((dataset) => (dataset.private_id ? [dataset.private_id.toLowerCase()] : [])));
}

async function takenNames(client: ProfileService): Promise<string[]> {
  const lists = await Promise.all([
    client.listAll('listCloudVaults', {}),
    client.listAll('listImportConnectors', {}),
    client.listAll('listImporters', {}),
    client.listAll('listNormalizationConfigs', {}),
  ]);
  return lists.flatMap((list) => ok<readonly { readonly name?: string | undefined }[]>(list).flatMap((item) => (item.name ? [item.name] : [])));
}

async function ask(title: string, prompt: string, problem: (text: string) => string | undefined, value = ''): Promise<string> {
  const answer = await vscode.window.showInputBox({ title, prompt, value, ignoreFocusOut: true, validateInput: (text) => problem(text.trim()) });
  if (answer === undefined) throw new Stop('');
  return answer.trim();
}

/** The value of a result, or a stop with the service's message. */
function ok<T>(result: ServiceResult<T>): T {
  if (result.ok) return result.value;
  throw new Stop(result.error.serviceMessage ?? result.error.message);
}

/** Follows one stage to its end; a stage that does not complete stops the wizard with its error. */
async function stage(client: ProfileService, tree: SupplyTree, kind: SupplyExecutionKind, id: string | undefined, title: string): Promise<SupplyExecutionState> {
  if (id === undefined) throw new Stop(`${title}: the service gave no execution ID.`);
  tree.refresh();
  const state = await follow(client, kind, id, title);
  if (state === undefined) throw new Stop('');
  if (state.status !== 'COMPLETED') throw new Stop(`${title} ended ${state.status}: ${state.error ?? 'the service gave no reason'}.`);
  return state;
}

async function globalSchema(client: ProfileService): Promise<GlobalSchemaNames> {
  const [keys, categories] = await Promise.all([client.listAll('listGlobalSchemaKeys', {}), client.listAll('listGlobalSchemaCategories', {})]);
  return {
    keys: ok(keys).flatMap((key) => (key.id !== undefined && key.name !== undefined ? [{ id: Number(key.id), name: key.name }] : [])),
    categories: ok(categories).flatMap((category) => (category.name !== undefined ? [category.name] : [])),
  };
}

/** Each column's role: given, or guessed and confirmed in one multi-step pick per column the guess is not sure of. */
async function mapColumns(columns: readonly string[], schema: GlobalSchemaNames, given: PublishWizardChoices['roles']): Promise<{ column: string; role: ColumnRole }[]> {
  const mapping: { column: string; role: ColumnRole }[] = [];
  for (const column of columns) {
    const preset = given?.[column];
    if (preset !== undefined || given !== undefined) {
      mapping.push({ column, role: preset ?? guessRole(column, schema) });
      continue;
    }
    const guess = guessRole(column, schema);
    const roles: ColumnRole[] = [guess, ...schema.keys.map((key): ColumnRole => ({ kind: 'key', id: key.id, name: key.name })), ...schema.categories.map((name): ColumnRole => ({ kind: 'category', name })), { kind: 'export' }, { kind: 'skip' }];
    const seen = new Set<string>();
    const items = roles.filter((role) => !seen.has(describeRole(role)) && seen.add(describeRole(role))).map((role, index) => ({ label: describeRole(role), description: index === 0 ? 'suggested' : '', role }));
    const picked = await vscode.window.showQuickPick(items, { title: `Column "${column}" is…`, ignoreFocusOut: true });
    if (picked === undefined) throw new Stop('');
    mapping.push({ column, role: picked.role });
  }
  return mapping.filter((entry) => entry.role.kind !== 'skip');
}

function describeMade(made: PublishOutcome): string {
  const parts = [
    made.vaultId && `vault ${made.vaultId}`,
    made.importerId && `importer ${made.importerId}`,
    made.recordsetId && `recordset ${made.recordsetId}`,
    made.datasetId && `dataset ${made.datasetId}`,
  ].filter(Boolean);
  return parts.length === 0 ? '' : ` Made so far (in the Data Supply view): ${parts.join(', ')}.`;
}
