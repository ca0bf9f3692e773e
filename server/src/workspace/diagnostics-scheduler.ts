import type { Diagnostic } from 'vscode-languageserver-types';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { StatusParams } from '../../../common/protocol';
import { checkQueryAgainstCatalog } from '../analysis/catalog-checks';
import { toDiagnostics } from '../analysis/diagnostics';
import type { AnalysisProblem } from '../analysis/problem';
import type { Query } from '../parser/ast';
import type { ProfileSet } from '../service/profile-registry';
import type { ServiceHub } from '../service/service-hub';
import { resolveDocumentTarget, type ResolvedTarget, type TargetResolution } from './document-target';
import type { ParsedDocuments } from './parsed-documents';
import { downgradeAccepted, queryText, serviceRejection } from './remote-problems';
import { describeServiceTrouble } from './service-status';

export interface DiagnosticsSchedulerDeps {
  readonly parsed: ParsedDocuments;
  readonly hub: ServiceHub;
  readonly profiles: () => ProfileSet;
  readonly getDocument: (uri: string) => TextDocument | undefined;
  readonly allDocuments: () => readonly TextDocument[];
  readonly publish: (uri: string, version: number, diagnostics: Diagnostic[]) => void;
  readonly status: (params: StatusParams) => void;
  /** Pause after the last edit before the service validates (ms). */
  readonly debounceMs?: number;
}

/** The service's verdict per query text, for one document version. */
type Verdicts = Map<string, { accepted: true } | { accepted: false; problem: (text: string, query: Query) => AnalysisProblem }>;

interface DocumentState {
  version: number;
  timer?: NodeJS.Timeout;
  abort?: AbortController;
  verdicts: Verdicts;
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

  constructor(private readonly deps: DiagnosticsSchedulerDeps) {
    this.debounceMs = deps.debounceMs ?? 500;
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
  }

  /** Profiles or catalogs changed: recompute every open document. */
  refreshAll(): void {
    for (const document of this.deps.allDocuments()) this.onChange(document);
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

  private resolve(document: TextDocument): TargetResolution {
    return resolveDocumentTarget(this.deps.parsed.get(document).ast.directives, this.deps.profiles());
  }

  /** Syntax, directive and catalog problems, plus the service verdicts known for this version. */
  private publishLocal(document: TextDocument, state: DocumentState): void {
    const { ast, problems: syntax } = this.deps.parsed.get(document);
    const text = document.getText();
    const resolution = this.resolve(document);
    const problems: AnalysisProblem[] = [...resolution.problems];
    const catalog = resolution.kind === 'target' ? this.deps.hub.peekCatalog(resolution.target) : undefined;

    for (const query of ast.queries) {
      const inQuery = syntax.filter((p) => p.span.start >= query.span.start && p.span.start <= query.span.end);
      const verdict = state.verdicts.get(queryText(text, query));
      if (verdict?.accepted) problems.push(...inQuery.map(downgradeAccepted));
      else problems.push(...inQuery);
      if (verdict && !verdict.accepted) problems.push(verdict.problem(text, query));
      if (catalog && !(verdict?.accepted && inQuery.length > 0)) {
        problems.push(...checkQueryAgainstCatalog(query, catalog.catalog, { collaboration: resolution.kind === 'target' && resolution.target.collaborationId !== undefined }));
      }
    }
    // Problems outside every query (stray text between queries) are kept as they are.
    problems.push(...syntax.filter((p) => !ast.queries.some((q) => p.span.start >= q.span.start && p.span.start <= q.span.end)));
    this.deps.publish(document.uri, document.version, toDiagnostics(document, problems));

    if (resolution.kind === 'offline') {
      this.deps.status({ uri: document.uri, target: resolution.described, state: 'offline', message: resolution.reason });
    } else if (catalog) {
      this.deps.status({ uri: document.uri, target: resolution.target.described, state: 'ready', message: `Connected with profile '${resolution.target.profile.name}'.`, catalogLoadedAt: catalog.loadedAt });
    } else {
      this.loadCatalog(resolution.target, document.uri);
    }
  }

  /** Loads a target's catalog once, then recomputes the documents that use it. */
  private loadCatalog(target: ResolvedTarget, uri: string): void {
    this.deps.status({ uri, target: target.described, state: 'connecting', message: `Loading the catalog of profile '${target.profile.name}'…` });
    if (this.loadingCatalogs.has(target.key)) return;
    this.loadingCatalogs.add(target.key);
    void this.deps.hub.catalog(target).then((loaded) => {
      this.loadingCatalogs.delete(target.key);
      const users = this.deps.allDocuments().filter((d) => {
        const resolution = this.resolve(d);
        return resolution.kind === 'target' && resolution.target.key === target.key;
      });
      if (loaded.ok) {
        for (const document of users) {
          const state = this.states.get(document.uri);
          if (state && state.version === document.version) this.publishLocal(document, state);
        }
      } else {
        const trouble = describeServiceTrouble(loaded.error, target.profile.name);
        for (const document of users) this.deps.status({ uri: document.uri, target: target.described, ...trouble });
      }
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
    const { ast, problems: syntax } = this.deps.parsed.get(document);
    const text = document.getText();
    const catalog = this.deps.hub.peekCatalog(target);

    for (const query of ast.queries) {
      const sent = queryText(text, query);
      if (state.verdicts.has(sent)) continue;
      const hasLocalError =
        syntax.some((p) => p.severity === 'error' && p.span.start >= query.span.start && p.span.start <= query.span.end) ||
        (catalog !== undefined && checkQueryAgainstCatalog(query, catalog.catalog).some((p) => p.severity === 'error'));
      if (reason === 'pause' && hasLocalError) continue;
      const kind = query.select.queryType === 'activation' ? 'activation' : 'insight';
      const answer = await this.deps.hub.validate(target, sent, kind, abort.signal);
      // An edit or a newer validation took over while this call was in flight.
      if (abort.signal.aborted || this.states.get(uri) !== state || state.version !== version) return;
      if (!answer.ok) {
        if (answer.error.kind === 'cancelled') return;
        this.deps.status({ uri, target: target.described, ...describeServiceTrouble(answer.error, target.profile.name) });
        return;
      }
      const outcome = answer.value;
      state.verdicts.set(sent, outcome.accepted ? { accepted: true } : { accepted: false, problem: (t, q) => serviceRejection(t, q, outcome.error) });
    }
    if (this.states.get(uri) === state && state.version === version) this.publishLocal(document, state);
  }
}
