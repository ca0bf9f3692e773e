/**
 * The configuration files the language server understands. Automation files
 * (`*.iqlauto.json`): their schedule and steps checked, the next runs on hover over the cron
 * expression (language/src/embedded/automation-file.ts). Insight report files
 * (`*.iqlreport.json`): their `seed_filter` and
 * `baseline_filter` are IQL, and their `categories` name the baseline's categories: checked, completed and explained with the language's own
 * features (language/src/embedded/report-filters.ts) against the catalog of the report's
 * profile — the one its `$schema` names, else the default — outside any collaboration, as
 * reports are. A report names its datasets by their 2.0 ids; the names queries use come from
 * the catalog, or from List Datasets 2.0 (the company's own datasets), read once per profile.
 */
import type { CancellationToken, Diagnostic, Hover } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionList } from 'vscode-languageserver-types';
import {
  automationHover, automationProblems, isAutomationFile, reportCategoryCompletions, reportCategoryProblems, reportFilterCompletions, reportFilterHover, reportFilterProblems, toDiagnostics, toHover, type Catalog, type DatasetNameOf,
} from '../../../language/src';
import { collectAllPages, resolveTarget, type ServiceHub, type ServiceTarget } from '../../../service/src';
import type { ProfileState } from './profile-state';

/** How long the company's dataset ids are trusted before they are read again. */
const DATASET_IDS_TTL_MS = 5 * 60_000;

interface DatasetIds {
  readonly names: ReadonlyMap<string, string>;
  readonly at: number;
}

export class ConfigFiles {
  private readonly datasetIds = new Map<string, Promise<DatasetIds>>();
  /** The newest version asked for per document: an older answer is not published. */
  private readonly versions = new Map<string, number>();

  constructor(
    private readonly hub: ServiceHub<Catalog>,
    private readonly profiles: ProfileState,
    private readonly publish: (uri: string, version: number, diagnostics: Diagnostic[]) => void,
  ) {}

  /** Checks a report file's filters and publishes what is wrong, at once offline, then with the catalog. */
  async onChange(document: TextDocument): Promise<void> {
    this.versions.set(document.uri, document.version);
    if (isAutomationFile(document.uri)) {
      this.publish(document.uri, document.version, toDiagnostics(document, automationProblems(document.getText())));
      return;
    }
    this.publish(document.uri, document.version, toDiagnostics(document, reportFilterProblems(document.getText(), undefined, () => undefined)));
    const context = await this.context(document, undefined);
    if (context === undefined || this.versions.get(document.uri) !== document.version) return;
    const text = document.getText();
    const problems = [...reportFilterProblems(text, context.catalog, context.nameOf), ...reportCategoryProblems(text, context.catalog, context.nameOf)];
    this.publish(document.uri, document.version, toDiagnostics(document, problems));
  }

  onClose(uri: string): void {
    this.versions.delete(uri);
  }

  async completion(document: TextDocument, offset: number, token: CancellationToken): Promise<CompletionList | null> {
    if (isAutomationFile(document.uri)) return null;
    const context = await this.context(document, token);
    const nameOf = context?.nameOf ?? (() => undefined);
    return reportFilterCompletions(document, offset, context?.catalog, nameOf) ?? reportCategoryCompletions(document, offset, context?.catalog, nameOf);
  }

  async hover(document: TextDocument, offset: number, token: CancellationToken): Promise<Hover | null> {
    if (isAutomationFile(document.uri)) {
      // The user's zone is the server's: it runs on the user's machine, beside the editor.
      const found = automationHover(document.getText(), offset, Date.now(), Intl.DateTimeFormat().resolvedOptions().timeZone);
      return found ? toHover(document, found.markdown, found.span) : null;
    }
    const context = await this.context(document, token);
    if (context === undefined) return null;
    const found = reportFilterHover(document.getText(), offset, context.catalog, context.nameOf);
    return found ? toHover(document, found.markdown, found.span) : null;
  }

  /** The catalog of the report's profile and how its dataset ids name datasets; undefined offline. */
  private async context(document: TextDocument, token: CancellationToken | undefined): Promise<{ catalog: Catalog; nameOf: DatasetNameOf } | undefined> {
    const target = this.targetOf(document, await this.profiles.ready());
    if (target === undefined) return undefined;
    const controller = new AbortController();
    const subscription = token?.onCancellationRequested(() => controller.abort());
    try {
      const [loaded, ids] = await Promise.all([this.hub.catalog(target, controller.signal), this.idsOf(target, controller.signal)]);
      if (!loaded.ok || loaded.value.catalog.datasets.length === 0) return undefined;
      const catalog = loaded.value.catalog;
      return { catalog, nameOf: (id) => catalog.findDataset(id)?.name ?? ids.names.get(id) };
    } finally {
      subscription?.dispose();
    }
  }

  private targetOf(document: TextDocument, profiles: ReturnType<ProfileState['current']>): ServiceTarget | undefined {
    const schema = /"\$schema"\s*:\s*"iql-schema:\/([^/"]+)\//.exec(document.getText());
    let profile: string | undefined;
    try {
      profile = schema ? decodeURIComponent(schema[1]!) : undefined;
    } catch {
      profile = undefined;
    }
    // Reports live outside collaborations: the default collaboration does not apply.
    const resolution = resolveTarget(profile ? { profile } : {}, { ...profiles, defaultCollaboration: undefined });
    return resolution.kind === 'target' ? resolution.target : undefined;
  }

  /** The company's 2.0 dataset ids → the names queries use (read once per profile, kept a while); empty when they cannot be read. */
  private async idsOf(target: ServiceTarget, signal: AbortSignal): Promise<DatasetIds> {
    const cached = this.datasetIds.get(target.profileKey);
    if (cached !== undefined) {
      const ids = await cached;
      if (Date.now() - ids.at < DATASET_IDS_TTL_MS) return ids;
    }
    const next = this.loadIds(target, signal);
    this.datasetIds.set(target.profileKey, next);
    return next;
  }

  private async loadIds(target: ServiceTarget, signal: AbortSignal): Promise<DatasetIds> {
    const client = this.hub.clientFor(target);
    if (!client.ok) return { names: new Map(), at: Date.now() };
    const all = await collectAllPages(client.value, 'listDatasetsV2', {}, { signal });
    return { names: new Map(all.ok ? all.value.map((dataset) => [dataset.dataset_id, dataset.private_id ?? dataset.dataset_id] as const) : []), at: Date.now() };
  }
}
