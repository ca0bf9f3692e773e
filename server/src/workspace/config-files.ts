/**
 * The configuration files the language server understands. Automation files
 * (`*.iqlauto.json`): their schedule and steps checked, the next runs on hover over the cron
 * expression (language/src/embedded/automation-file.ts). Insight report files
 * (`*.iqlreport.json`): their `seed_filter` and
 * `baseline_filter` are IQL, and their `categories` name the baseline's categories: checked, completed and explained with the language's own
 * features (language/src/embedded/report-filters.ts) against the catalog of the report's
 * profile — the one its `$schema` names, else the default — outside any collaboration, as
 * reports are. A report names its datasets by their 2.0 ids; the names queries use come from
 * the catalog, or from Get Dataset (2.0) of each id the report names (report-dataset-names.ts),
 * never from the company's whole list.
 */
import type { CancellationToken, Diagnostic, Hover } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { CompletionList } from 'vscode-languageserver-types';
import {
  automationHover, automationProblems, isAutomationFile, reportCategoryCompletions, reportDatasetIds, reportCategoryProblems, reportFilterCompletions, reportFilterHover, reportFilterProblems, toDiagnostics, toHover, type Catalog, type DatasetNameOf,
} from '../../../language/src';
import { resolveTarget, type ServiceHub, type ServiceTarget } from '../../../service/src';
import type { ProfileState } from './profile-state';
import { ReportDatasetNames } from './report-dataset-names';

export class ConfigFiles {
  private readonly datasetNames = new ReportDatasetNames();
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
      const [loaded, names] = await Promise.all([this.hub.catalog(target, controller.signal), this.namesOf(target, reportDatasetIds(document.getText()), controller.signal)]);
      if (!loaded.ok || loaded.value.catalog.datasets.length === 0) return undefined;
      const catalog = loaded.value.catalog;
      return { catalog, nameOf: (id) => catalog.findDataset(id)?.name ?? names.get(id) };
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

  /** The names queries use for the 2.0 dataset `ids` a report names (each read alone, kept a while); empty when they cannot be read. */
  private namesOf(target: ServiceTarget, ids: readonly string[], signal: AbortSignal): Promise<ReadonlyMap<string, string>> {
    const client = this.hub.clientFor(target);
    if (!client.ok || ids.length === 0) return Promise.resolve(new Map());
    return this.datasetNames.namesOf(target.profileKey, client.value, ids, signal);
  }
}
