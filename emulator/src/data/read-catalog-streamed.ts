/**
 * Reads a sound catalog.json as it streams in, one dataset at a time, so that a catalog of
 * 100,000 datasets never exists as one string, one parsed tree and one checked copy at once
 * (a 63 MB catalog took gigabytes that way). Each dataset is parsed by the native JSON.parse
 * from the bytes `JsonItemsSplitter` cuts out, checked against the schema, and given its
 * `dataset_id`. Its categories are cut out too: a category written alike in many datasets
 * (the usual case, since categories come from one global schema) is parsed and checked once
 * and its one checked object shared by all of them (nothing changes a catalog entry once
 * loaded; data supply replaces entries whole).
 *
 * This path only says yes: any problem (JSON syntax, a schema error, a read error) answers
 * `undefined`, and the caller reads the whole text with `readCatalog`, which reports every
 * problem with its line, exactly as before.
 */
import type { Readable } from 'node:stream';
import { JsonItemsSplitter } from '../../../common/json-items-splitter';
import { catalogSchema, categorySchema, datasetSchema } from './catalog-schema';
import type { CatalogCategory } from './catalog-schema';
import { deriveDatasetId } from './derive-dataset-id';
import type { ResolvedCatalog, ResolvedDataset } from './loaded-data';

/** Raised inside the splitters' callbacks to abandon the streamed path. */
class NotSound extends Error {}

/** The catalog of `input` checked against the schema, or undefined when anything is amiss. */
export async function readCatalogStreamed(input: Readable): Promise<ResolvedCatalog | undefined> {
  try {
    return await readSoundCatalog(input);
  } catch {
    // NotSound, or the file could not be read: the whole-text path says what is wrong.
    input.destroy();
    return undefined;
  }
}

async function readSoundCatalog(input: Readable): Promise<ResolvedCatalog> {
  const categories = new CategoryInterning();
  const datasets: ResolvedDataset[] = [];
  const splitter = new JsonItemsSplitter('datasets', (text) => datasets.push(readDataset(text, categories)));
  for await (const chunk of input as AsyncIterable<Uint8Array | string>) splitter.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  const { rest, complete } = splitter.end();
  if (!complete || splitter.arraysSplit > 1) throw new NotSound();
  const parsed = catalogSchema.safeParse(parseJson(rest));
  // A catalog whose datasets were not one array of the top-level object left them in the rest.
  if (!parsed.success || parsed.data.datasets.length > 0) throw new NotSound();
  return { ...parsed.data, datasets };
}

function readDataset(text: string, categories: CategoryInterning): ResolvedDataset {
  const own: CatalogCategory[] = [];
  const splitter = new JsonItemsSplitter('categories', (category) => own.push(categories.checked(category)));
  splitter.push(Buffer.from(text));
  const { rest, complete } = splitter.end();
  // A property named twice: JSON.parse keeps the last; the whole-text reader reads it so.
  if (!complete || splitter.arraysSplit > 1) throw new NotSound();
  const parsed = datasetSchema.safeParse(parseJson(rest));
  if (!parsed.success || parsed.data.categories.length > 0) throw new NotSound();
  const dataset = parsed.data;
  return {
    ...dataset,
    categories: own,
    dataset_id: dataset.dataset_id ?? deriveDatasetId(dataset.owner_company_id, dataset.private_id),
  };
}

/** Checked categories by their JSON text: one object per distinct text. */
class CategoryInterning {
  private readonly byText = new Map<string, CatalogCategory>();

  checked(text: string): CatalogCategory {
    const known = this.byText.get(text);
    if (known !== undefined) return known;
    const parsed = categorySchema.safeParse(parseJson(text));
    if (!parsed.success) throw new NotSound();
    this.byText.set(text, parsed.data);
    return parsed.data;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new NotSound();
  }
}
