import { type Catalog, type CatalogDataset, catalogAssembly, type IqlFile, namedDatasetUses } from '../../../language/src';
import { type ServiceHub, type ServiceResult, type ServiceTarget, succeed } from '../../../service/src';

/**
 * The catalog a file is checked against: the listed catalog, with the categories of the
 * datasets the file names read from Get Dataset metadata where the list left them out.
 *
 * The hub of `iql check` does not read the metadata of every listed dataset: for a catalog of
 * 200,000 datasets listed without their stats that was 200,000 calls before the first query
 * was checked, even to find that a name was misspelt. A file names a handful.
 *
 * A dataset the service will not describe (404, 403) stays as listed, its categories unknown,
 * so checks about them are skipped; any other failure (a malformed answer, a timeout) is the
 * service's and is returned, with nothing overlaid.
 */
export async function withNamedDatasets(hub: ServiceHub<Catalog>, target: ServiceTarget, listed: Catalog, file: IqlFile, signal: AbortSignal): Promise<ServiceResult<Catalog>> {
  const names = new Set(file.queries.flatMap((query) => namedDatasetUses(query).map((use) => use.name.text)));
  const assembly = catalogAssembly();
  const described = new Map<string, CatalogDataset>();
  for (const name of names) {
    const dataset = listed.findDataset(name);
    if (dataset === undefined || dataset.categoriesKnown) continue;
    const metadata = await hub.datasetMetadata(target, dataset.privateId, signal);
    if (metadata.ok) described.set(name, assembly.fromDataset(metadata.value.dataset, metadata.value.schema));
    else if (metadata.error.kind !== 'not-found' && metadata.error.kind !== 'forbidden') return metadata;
  }
  return succeed(overlay(listed, described));
}

/** `base` with some datasets replaced by name; the full list is only rebuilt if someone reads it. */
function overlay(base: Catalog, replaced: ReadonlyMap<string, CatalogDataset>): Catalog {
  if (replaced.size === 0) return base;
  let datasets: readonly CatalogDataset[] | undefined;
  return {
    get datasets() {
      datasets ??= base.datasets.map((dataset) => replaced.get(dataset.name) ?? dataset);
      return datasets;
    },
    findDataset: (name) => replaced.get(name) ?? base.findDataset(name),
  };
}
