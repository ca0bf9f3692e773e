/**
 * The part the two explorer trees share, with no 'vscode': where the data comes from (a scope
 * resolved per load), caching of children per node (so TreeView.reveal and getParent see the
 * same objects the tree was given), the filter, "Show more…" paging of long lists, problems as
 * message rows, and cancellation of a load that a refresh made stale.
 */
import type { ServiceError } from '../../../common/service-result';
import type { ProfileService } from '../service/profile-service';
import type { ExplorerNode, MessageNode, MoreNode, NodeAction } from './explorer-node';
import type { ExplorerProblem } from './explorer-problems';
import { problemForServiceError } from './explorer-problems';
import { normalizeFilter } from './node-filter';

/**
 * Where a tree's data comes from for one load. `hidden`: show nothing, make no call (an
 * untrusted workspace or no profile at all: the view's welcome content explains).
 * `problem`: one message row instead of data. `ready`: the service of `profile`.
 */
export type ExplorerScope =
  | { readonly kind: 'hidden' }
  | { readonly kind: 'problem'; readonly profile?: string; readonly problem: ExplorerProblem }
  | { readonly kind: 'ready'; readonly profile: string; readonly service: ProfileService };

export type ReadyScope = Extract<ExplorerScope, { kind: 'ready' }>;

/** Resolves the scope of a load; called once per refresh. Must not throw. */
export type ScopeResolver = () => Promise<ExplorerScope>;

export interface ExplorerModelOptions {
  /** The view's refresh command, offered as "Retry" on problems a retry may fix. */
  readonly refreshCommand: string;
  /** The command "Show more…" rows run, with the MoreNode as argument. */
  readonly showMoreCommand: string;
  /** Items of one list shown at first, and added by each "Show more…". Default 200. */
  readonly pageSize?: number;
}

export type ChangeListener = (node: ExplorerNode | undefined) => void;

/** The state of one load: cancelled as a whole when the tree is refreshed. */
interface Generation {
  readonly controller: AbortController;
  readonly data: Map<string, Promise<unknown>>;
  scope?: Promise<ExplorerScope>;
  resolved?: ExplorerScope;
}

export const DEFAULT_PAGE_SIZE = 200;

export abstract class ExplorerModel {
  private readonly listeners = new Set<ChangeListener>();
  private generation: Generation = newGeneration();
  private children = new Map<string, Promise<ExplorerNode[]>>();
  private readonly limits = new Map<string, number>();
  private filterText = '';
  protected readonly pageSize: number;

  constructor(
    private readonly resolveScope: ScopeResolver,
    protected readonly options: ExplorerModelOptions,
  ) {
    this.pageSize = Math.max(1, options.pageSize ?? DEFAULT_PAGE_SIZE);
  }

  /** Called with the node whose children changed, or undefined for the whole tree. */
  onDidChange(listener: ChangeListener): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** The filter in force; '' when none. */
  get filter(): string {
    return this.filterText;
  }

  /** The profile of the last load that resolved one, for the view's message and commands. */
  get profile(): string | undefined {
    const scope = this.generation.resolved;
    return scope?.kind === 'ready' ? scope.profile : scope?.kind === 'problem' ? scope.profile : undefined;
  }

  /** Sets (or, with '' or undefined, clears) the filter and redraws the tree. No service call. */
  setFilter(text: string | undefined): void {
    const next = normalizeFilter(text);
    if (next === this.filterText) return;
    this.filterText = next;
    this.children = new Map();
    this.fire(undefined);
  }

  /** Drops everything loaded, cancels loads in flight, and redraws from the service. */
  refresh(): void {
    this.generation.controller.abort();
    this.generation = newGeneration();
    this.children = new Map();
    this.limits.clear();
    this.fire(undefined);
  }

  /** Shows another page of the list that `more` ends. */
  showMore(more: MoreNode): void {
    const key = more.parent?.id ?? '';
    this.limits.set(key, Math.max(this.limitFor(key), more.shown + this.pageSize));
    this.children.delete(key);
    this.fire(more.parent);
  }

  /**
   * The children of `node` (the roots when undefined). The same objects are returned until
   * the next refresh or filter change. Never rejects: a failure becomes a message row.
   */
  getChildren(node?: ExplorerNode): Promise<ExplorerNode[]> {
    const key = node?.id ?? '';
    let cached = this.children.get(key);
    if (cached === undefined) {
      cached = this.buildChildren(node);
      this.children.set(key, cached);
    }
    return cached;
  }

  getParent(node: ExplorerNode): ExplorerNode | undefined {
    return node.parent;
  }

  /**
   * `node` with the details read for its tooltip so far (see `readDetails`), and whether its
   * tooltip still lacks some. Nothing is read on demand by default.
   */
  knownDetails(node: ExplorerNode): { readonly node: ExplorerNode; readonly lacking: boolean } {
    return { node, lacking: false };
  }

  /** Reads what the tooltip of `node` lacks: `node` with it, or as it is when the read fails. Never rejects. */
  readDetails(node: ExplorerNode): Promise<ExplorerNode> {
    return Promise.resolve(node);
  }

  /** Cancels loads in flight; the model must not be used afterwards. */
  dispose(): void {
    this.generation.controller.abort();
    this.listeners.clear();
  }

  protected abstract rootChildren(scope: ReadyScope, signal: AbortSignal): Promise<ExplorerNode[]>;
  protected abstract nodeChildren(node: ExplorerNode, scope: ReadyScope, signal: AbortSignal): Promise<ExplorerNode[]>;

  /** The scope of the current load, resolved once per refresh. */
  protected scope(): Promise<ExplorerScope> {
    const generation = this.generation;
    generation.scope ??= this.resolveScope().then((scope) => {
      generation.resolved = scope;
      return scope;
    });
    return generation.scope;
  }

  /** Loads `key` once per refresh; concurrent callers share one request. */
  protected once<T>(key: string, load: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const generation = this.generation;
    let pending = generation.data.get(key) as Promise<T> | undefined;
    if (pending === undefined) {
      pending = load(generation.controller.signal);
      generation.data.set(key, pending);
    }
    return pending;
  }

  /** Forgets the data loaded under `dataKey` and the children of `node`, and redraws `node`. */
  protected invalidate(node: ExplorerNode, dataKey: string): void {
    this.generation.data.delete(dataKey);
    this.children.delete(node.id);
    this.fire(node);
  }

  /** Makes sure the list under `parentId` shows at least `count` items (for reveal). */
  protected ensureShown(parent: ExplorerNode | undefined, count: number): void {
    const key = parent?.id ?? '';
    if (count <= this.limitFor(key)) return;
    this.limits.set(key, count);
    this.children.delete(key);
    this.fire(parent);
  }

  /** The first items of a list, as nodes, ended by "Show more…" when some are left out. */
  protected limitedNodes<T>(parent: ExplorerNode | undefined, items: readonly T[], toNode: (item: T) => ExplorerNode): ExplorerNode[] {
    const limit = this.shownCount(parent);
    return this.pagedNodes(parent, items.length <= limit ? items : items.slice(0, limit), items.length, toNode);
  }

  /** How many items of the list under `parent` are shown now (it grows with "Show more…"). */
  protected shownCount(parent: ExplorerNode | undefined): number {
    return this.limitFor(parent?.id ?? '');
  }

  /** The items shown of a list of `total`, as nodes, ended by "Show more…" when some are left out. */
  protected pagedNodes<T>(parent: ExplorerNode | undefined, shown: readonly T[], total: number, toNode: (item: T) => ExplorerNode): ExplorerNode[] {
    const nodes = shown.map(toNode);
    if (shown.length < total) {
      nodes.push({
        kind: 'more',
        id: `${parent?.id ?? 'root'}/more`,
        parent,
        shown: shown.length,
        total,
        action: { command: this.options.showMoreCommand, title: 'Show more' },
      });
    }
    return nodes;
  }

  protected messageNode(parent: ExplorerNode | undefined, text: string, severity: MessageNode['severity'] = 'info', extra: { detail?: string; action?: NodeAction } = {}): MessageNode {
    return { kind: 'message', id: `${parent?.id ?? 'root'}/message`, parent, text, severity, ...extra };
  }

  /** The row for a failed call, or none for a cancellation (a newer load takes over). */
  protected problemNodes(parent: ExplorerNode | undefined, error: ServiceError, profile: string): ExplorerNode[] {
    const problem = problemForServiceError(error, profile, this.retryAction());
    return problem === undefined ? [] : [this.messageNode(parent, problem.text, 'problem', { detail: problem.detail, action: problem.action })];
  }

  protected retryAction(): NodeAction {
    return { command: this.options.refreshCommand, title: 'Retry' };
  }

  protected fire(node: ExplorerNode | undefined): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(node);
      } catch {
        // A failing listener (a disposed view) must not stop the others from redrawing.
      }
    }
  }

  private limitFor(key: string): number {
    return this.limits.get(key) ?? this.pageSize;
  }

  private async buildChildren(node: ExplorerNode | undefined): Promise<ExplorerNode[]> {
    try {
      const scope = await this.scope();
      if (scope.kind === 'hidden') return [];
      if (scope.kind === 'problem') {
        return node === undefined ? [this.messageNode(undefined, scope.problem.text, 'problem', { detail: scope.problem.detail, action: scope.problem.action })] : [];
      }
      // A node of another profile (left over from before a profile switch) has no children here.
      if (node !== undefined && 'profile' in node && node.profile !== scope.profile) return [];
      const signal = this.generation.controller.signal;
      return node === undefined ? await this.rootChildren(scope, signal) : await this.nodeChildren(node, scope, signal);
    } catch (error) {
      // A bug must not leave a spinning tree: say so in a row, with a retry.
      const reason = error instanceof Error ? error.message : String(error);
      return [this.messageNode(node, `The explorer could not list this: ${reason}`, 'problem', { action: this.retryAction() })];
    }
  }
}

function newGeneration(): Generation {
  return { controller: new AbortController(), data: new Map() };
}
