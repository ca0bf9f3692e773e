/**
 * The schema of automation files as schemas/schema-documents.ts serves it: Create Automation
 * Config's request schema, the platform's IANA zones, and the ids the service lists for the
 * profile. When the service cannot be asked, the schema still checks the file and says in its
 * description why ids are not offered.
 */
import type * as vscode from 'vscode';
import type { ExtensionServices } from '../extension-services';
import { requestBodySchema } from '../requests/operation-catalog';
import { loadAutomationChoices } from './automation-choices';
import { automationFileSchema, offeredZones } from './automation-file-schema';

export async function serveAutomationSchema(services: ExtensionServices, profile: string, token: vscode.CancellationToken): Promise<Record<string, unknown>> {
  const zones = offeredZones(Intl.supportedValuesOf('timeZone'), Intl.DateTimeFormat().resolvedOptions().timeZone);
  const body = await requestBodySchema('createAutomationConfig');
  const client = await services.service.forProfile(profile);
  if (!client.ok) return automationFileSchema(body, zones, [], `Ids are not offered: ${client.error.message}`);
  const controller = new AbortController();
  const subscription = token.onCancellationRequested(() => controller.abort());
  try {
    const choices = await loadAutomationChoices(client.value, controller.signal);
    return automationFileSchema(body, zones, choices.ok ? choices.collaborations : [], choices.ok ? undefined : `Ids are not offered: ${choices.reason}`);
  } finally {
    subscription.dispose();
  }
}
