/**
 * API 2.0 vault files (seed 002 §4.2): List files under a vault path (blank: the whole vault;
 * a folder; or one file) with the documented filter and order_by fields, on the swagger's
 * Files.File shape; Delete file of one file, or of up to 1000 files whose path starts with a
 * prefix (a name ending in `/*`), saying whether more remain. The recordsets' own files are
 * listed but deleted with Delete a Recordset only.
 */
import type { ListFields } from '../list-params';
import { applyListParams } from '../list-params';
import { paginate, readPageRequest } from '../pagination';
import { RECORDSETS_FOLDER, VaultStorage } from '../../supply/vault-storage';
import { toVaultFile } from '../../views/v2-cloud-vault-view';
import { badRequest, notFound, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';
import { param } from '../route-context';
import { findVault } from './v2-cloud-vault-routes';

/** Delete file with a prefix: files removed per call (seed 002 §8). */
export const DELETE_FILES_PER_CALL = 1000;

const FILE_FILTERS: Readonly<Record<string, string>> = Object.fromEntries(
  ['name', 'size', 'created_date_time', 'metadata.origin.task_type', 'metadata.origin.task_id', 'metadata.updated_date_time', 'metadata.resource_type'].map((field) => [field, field]),
);
const FILE_ORDERS = ['name', 'size', 'created_date_time', 'metadata.updated_date_time', 'metadata.origin.task_id', 'metadata.origin.task_type', 'metadata.origin.properties'];
const PROPERTY_FILTER = /\bmetadata\.origin\.properties\.[A-Za-z0-9_]+/g;

export const listVaultFilesRoute: RouteHandler = async (context) => {
  const vault = findVault(context);
  const files = (await context.state.supply.storage.list(vault.id, vaultPath(context))).map(toVaultFile);
  const page = paginate(applyListParams(files, context.query, fileFields(context)), readPageRequest(context.query));
  return { files: page.items, pagination: page.pagination };
};

export const deleteVaultFileRoute: RouteHandler = async (context) => {
  const vault = findVault(context);
  const storage = context.state.supply.storage;
  const name = param(context, 'name');
  if (name === '*' || name.endsWith('/*')) {
    const prefix = name.slice(0, -1);
    if (VaultStorage.safePath(prefix) === undefined) throw badRequest(`name: ${quote(name)} is not a vault path`);
    const matching = (await storage.list(vault.id)).filter((file) => file.name.startsWith(prefix) && !isRecordsetFile(file.name));
    for (const file of matching.slice(0, DELETE_FILES_PER_CALL)) await storage.deleteFile(vault.id, file.name);
    return { files_remaining: matching.length > DELETE_FILES_PER_CALL };
  }
  const path = vaultPath(context);
  if (path === '') throw badRequest('name: give a file path, or a folder followed by /* to delete the files under it');
  if (isRecordsetFile(path)) throw badRequest(`name: ${quote(path)} belongs to a recordset; delete it with Delete a Recordset`);
  if (!(await storage.deleteFile(vault.id, path))) throw notFound(`no file ${quote(path)} in cloud vault ${quote(vault.id)}`);
  return { files_remaining: false };
};

function isRecordsetFile(path: string): boolean {
  return path.startsWith(`${RECORDSETS_FOLDER}/`);
}

/** The path parameter as a checked vault path ('' for the whole vault). */
function vaultPath(context: RouteContext): string {
  const name = param(context, 'name');
  const path = VaultStorage.safePath(name);
  if (path === undefined) throw badRequest(`name: ${quote(name)} is not a vault path; write folders and a file name joined by '/', without '..'`);
  return path;
}

/** The list fields, with the origin property filters (`metadata.origin.properties.<name>`) the filter names. */
function fileFields(context: RouteContext): ListFields {
  const properties = context.query.get('filter')?.match(PROPERTY_FILTER) ?? [];
  return { filter: { ...FILE_FILTERS, ...Object.fromEntries(properties.map((field) => [field, field])) }, orderBy: FILE_ORDERS };
}
