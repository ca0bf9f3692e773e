/**
 * Reads catalog.json text into a resolved catalog: JSON syntax, the schema of
 * catalog-schema.ts, then the cross-references (owners exist, names are unique, …). All
 * problems found are reported together, each with the line it points at when it has one.
 */
import { catalogSchema } from './catalog-schema';
import type { Catalog } from './catalog-schema';
import { checkCatalogReferences } from './check-catalog-references';
import { deriveDatasetId } from './derive-dataset-id';
import type { FolderProblem } from './folder-problem';
import type { ResolvedCatalog } from './loaded-data';
import { locateJsonPath } from './locate-json-path';

export type CatalogReadResult =
  | { readonly ok: true; readonly catalog: ResolvedCatalog }
  | { readonly ok: false; readonly problems: readonly FolderProblem[] };

/**
 * Parses and checks the text of a catalog.json. `file` is only used to name the file in
 * problems. Never throws.
 */
export function readCatalog(text: string, file: string): CatalogReadResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const position = /position (\d+)/.exec(message);
    const line = position ? lineOfOffset(text, Number(position[1])) : undefined;
    return { ok: false, problems: [{ file, line, message: `not valid JSON: ${message}` }] };
  }
  const parsed = catalogSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue): FolderProblem => {
      const path = issue.path.filter((step): step is string | number => typeof step !== 'symbol');
      return { file, line: locateJsonPath(text, path), message: `${formatPath(path)}: ${issue.message}` };
    });
    return { ok: false, problems };
  }
  const catalog = resolveDatasetIds(parsed.data);
  const referenceProblems = checkCatalogReferences(catalog).map(
    (problem): FolderProblem => ({
      file,
      line: locateJsonPath(text, problem.path),
      message: `${formatPath(problem.path)}: ${problem.message}`,
    }),
  );
  if (referenceProblems.length > 0) return { ok: false, problems: referenceProblems };
  return { ok: true, catalog };
}

function resolveDatasetIds(catalog: Catalog): ResolvedCatalog {
  return {
    ...catalog,
    datasets: catalog.datasets.map((dataset) => ({
      ...dataset,
      dataset_id: dataset.dataset_id ?? deriveDatasetId(dataset.owner_company_id, dataset.private_id),
    })),
  };
}

/** `['datasets', 2, 'keys']` → `datasets[2].keys`, the way people write paths into JSON. */
export function formatPath(path: readonly (string | number)[]): string {
  if (path.length === 0) return '(top level)';
  return path.map((step, index) => (typeof step === 'number' ? `[${step}]` : index === 0 ? step : `.${step}`)).join('');
}

function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}
