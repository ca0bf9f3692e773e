/**
 * API 2.0 importers and import executions (seed 002 §2.4, §3, §4.4): an importer joins one of
 * the company's connector configs and cloud vaults with file patterns and a target folder;
 * Execute Import copies the matching files into the vault (supply/run-import.ts). Names are
 * unique per company (409). target_folder (§4.4, §8): letters, digits, `_`, `-`, `.` and `/`,
 * no leading or trailing `/`, no empty or `..` folder, never `Recordsets`, where recordsets
 * live; blank means the vault's root. An execution is read as the service's are: its status
 * moves as Get Import Execution polls it.
 */
import type { CreateImporterRequest, UpdateImporterRequest } from '../../../../common/api';
import { checkPatterns } from '../../supply/connector-config';
import { startImport } from '../../supply/run-import';
import type { ImportExecutionRecord, ImporterRecord } from '../../supply/supply-records';
import { RECORDSETS_FOLDER } from '../../supply/vault-storage';
import { toImportExecution, toImportExecutionDetails, toImporter } from '../../views/v2-importer-view';
import { ReplyError, badRequest, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';
import { newOwned, ownedRecord, ownedRecords } from './owned-supply-record';
import { pagedList } from './v2-collaboration-routes';

type ImporterFields = UpdateImporterRequest;

const TARGET_FOLDER = /^[A-Za-z0-9_\-./]*$/;

export const listImportersRoute: RouteHandler = (context) =>
  pagedList(context, 'imports', ownedRecords(context, context.state.supply.importers).map(toImporter));

export const createImporterRoute: RouteHandler = (context) => {
  const body = (context.body as CreateImporterRequest).import;
  if (body === undefined) throw badRequest('import: required; give name, cloud_vault_id, icc_id and target_folder');
  if (body.name === undefined) throw badRequest('import.name: required');
  if (body.cloud_vault_id === undefined) throw badRequest('import.cloud_vault_id: required; give the cloud vault to import into');
  if (body.icc_id === undefined) throw badRequest('import.icc_id: required; give the import connector config to read from');
  const importer: ImporterRecord = { ...newOwned(context, 'IMP'), name: '', description: '', vaultId: '', connectorId: '', targetFolder: '', dataFilter: [] };
  applyFields(context, importer, body, 'import.');
  context.state.supply.importers.set(importer.id, importer);
  return { import_id: importer.id };
};

export const getImporterRoute: RouteHandler = (context) => ({ import: toImporter(findImporter(context)) });

export const updateImporterRoute: RouteHandler = (context) => {
  const importer = findImporter(context);
  const changed: ImporterRecord = { ...importer };
  applyFields(context, changed, context.body as ImporterFields, '');
  Object.assign(importer, changed, { updatedAt: context.state.clock.now() });
  return { import: toImporter(importer) };
};

export const executeImportRoute: RouteHandler = (context) => {
  const importer = findImporter(context);
  const override = context.query.get('target_folder');
  const targetFolder = override === null ? importer.targetFolder : checkTargetFolder(override, 'target_folder');
  const record = startImport(context.state.supply, importer, targetFolder, context.caller.user.id, context.state.clock.now());
  return { execution_id: record.id };
};

export const listImportExecutionsRoute: RouteHandler = (context) =>
  pagedList(context, 'executions', ownedRecords(context, context.state.supply.importExecutions).map(toImportExecution));

export const getImportExecutionRoute: RouteHandler = (context) => {
  const record: ImportExecutionRecord = ownedRecord(context, context.state.supply.importExecutions, param(context, 'execution_id'), 'import execution');
  record.execution.observe();
  return { execution_details: toImportExecutionDetails(record) };
};

function findImporter(context: RouteContext): ImporterRecord {
  return ownedRecord(context, context.state.supply.importers, param(context, 'import_id'), 'importer');
}

/** Checks and applies the fields given; 400 naming the first bad one (`prefix` is `import.` on Create). */
function applyFields(context: RouteContext, importer: ImporterRecord, body: ImporterFields, prefix: string): void {
  const supply = context.state.supply;
  if (body.name !== undefined) {
    const name = body.name.trim();
    if (name === '') throw badRequest(`${prefix}name: required; give the importer a name`);
    const taken = ownedRecords(context, supply.importers).find((other) => other.name === name && other.id !== importer.id);
    if (taken) throw new ReplyError(409, `${prefix}name: an importer named ${quote(name)} already exists (${taken.id})`);
    importer.name = name;
  }
  if (body.description !== undefined) importer.description = body.description;
  if (body.owner_id !== undefined && body.owner_id !== context.caller.companyId) {
    throw badRequest(`${prefix}owner_id: ${quote(body.owner_id)} is not your company (${context.caller.companyId}); leave it out`);
  }
  if (body.cloud_vault_id !== undefined) {
    const vault = supply.vaults.get(body.cloud_vault_id);
    if (!vault || vault.companyId !== context.caller.companyId) throw badRequest(`${prefix}cloud_vault_id: unknown cloud vault ${quote(body.cloud_vault_id)}`);
    importer.vaultId = vault.id;
  }
  if (body.icc_id !== undefined) {
    const connector = supply.importConnectors.get(body.icc_id);
    if (!connector || connector.companyId !== context.caller.companyId) throw badRequest(`${prefix}icc_id: unknown import connector config ${quote(body.icc_id)}`);
    importer.connectorId = connector.id;
  }
  if (body.target_folder !== undefined) importer.targetFolder = checkTargetFolder(body.target_folder, `${prefix}target_folder`);
  if (body.data_filter !== undefined) {
    const filter = body.data_filter.filter ?? [];
    checkPatterns(filter, `${prefix}data_filter.filter`);
    importer.dataFilter = filter.map((pattern) => pattern.trim());
  }
}

/** A target folder by §4.4 and §8; '' is the vault's root. */
function checkTargetFolder(folder: string, field: string): string {
  if (!TARGET_FOLDER.test(folder)) {
    throw badRequest(`${field}: ${quote(folder)} may hold letters, digits, '_', '-', '.' and '/' only`);
  }
  if (folder.startsWith('/') || folder.endsWith('/')) throw badRequest(`${field}: ${quote(folder)} must not start or end with '/'`);
  if (folder !== '' && folder.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw badRequest(`${field}: ${quote(folder)} must not hold an empty, '.' or '..' folder name`);
  }
  if (folder.split('/')[0] === RECORDSETS_FOLDER) {
    throw badRequest(`${field}: the folder ${RECORDSETS_FOLDER} holds the vault's recordsets and cannot be imported into; choose another folder`);
  }
  return folder;
}
