import type { Location } from 'vscode-languageserver';
import { datasetPageUri, DatasetMetadataPageRequest, type DatasetMetadataPageParams } from '../../../common/protocol';
import { findDefinitionSubject, renderDatasetPage } from '../../../language/src';
import { fail, resolveTarget, type ServiceResult } from '../../../service/src';
import type { ServerContext } from './server-context';

/**
 * Dataset pages: go to definition on a dataset (or category) name answers the address of the
 * dataset's page, which the client opens in the editor area as a read-only document and fills
 * by asking `iql/datasetMetadataPage`. Only a client that said it serves the addresses
 * (`datasetPages`) gets them; any other has no definition to go to.
 */
export function registerDatasetPages(context: ServerContext): void {
  const { connection, documents, targets, hub } = context;

  connection.onDefinition(async (params, token): Promise<Location | null> => {
    if (context.options().datasetPages !== true) return null;
    const before = documents.text(params.textDocument.uri);
    if (!before) return null;
    const catalog = await targets.catalogFor(before, token, true);
    // Asked after the wait: a parse is only valid for the document's current version.
    const open = documents.find(params.textDocument.uri);
    if (!catalog || !open || token.isCancellationRequested) return null;
    const subject = findDefinitionSubject(open.parsed.ast, open.document.offsetAt(params.position), catalog);
    if (!subject) return null;
    const resolution = targets.targetOf(open.document);
    const target = resolution.kind === 'target' ? resolution.target.described : resolution.described;
    const line = subject.category === undefined ? 0 : (renderDatasetPage(subject.dataset, target).categoryLines.get(subject.category) ?? 0);
    return { uri: datasetPageUri(target, subject.dataset.name), range: { start: { line, character: 0 }, end: { line, character: 0 } } };
  });

  connection.onRequest(DatasetMetadataPageRequest, async (params: DatasetMetadataPageParams, token): Promise<ServiceResult<string>> => {
    const wanted = { ...(params.target?.profile ? { profile: params.target.profile } : {}), ...(params.target?.collaboration ? { collaboration: params.target.collaboration } : {}) };
    const resolution = resolveTarget(wanted, await context.profiles.ready());
    if (resolution.kind !== 'target') return fail({ kind: 'misconfigured', message: resolution.reason });
    const loaded = await targets.withSignal(token, (signal) => hub.catalog(resolution.target, signal));
    if (!loaded.ok) return loaded;
    const name = String(params.name);
    const dataset = loaded.value.catalog.findDataset(name);
    if (!dataset) {
      const where = resolution.target.collaborationId ? `collaboration ${resolution.target.collaborationId}` : `profile '${resolution.target.profile.name}'`;
      return fail({ kind: 'not-found', message: `Dataset '${name}' is not in the catalog of ${where}: it may have been removed or renamed. Refresh the catalog and try again.` });
    }
    return { ok: true, value: renderDatasetPage(dataset, resolution.target.described).markdown };
  });
}
