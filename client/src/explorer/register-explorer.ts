import * as vscode from 'vscode';
import type { DocumentTarget } from '../../../common/protocol';
import type { ExtensionServices } from '../extension-services';
import { CollaborationsModel } from './collaborations-model';
import { registerDatasetCommands } from './dataset-commands';
import { registerDatasetPages } from './dataset-pages';
import { DatasetsModel } from './datasets-model';
import { attachExplorer } from './explorer-access';
import type { ExplorerModel } from './explorer-model';
import type { ExplorerNode, MoreNode } from './explorer-node';
import { createScopeResolver } from './explorer-scope';
import { currentTarget } from './explorer-target';
import { ExplorerTreeProvider } from './explorer-tree-provider';
import { METADATA_SCHEME, MetadataDocuments } from './metadata-documents';
import { registerCollaborationCommands } from './collaboration-commands';
import { registerEventsPanel } from './register-events-panel';
import { registerSegmentCommands } from './segment-commands';
import { registerDestinations } from '../destinations/register-destinations';
import { registerRequests } from '../requests/request-commands';
import { registerReports } from '../reports/report-commands';
import { registerAutomations } from '../automations/automation-commands';
import { registerSchemaDocuments } from '../schemas/schema-documents';
import { registerDataSupply } from '../supply/supply-commands';
import { registerSupplyFiles } from '../supply-files/supply-file-commands';
import { describeViewMessage } from './view-message';

/** View and command ids of the explorer (declared in package.json, except showMore). */
export const EXPLORER_IDS = {
  datasetsView: 'iql.datasets',
  collaborationsView: 'iql.collaborations',
  revealDataset: 'iql.revealDataset',
  datasetsRefresh: 'iql.datasets.refresh',
  datasetsFilter: 'iql.datasets.filter',
  datasetsClearFilter: 'iql.datasets.clearFilter',
  collaborationsRefresh: 'iql.collaborations.refresh',
  collaborationsFilter: 'iql.collaborations.filter',
  collaborationsClearFilter: 'iql.collaborations.clearFilter',
  datasetsFiltered: 'iql.datasetsFiltered',
  collaborationsFiltered: 'iql.collaborationsFiltered',
  /** Internal: the click of a "Show more…" row (not in the palette, so not declared). */
  showMore: 'iql.explorer.showMore',
} as const;

/**
 * The Datasets and Collaborations views: their trees, the actions on their rows, filter and
 * refresh, reveal, the dataset pages (Show Metadata, go to definition), and reloading when the profiles or the active
 * editor's target change. Everything is disposed with the extension.
 */
export function registerExplorer(services: ExtensionServices): void {
  const subscriptions = services.context.subscriptions;
  const datasetsModel = new DatasetsModel(createScopeResolver(services, { hasWelcome: true, refreshCommand: EXPLORER_IDS.datasetsRefresh }), {
    refreshCommand: EXPLORER_IDS.datasetsRefresh,
    showMoreCommand: EXPLORER_IDS.showMore,
  });
  const collaborationsModel = new CollaborationsModel(createScopeResolver(services, { hasWelcome: false, refreshCommand: EXPLORER_IDS.collaborationsRefresh }), {
    refreshCommand: EXPLORER_IDS.collaborationsRefresh,
    showMoreCommand: EXPLORER_IDS.showMore,
  });
  const datasets = new ExplorerTreeProvider(datasetsModel);
  const collaborations = new ExplorerTreeProvider(collaborationsModel);
  const datasetsView = vscode.window.createTreeView(EXPLORER_IDS.datasetsView, { treeDataProvider: datasets, showCollapseAll: true });
  const collaborationsView = vscode.window.createTreeView(EXPLORER_IDS.collaborationsView, { treeDataProvider: collaborations, showCollapseAll: true });
  const documents = new MetadataDocuments();
  subscriptions.push(
    { dispose: () => datasetsModel.dispose() },
    { dispose: () => collaborationsModel.dispose() },
    datasets,
    collaborations,
    datasetsView,
    collaborationsView,
    documents,
    vscode.workspace.registerTextDocumentContentProvider(METADATA_SCHEME, documents),
  );

  followModel(datasetsModel, datasetsView, EXPLORER_IDS.datasetsFiltered, subscriptions);
  followModel(collaborationsModel, collaborationsView, EXPLORER_IDS.collaborationsFiltered, subscriptions);

  subscriptions.push(
    vscode.commands.registerCommand(EXPLORER_IDS.datasetsRefresh, () => datasetsModel.refresh()),
    vscode.commands.registerCommand(EXPLORER_IDS.collaborationsRefresh, () => collaborationsModel.refresh()),
    vscode.commands.registerCommand(EXPLORER_IDS.datasetsFilter, () =>
      askFilter(datasetsModel, 'Filter Datasets', 'Show datasets whose private ID or public name contains this text (any case). Empty shows all.'),
    ),
    vscode.commands.registerCommand(EXPLORER_IDS.collaborationsFilter, () =>
      askFilter(collaborationsModel, 'Filter Collaborations', 'Show collaborations whose name or ID contains this text (any case). Empty shows all.'),
    ),
    vscode.commands.registerCommand(EXPLORER_IDS.datasetsClearFilter, () => datasetsModel.setFilter('')),
    vscode.commands.registerCommand(EXPLORER_IDS.collaborationsClearFilter, () => collaborationsModel.setFilter('')),
    vscode.commands.registerCommand(EXPLORER_IDS.showMore, (node?: MoreNode) => {
      if (node?.kind !== 'more') return;
      // Both trees share the command: only the Datasets tree pages lists under a group.
      const model = node.parent?.kind === 'group' ? datasetsModel : collaborationsModel;
      model.showMore(node);
    }),
    vscode.commands.registerCommand(EXPLORER_IDS.revealDataset, (params?: RevealDatasetParams) =>
      revealDataset(params, { datasetsModel, collaborationsModel, datasetsView, collaborationsView }),
    ),
    registerDatasetPages(services.languageClient),
    ...registerDatasetCommands(services),
    ...registerSegmentCommands(services, collaborationsModel, documents),
    ...registerCollaborationCommands(services, collaborationsModel, documents),
    ...registerEventsPanel(services),
  );

  // Reload when what the views show changes: profiles, keys or trust; or the profile of the active editor.
  const refreshAll = (): void => {
    datasetsModel.refresh();
    collaborationsModel.refresh();
  };
  let shownProfile = currentTarget(services).profile;
  const followTarget = (): void => {
    const profile = currentTarget(services).profile;
    if (profile === shownProfile) return;
    shownProfile = profile;
    refreshAll();
  };
  subscriptions.push(
    services.profiles.onDidChange(() => {
      shownProfile = currentTarget(services).profile;
      refreshAll();
    }),
    vscode.window.onDidChangeActiveTextEditor(followTarget),
    services.statuses.onDidChange((status) => {
      if (status.uri === vscode.window.activeTextEditor?.document.uri.toString()) followTarget();
    }),
  );

  registerSchemaDocuments(services);
  registerRequests(services, documents);
  registerReports(services);
  registerAutomations(services, documents);
  registerSupplyFiles(services, registerDataSupply(services, documents));
  const destinations = registerDestinations(services, collaborationsModel);
  attachExplorer(services, { datasets, collaborations, datasetsModel, collaborationsModel, datasetsView, collaborationsView, destinations });
}

/** Keeps a view's message (profile and filter) and its "filtered" context key in step with its model. */
function followModel(model: ExplorerModel, view: vscode.TreeView<ExplorerNode>, filteredKey: string, subscriptions: vscode.Disposable[]): void {
  let filtered: boolean | undefined;
  const update = async (): Promise<void> => {
    // The profile is known once the roots are loaded; they are cached, so this costs no call.
    await model.getChildren();
    view.message = describeViewMessage(model.profile, model.filter);
    const isFiltered = model.filter !== '';
    if (isFiltered !== filtered) {
      filtered = isFiltered;
      await vscode.commands.executeCommand('setContext', filteredKey, isFiltered);
    }
  };
  const subscription = model.onDidChange((node) => {
    if (node === undefined && view.visible) void update();
  });
  subscriptions.push(subscription);
  // Only once the view is shown: resolving the roots earlier would call the service for nothing.
  subscriptions.push(
    view.onDidChangeVisibility((event) => {
      if (event.visible) void update();
    }),
  );
  if (view.visible) void update();
}

async function askFilter(model: ExplorerModel, title: string, prompt: string): Promise<void> {
  const text = await vscode.window.showInputBox({ title, prompt, value: model.filter, placeHolder: 'Text to look for' });
  if (text !== undefined) model.setFilter(text);
}

/** Arguments of `iql.revealDataset`: a dataset name and the target whose view shows it. */
interface RevealDatasetParams {
  readonly target?: DocumentTarget;
  readonly name: string;
}

interface RevealTargets {
  readonly datasetsModel: DatasetsModel;
  readonly collaborationsModel: CollaborationsModel;
  readonly datasetsView: vscode.TreeView<ExplorerNode>;
  readonly collaborationsView: vscode.TreeView<ExplorerNode>;
}

/**
 * Reveals and selects dataset `params.name`: in the Collaborations view under its
 * collaboration when the target names one, else in the Datasets view. Says so calmly when
 * the dataset is not there. Never throws.
 */
async function revealDataset(params: RevealDatasetParams | undefined, targets: RevealTargets): Promise<void> {
  if (typeof params?.name !== 'string' || params.name === '') return;
  const collaboration = params.target?.collaboration;
  try {
    if (collaboration) {
      const node = await targets.collaborationsModel.findCollaborationDataset(collaboration, params.name);
      if (node !== undefined) {
        await targets.collaborationsView.reveal(node, { select: true, focus: true, expand: true });
        return;
      }
      void vscode.window.showInformationMessage(`Dataset "${params.name}" is not listed in collaboration ${collaboration} for this profile.`);
      return;
    }
    const node = await targets.datasetsModel.findDataset(params.name);
    if (node !== undefined) {
      await targets.datasetsView.reveal(node, { select: true, focus: true, expand: true });
      return;
    }
    void vscode.window.showInformationMessage(`Dataset "${params.name}" is not among the datasets of profile "${targets.datasetsModel.profile ?? 'none'}".`);
  } catch (error) {
    // reveal rejects when the view is being disposed or the node vanished in a refresh meanwhile.
    void vscode.window.showInformationMessage(`Dataset "${params.name}" could not be shown: ${error instanceof Error ? error.message : String(error)}`);
  }
}
