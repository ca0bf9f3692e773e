/**
 * Serves a data-supply file's schema (supply-file-schema.ts) for a profile: the request
 * schema of the kind's Create, and for normalization files the profile's global schema read
 * from the service. A service that cannot answer still gets the file checked, only without
 * the choices, and says why in the schema's description.
 */
import type * as vscode from 'vscode';
import type { ExtensionServices } from '../extension-services';
import { requestBodySchema } from '../requests/operation-catalog';
import type { SupplyFileKind } from './supply-file-kinds';
import type { InputRecordset } from './supply-file';
import { supplyFileSchema, type GlobalSchemaChoices } from './supply-file-schema';

export async function serveSupplySchema(services: ExtensionServices, profile: string, kind: SupplyFileKind, token: vscode.CancellationToken, input?: InputRecordset): Promise<Record<string, unknown>> {
  const body = await requestBodySchema(kind.create);
  if (kind.id !== 'normalization') return supplyFileSchema(kind, body);
  const client = await services.service.forProfile(profile);
  if (!client.ok) return supplyFileSchema(kind, body, undefined, `The global schema is not offered: ${client.error.message}`);
  const controller = new AbortController();
  const subscription = token.onCancellationRequested(() => controller.abort());
  try {
    const [keys, categories, columns] = await Promise.all([
      client.value.listAll('listGlobalSchemaKeys', {}, { signal: controller.signal }),
      client.value.listAll('listGlobalSchemaCategories', {}, { signal: controller.signal }),
      input === undefined ? undefined : client.value.listAll('listRecordsetColumns', { params: { cloud_vault_id: input.vaultId, recordset_id: input.recordsetId } }, { signal: controller.signal }),
    ]);
    if (!keys.ok || !categories.ok) {
      const error = !keys.ok ? keys.error : !categories.ok ? categories.error : undefined;
      return supplyFileSchema(kind, body, undefined, `The global schema is not offered: ${error?.serviceMessage ?? error?.message ?? 'unknown'}`);
    }
    const choices: GlobalSchemaChoices = {
      keys: keys.value.flatMap((key) => (key.id !== undefined && key.name !== undefined && Number.isInteger(Number(key.id)) ? [{ id: Number(key.id), name: key.name }] : [])),
      categories: categories.value.flatMap((category) => (category.name !== undefined ? [category.name] : [])),
      representations: categories.value.flatMap((category) => (category.properties ?? [])
        .filter((property) => property.name === 'representation')
        .flatMap((property) => (property.possible_values?.possible_values ?? []).map((id) => ({ id, category: category.name ?? '' })))),
      ...(columns?.ok === true ? { inputColumns: columns.value.flatMap((column) => (column.name ? [column.name] : [])) } : {}),
    };
    const note = columns !== undefined && !columns.ok ? `The recordset's columns are not offered: ${columns.error.serviceMessage ?? columns.error.message}` : undefined;
    return supplyFileSchema(kind, body, choices, note);
  } finally {
    subscription.dispose();
  }
}
