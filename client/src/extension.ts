import * as vscode from 'vscode';
import { readActivationClock, type ActivationParts } from './activation-clock';
import { FirstLaunch } from './connections/first-launch';
import { registerConnections } from './connections/register-connections';
import { ProfileStore } from './connections/profile-store';
import { registerExplorer } from './explorer/register-explorer';
import { registerRuns } from './runs/register-runs';
import { DeferredServerConnection } from './server-connection';
import { DocumentStatuses } from './service/document-statuses';
import { ServiceGateway } from './service/service-gateway';
import { serviceOverServer } from './service/service-over-server';
import type { ExtensionServices } from './extension-services';
import { registerStatusBar } from './status/register-status-bar';
import { registerPlans } from './webviews/register-plans';
import { WebviewPanels } from './webviews/webview-panels';

/**
 * Activation: build the shared services and register every feature. The language client is
 * loaded and started just after `activate` returns (its bundle is the larger half of the
 * extension's code), and the server is not waited for: features talk to the server through a
 * connection that holds their requests until the client has started, and the client queues
 * them until the server is up.
 */
export function activate(context: vscode.ExtensionContext): ExtensionApi {
  const activateStart = performance.now();
  const log = vscode.window.createOutputChannel('IQL', { log: true });
  const profiles = new ProfileStore(context.secrets);
  const statuses = new DocumentStatuses();
  context.subscriptions.push(log, profiles, statuses);

  const languageClient = new DeferredServerConnection({ context, log, profiles, statuses });
  const service = new ServiceGateway(profiles, serviceOverServer(languageClient));
  const panels = new WebviewPanels({ context, log, languageClient });
  context.subscriptions.push(panels);
  const services: ExtensionServices = { context, log, profiles, service, languageClient, statuses, panels };

  registerConnections(services);
  registerStatusBar(services);
  registerExplorer(services);
  registerRuns(services);
  registerPlans(services);

  context.subscriptions.push(languageClient);
  setImmediate(() => languageClient.start());
  const firstLaunch = new FirstLaunch(services);
  firstLaunch.onActivate();
  const { activationMs, parts } = readActivationClock(activateStart);
  log.info(
    `Activated in ${activationMs.toFixed(1)} ms: bundle evaluation ${parts.evaluationMs.toFixed(1)} ms, waiting for the editor ${parts.waitMs.toFixed(1)} ms, activate ${parts.activateMs.toFixed(1)} ms.`,
  );
  // Returned for the editor test suite, which reads state through the extension's exports.
  return { ...services, activationMs, activationParts: parts, firstLaunch };
}

/** The extension's exports: its services, how long activation took (ms), and the first-launch welcome. */
export interface ExtensionApi extends ExtensionServices {
  readonly activationMs: number;
  /** Where `activationMs` went (activation-clock.ts). */
  readonly activationParts: ActivationParts;
  readonly firstLaunch: FirstLaunch;
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
