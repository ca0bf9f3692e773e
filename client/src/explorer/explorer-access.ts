import type * as vscode from 'vscode';
import type { CollaborationsModel } from './collaborations-model';
import type { DestinationInstancesTree } from '../destinations/destination-instances-tree';
import type { DatasetsModel } from './datasets-model';
import type { ExplorerNode } from './explorer-node';
import type { ExplorerTreeProvider } from './explorer-tree-provider';

/** The explorer's trees, for the editor test suite (which sees the extension only through its exports). */
export interface ExplorerHandles {
  readonly datasets: ExplorerTreeProvider;
  readonly collaborations: ExplorerTreeProvider;
  readonly datasetsModel: DatasetsModel;
  readonly collaborationsModel: CollaborationsModel;
  readonly datasetsView: vscode.TreeView<ExplorerNode>;
  readonly collaborationsView: vscode.TreeView<ExplorerNode>;
  readonly destinations: DestinationInstancesTree;
}

// A registry symbol, not a module variable: the editor suite is bundled apart from the
// extension, so only a key both bundles can name reaches the same property.
const EXPLORER_KEY = Symbol.for('iql.explorer');

/**
 * Attaches the explorer's handles to the services object. The property is enumerable so that
 * a copy made with spread (`{ ...services, … }`, as `activate` may return) keeps it; a symbol
 * key stays out of JSON and of `Object.keys`.
 */
export function attachExplorer(services: object, handles: ExplorerHandles): void {
  Object.defineProperty(services, EXPLORER_KEY, { value: handles, enumerable: true, configurable: true });
}

/**
 * The explorer's trees, from the object the extension's `activate` returned (its `exports`);
 * undefined when the explorer is not registered there. Never throws.
 */
export function explorerOf(services: unknown): ExplorerHandles | undefined {
  if (typeof services !== 'object' || services === null) return undefined;
  return (services as { [EXPLORER_KEY]?: ExplorerHandles })[EXPLORER_KEY];
}
