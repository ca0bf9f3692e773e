import { TextDocument } from 'vscode-languageserver-textdocument';
import { type Catalog, type IqlFile, toDiagnostics, parseIql, collectDocumentProblems, shouldAskService, type Verdict, queryText, catalogAssembly, resolveDirectiveTarget } from '../../../language/src';
import { describeEmptyCatalog, describeServiceTrouble, resolveTarget, type ProfileSet, type ServiceError, ServiceHub, type ServiceTarget, type TargetResolution } from '../../../service/src';
import { SERVER_VERSION } from '../../../common/version';
import type { CliIo } from '../io';
import { type CommandDeadline, describeMissedDeadline, requestTimeoutsWithin } from '../deadline';
import type { CheckedFile } from './check-report';
import { withNamedDatasets } from './named-datasets';

/**
 * The checks of `iql check` that need the service, with one hub (and its caches) for the whole
 * run and one deadline for all its calls. Trouble is said once per distinct message. The first
 * call that times out stops the service checks: a service that did not answer one call will
 * not answer the next, and waiting for each in turn is what made a check last minutes.
 */
export class OnlineChecks {
  private readonly hub: ServiceHub<Catalog>;
  private readonly said = new Set<string>();
  /** True once the service could not be asked about something. */
  failed = false;
  /** True once a call timed out (or the deadline passed): no further call is made. */
  stopped = false;

  constructor(
    private readonly profiles: ProfileSet,
    private readonly io: CliIo,
    private readonly deadline: CommandDeadline,
  ) {
    this.hub = new ServiceHub<Catalog>({
      version: SERVER_VERSION,
      catalogAssembly,
      timeouts: requestTimeoutsWithin(deadline.seconds),
      // Metadata is read for the datasets each file names (withNamedDatasets), not for every listed one.
      listedMetadata: 'none',
    });
  }

  async check(path: string, text: string): Promise<CheckedFile> {
    const parsed = parseIql(text);
    const resolution = resolveDirectiveTarget<TargetResolution>(parsed.ast.directives, (wanted) => resolveTarget(wanted, this.profiles));
    const verdicts = new Map<string, Verdict>();
    let catalog: Catalog | undefined;
    if (resolution.kind === 'offline') {
      this.sayOnce(`iql check: ${resolution.reason}`);
    } else {
      const target = resolution.target;
      const signal = this.deadline.signal;
      catalog = await this.loadCatalog(target, parsed.ast);
      for (const query of parsed.ast.queries) {
        if (this.stopped) break;
        if (!shouldAskService(query, parsed, catalog, 'save')) continue;
        const kind = query.select.queryType === 'activation' ? 'activation' : 'insight';
        const sent = queryText(text, query);
        const answer = await this.hub.validate(target, sent, kind, signal);
        if (answer.ok) verdicts.set(sent, answer.value);
        else this.trouble(answer.error, target.profile.name);
      }
    }
    const problems = collectDocumentProblems({
      text,
      parsed,
      targetProblems: resolution.problems,
      ...(catalog ? { catalog } : {}),
      collaboration: resolution.kind === 'target' && resolution.target.collaborationId !== undefined,
      verdicts,
    });
    const document = TextDocument.create(`file://${encodeURI(path)}`, 'iql', 0, text);
    return { path, queries: parsed.ast.queries.length, diagnostics: toDiagnostics(document, problems) };
  }

  /** The catalog to check `file` against, or undefined (and the trouble said) when the service gave none that can be used. */
  private async loadCatalog(target: ServiceTarget, file: IqlFile): Promise<Catalog | undefined> {
    const loaded = await this.hub.catalog(target, this.deadline.signal);
    if (!loaded.ok) {
      this.trouble(loaded.error, target.profile.name);
      return undefined;
    }
    const listed = loaded.value.catalog;
    if (listed.datasets.length === 0) {
      this.serviceFault(describeEmptyCatalog(target));
      return undefined;
    }
    const completed = await withNamedDatasets(this.hub, target, listed, file, this.deadline.signal);
    if (completed.ok) return completed.value;
    // The names are still known from the list; only their categories could not be read.
    this.trouble(completed.error, target.profile.name);
    return listed;
  }

  dispose(): Promise<void> {
    return this.hub.dispose();
  }

  private trouble(error: ServiceError, profile: string): void {
    const message = describeServiceTrouble(error, profile).message;
    if (this.deadline.expired) {
      this.stopped = true;
      this.serviceFault(describeMissedDeadline(message, this.deadline));
    } else if (error.kind === 'timeout') {
      this.stopped = true;
      this.serviceFault(`${message} Stopped there: no further call is made.`);
    } else {
      this.serviceFault(message);
    }
  }

  /** The service could not be asked, or its answer cannot be used: said once, and the run exits 2. */
  private serviceFault(message: string): void {
    this.failed = true;
    this.sayOnce(`iql check: ${message}`);
  }

  private sayOnce(line: string): void {
    if (this.said.has(line)) return;
    this.said.add(line);
    this.io.stderr.write(`${line}\n`);
  }
}
