import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { StatusParams } from '../../../common/protocol';
import { toDiagnostics, collectDocumentProblems, shouldAskService, queryText, type Catalog, type Verdict } from '../../../language/src';
import { describeEmptyCatalog, describeServiceTrouble, type ProfileSet, type ServiceHub, type ServiceTarget } from '../../../service/src';
import { resolveDocumentTarget, type DocumentTargetResolution } from './document-target';
import type { ParsedDocuments } from './parsed-documents';
import { ChangedStatuses } from './changed-statuses';

export interface DiagnosticsSchedulerDeps {
  readonly parsed: ParsedDocuments;
  readonly hub: ServiceHub<Catalog>;
  readonly profiles: () => ProfileSet;
  readonly getDocument: (uri: string) => TextDocument | undefined;
  readonly allDocuments: () => readonly TextDocument[];
  readonly publish: (uri: string, version: number, diagnostics: Diagnostic[]) => void;
  readonly status: (params: StatusParams) => void;
  /** Pause after the last edit before the service validates (ms). */
  readonly debounceMs?: number;
}


interface DocumentState {
  version: number;
  timer?: NodeJS.Timeout;
  abort?: AbortController;
  /** The service's verdict per query text, for this version. */
  verdicts: Map<string, Verdict>;
}

/**
 * Publishes each document's diagnostics: syntax and catalog checks at once on every change,
 * and the service's validation after a pause without typing (queries without local errors)
 * and on save (every query). An edit cancels the validation in flight; results for an older
 * version are dropped. Service trouble becomes a status, never diagnostics.
 */
export class DiagnosticsScheduler {
  private readonly states = new Map<string, DocumentState>();
  private readonly debounceMs: number;
  private readonly loadingCatalogs = new Set<string>();
  private readonly statuses: ChangedStatuses;

  constructor(private readonly deps: DiagnosticsSchedulerDeps) {
    this.debounceMs = deps.debounceMs ?? 500;
    this.statuses = new ChangedStatuses(deps.status);
  }

  /** A document was opened or edited. */
  onChange(document: TextDocument): void {
    const state = this.resetState(document);
    this.publishLocal(document, state);
    state.timer = setTimeout(() => void this.validate(document.uri, document.version, 'pause'), this.debounceMs);
  }

  /** A document was saved: validate every query now, including those with local errors. */
  onSave(document: TextDocument): void {
    const state = this.states.get(document.uri);
    if (!state || state.version !== document.version) this.onChange(document);
    const current = this.states.get(document.uri)!;
    clearTimeout(current.timer);
    void this.validate(document.uri, document.version, 'save');
  }

  onClose(uri: string): void {
    const state = this.states.get(uri);
    clearTimeout(state?.timer);
    state?.abort?.abort();
    this.states.delete(uri);
    this.statuses.forget(uri);
  }

  /** Profiles or catalogs changed: recompute every open document. */
  refreshAll(): void {
    for (const document of this.deps.allDocuments()) this.onChange(document);
  }

  /** A target's catalog changed without an edit (revalidated by the service, or dropped): its documents are published again. */
  catalogChanged(targetKey: string): void {
    for (const document of this.documentsOf(targetKey)) {
      const state = this.states.get(document.uri);
      if (state && state.version === document.version) this.publishLocal(document, state);
    }
  }

  dispose(): void {
    for (const uri of [...this.states.keys()]) this.onClose(uri);
  }

  private resetState(document: TextDocument): DocumentState {
    const previous = this.states.get(document.uri);
    clearTimeout(previous?.timer);
    previous?.abort?.abort();
    const state: DocumentState = { version: document.version, verdicts: new Map() };
    this.states.set(document.uri, state);
    return state;
  }

  private resolve(document: TextDocument): DocumentTargetResolution {
    return resolveDocumentTarget(this.deps.parsed.get(document).ast.directives, this.deps.profiles());
  }

  /** Syntax, directive and catalog problems, plus the service verdicts known for this version. */
  private publishLocal(document: TextDocument, state: DocumentState): void {
    const resolution = this.resolve(document);
    const catalog = resolution.kind === 'target' ? this.deps.hub.peekCatalog(resolution.target) : undefined;
    // A catalog without a dataset cannot tell a key that sees nothing from an empty answer:
    // its names are not checked against it (empty-catalog.ts), and the status says why.
    const usable = catalog !== undefined && catalog.catalog.datasets.length > 0 ? catalog.catalog : undefined;
    const problems = collectDocumentProblems({
      text: document.getText(),
      parsed: this.deps.parsed.get(document),
      targetProblems: resolution.problems,
      ...(usable ? { catalog: usable } : {}),
      collaboration: resolution.kind === 'target' && resolution.target.collaborationId !== undefined,
      verdicts: state.verdicts,
    });
    this.deps.publish(document.uri, document.version, toDiagnostics(document, problems));

    if (resolution.kind === 'offline') {
      this.statuses.update({ uri: document.uri, target: resolution.described, state: 'offline', message: resolution.reason });
    } else if (catalog && !usable) {
      this.statuses.update({ uri: document.uri, target: resolution.target.described, state: 'error', message: describeEmptyCatalog(resolution.target), catalogLoadedAt: catalog.loadedAt });
    } else if (catalog) {
      this.statuses.update({ uri: document.uri, target: resolution.target.described, state: 'ready', message: `Connected with profile '${resolution.target.profile.name}'.`, catalogLoadedAt: catalog.loadedAt });
    } else {
      this.loadCatalog(resolution.target, document.uri);
    }
  }

  /** Loads a target's catalog once, then recomputes the documents that use it. */
  private loadCatalog(target: ServiceTarget, uri: string): void {
    this.statuses.update({ uri, target: target.described, state: 'connecting', message: `Loading the catalog of profile '${target.profile.name}'…` });
    if (this.loadingCatalogs.has(target.key)) return;
    this.loadingCatalogs.add(target.key);
    // On the next turn: the diagnostics just published are written first (vscode-jsonrpc
    // writes on the next turn too), not after the load's first steps.
    void new Promise((resolve) => setImmediate(resolve))
      .then(() => this.deps.hub.catalog(target))
      .then((loaded) => {
        this.loadingCatalogs.delete(target.key);
        if (loaded.ok) {
          this.catalogChanged(target.key);
        } else {
          const trouble = describeServiceTrouble(loaded.error, target.profile.name);
          for (const document of this.documentsOf(target.key)) this.statuses.update({ uri: document.uri, target: target.described, ...trouble });
        }
      });
  }

  private documentsOf(targetKey: string): TextDocument[] {
    return this.deps.allDocuments().filter((document) => {
      const resolution = this.resolve(document);
      return resolution.kind === 'target' && resolution.target.key === targetKey;
    });
  }

  private async validate(uri: string, version: number, reason: 'pause' | 'save'): Promise<void> {
    const document = this.deps.getDocument(uri);
    const state = this.states.get(uri);
    if (!document || !state || document.version !== version || state.version !== version) return;
    const resolution = this.resolve(document);
    if (resolution.kind !== 'target') return;
    const target = resolution.target;

    state.abort?.abort();
    const abort = new AbortController();
    state.abort = abort;
    const parsed = this.deps.parsed.get(document);
    const text = document.getText();
    const catalog = this.deps.hub.peekCatalog(target)?.catalog;

    for (const query of parsed.ast.queries) {
      const sent = queryText(text, query);
      if (state.verdicts.has(sent)) continue;
      if (!shouldAskService(query, parsed, catalog, reason)) continue;
      const kind = query.select.queryType === 'activation' ? 'activation' : 'insight';
      const answer = await this.deps.hub.validate(target, sent, kind, abort.signal);
      // An edit or a newer validation took over while this call was in flight.
      if (abort.signal.aborted || this.states.get(uri) !== state || state.version !== version) return;
      if (!answer.ok) {
        if (answer.error.kind === 'cancelled') return;
        this.statuses.update({ uri, target: target.described, ...describeServiceTrouble(answer.error, target.profile.name) });
        return;
      }
      state.verdicts.set(sent, answer.value);
    }
    if (this.states.get(uri) === state && state.version === version) this.publishLocal(document, state);
  }
}
