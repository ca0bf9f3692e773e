/**
 * Serves the schemas that the extension's JSON files name in `$schema` to the editor's JSON
 * support, which asks for any address it cannot fetch itself by opening it as a document:
 * - `iql-schema:/<profile>/destination-types/<type>.schema.json`: a destination file, its
 *   `config` checked by the type's schema as the service answers it (Get Destination Type Schema);
 * - `iql-schema:/<profile>/operations/<operation>.schema.json`: a request file, its body
 *   checked by the operation's request schema (the client's own wire schemas, as JSON Schema);
 * - `iql-schema:/<profile>/reports/insight.schema.json`: an insight report file, Create Insight
 *   Report's request schema with the company's dataset ids and their categories offered;
 * - `iql-schema:/<profile>/automations/config.schema.json`: an automation file, Create
 *   Automation Config's request schema with the IANA zones and the service's collaboration,
 *   segment and destination ids offered;
 * - `iql-schema:/<profile>/supply/<kind>.schema.json`: a data-supply file (connector, importer,
 *   recordset, normalization or prepare config), its kind's Create request schema, secrets
 *   held as "$secret", a normalization offered the global schema's keys and categories.
 * A failure is a schema that accepts anything and says why in its description (shown on
 * hover), never an error dialog while the user types.
 */
import * as vscode from 'vscode';
import type { ExtensionServices } from '../extension-services';
import { destinationFileSchema } from '../destinations/destination-file-schema';
import { parseSchemaAddress } from '../destinations/destination-file';
import { SCHEMA_SCHEME } from '../schemas/json-file-text';
import { parseRequestSchemaAddress, requestFileSchema } from '../requests/request-file';
import { findOperation, requestBodySchema } from '../requests/operation-catalog';
import { parseReportSchemaAddress } from '../reports/report-file';
import { reportFileSchema } from '../reports/report-file-schema';
import { loadReportChoices } from '../reports/report-choices';
import { parseAutomationSchemaAddress } from '../automations/automation-file';
import { serveAutomationSchema } from '../automations/automation-file-schema-source';
import { parseSupplySchemaAddress } from '../supply-files/supply-file';
import { serveSupplySchema } from '../supply-files/supply-file-schema-source';

export class SchemaDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  /** Addresses served so far, so that a refresh can tell the editor to read them again. */
  private readonly served = new Set<string>();

  constructor(private readonly services: ExtensionServices) {}

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const address = uri.toString(true);
    this.served.add(uri.toString());
    const request = parseRequestSchemaAddress(address);
    if (request !== undefined) {
      const operation = findOperation(request.operation);
      if (operation === undefined) return unavailable(`"${request.operation}" is not an operation of the service.`);
      return json(requestFileSchema(operation, await requestBodySchema(operation.id)));
    }
    const automation = parseAutomationSchemaAddress(address);
    if (automation !== undefined) return json(await serveAutomationSchema(this.services, automation.profile, token));
    const supply = parseSupplySchemaAddress(address);
    if (supply !== undefined) return json(await serveSupplySchema(this.services, supply.profile, supply.kind, token, supply.input));
    const report = parseReportSchemaAddress(address);
    const destination = parseSchemaAddress(address);
    const profile = report?.profile ?? destination?.profile;
    if (profile === undefined) return unavailable(`${address} is not a schema this extension serves.`);
    const client = await this.services.service.forProfile(profile);
    if (!client.ok) return report ? json(reportFileSchema(await requestBodySchema('createInsightReport'), [], `Dataset ids are not offered: ${client.error.message}`)) : unavailable(client.error.message);
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    try {
      if (report !== undefined || destination === undefined) {
        const [body, choices] = await Promise.all([requestBodySchema('createInsightReport'), loadReportChoices(client.value, controller.signal)]);
        return json(reportFileSchema(body, choices.ok ? choices.datasets : [], choices.ok ? choices.note : `Dataset ids are not offered: ${choices.reason}`));
      }
      const params = { params: { destination_type_id: destination.typeId } };
      const [schema, types] = await Promise.all([
        client.value.call('getDestinationTypeSchema', params, { signal: controller.signal }),
        client.value.call('listDestinationTypes', {}, { signal: controller.signal }),
      ]);
      if (!schema.ok) return unavailable(schema.error.serviceMessage ?? schema.error.message);
      const typeName = types.ok ? types.value.destination_types.find((type) => type.id === destination.typeId)?.name : undefined;
      return json(destinationFileSchema(destination.typeId, typeName, schema.value.connection_specification));
    } finally {
      subscription.dispose();
    }
  }

  /** Makes the editor read every served schema again (after a profile or key change). */
  refresh(): void {
    for (const address of this.served) this.changed.fire(vscode.Uri.parse(address));
  }

  dispose(): void {
    this.changed.dispose();
  }
}

export function registerSchemaDocuments(services: ExtensionServices): SchemaDocuments {
  const schemas = new SchemaDocuments(services);
  services.context.subscriptions.push(schemas, vscode.workspace.registerTextDocumentContentProvider(SCHEMA_SCHEME, schemas), services.profiles.onDidChange(() => schemas.refresh()));
  return schemas;
}

function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

function unavailable(reason: string): string {
  return json({ description: `The schema could not be read, so the file is not checked while you type: ${reason}` });
}
