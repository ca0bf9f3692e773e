/**
 * Serves the schemas that destination files name in `$schema` (`iql-schema:/<profile>/
 * destination-types/<type>.schema.json`) to the editor's JSON support, which asks for any
 * address it cannot fetch itself by opening it as a document. Each answer is built from the
 * service's Get Destination Type Schema for that profile; a failure is a schema that accepts
 * anything and says why in its description (the editor shows it on hover), never an error
 * dialog while the user types.
 */
import * as vscode from 'vscode';
import type { ExtensionServices } from '../extension-services';
import { destinationFileSchema } from './destination-file-schema';
import { parseSchemaAddress, SCHEMA_SCHEME } from './destination-file';

export class DestinationSchemas implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;
  /** Addresses served so far, so that a refresh can tell the editor to read them again. */
  private readonly served = new Set<string>();

  constructor(private readonly services: ExtensionServices) {}

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const address = parseSchemaAddress(uri.toString(true));
    if (address === undefined) return unavailable(`${uri.toString(true)} is not a destination type schema address.`);
    this.served.add(uri.toString());
    const client = await this.services.service.forProfile(address.profile);
    if (!client.ok) return unavailable(client.error.message);
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    try {
      const params = { params: { destination_type_id: address.typeId } };
      const [schema, types] = await Promise.all([
        client.value.call('getDestinationTypeSchema', params, { signal: controller.signal }),
        client.value.call('listDestinationTypes', {}, { signal: controller.signal }),
      ]);
      if (!schema.ok) return unavailable(schema.error.serviceMessage ?? schema.error.message);
      const typeName = types.ok ? types.value.destination_types.find((type) => type.id === address.typeId)?.name : undefined;
      return `${JSON.stringify(destinationFileSchema(address.typeId, typeName, schema.value.connection_specification), null, 2)}\n`;
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

export function registerDestinationSchemas(services: ExtensionServices): DestinationSchemas {
  const schemas = new DestinationSchemas(services);
  services.context.subscriptions.push(schemas, vscode.workspace.registerTextDocumentContentProvider(SCHEMA_SCHEME, schemas), services.profiles.onDidChange(() => schemas.refresh()));
  return schemas;
}

function unavailable(reason: string): string {
  return `${JSON.stringify({ description: `The destination type's schema could not be read, so the file is not checked while you type: ${reason}` }, null, 2)}\n`;
}
