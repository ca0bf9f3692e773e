/**
 * Generates a large data folder for the benchmark: 1,000,000 records across three datasets
 * (by default), written straight to disk line by line so the generator itself stays small in
 * memory. Deterministic like the demo: the same options give the same bytes.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import type { CatalogInput } from '../data/catalog-schema';
import { CATALOG_FILE } from '../data/load-data-folder';
import { ageCategory, incomeCategory, openStringCategory, stringCategory } from './demo-categories';
import { formatCsvLine } from './csv-text';
import type { CsvCell } from './csv-text';
import { GENDER_WEIGHTS, GENDERS, INTEREST_WEIGHTS, INTERESTS, JOB_WEIGHTS, JOBS, REGION_WEIGHTS, REGIONS, SECTIONS } from './demo-vocabulary';
import { createPrng } from './prng';
import type { Prng } from './prng';

export interface BenchFolderOptions {
  /** Total records across the three datasets. */
  readonly records?: number;
  readonly seed?: string;
}

export const BENCH_API_KEY = 'bench-key';

interface BenchDataset {
  readonly privateId: string;
  readonly file: string;
  /** Share of all records. */
  readonly share: number;
  readonly keys: readonly string[];
  readonly meta: Omit<CatalogInput['datasets'][number], 'private_id' | 'file' | 'keys' | 'owner_company_id' | 'public_name'>;
  cells(person: number, prng: Prng): CsvCell[];
}

const sectionWeights = SECTIONS.map((_, rank) => 1 / (rank + 1.5));

const BENCH_DATASETS: readonly BenchDataset[] = [
  {
    privateId: 'Shop',
    file: 'shop.csv',
    share: 0.4,
    keys: ['email', 'phone'],
    meta: {
      redaction_threshold: 10,
      rounding_threshold: 10,
      categories: [ageCategory(), stringCategory('Gender', GENDERS), stringCategory('Region', REGIONS), incomeCategory('Income', 'Income')],
    },
    cells: (person, prng) => [
      18 + ((person * 7919) % 68),
      prng.weighted(GENDERS, GENDER_WEIGHTS),
      prng.weighted(REGIONS, REGION_WEIGHTS),
      Math.round(prng.next() * 120) * 500,
    ],
  },
  {
    privateId: 'News',
    file: 'news.csv',
    share: 0.35,
    keys: ['email', 'device_id'],
    meta: {
      redaction_threshold: 10,
      rounding_threshold: 10,
      categories: [stringCategory('Interest', INTERESTS), openStringCategory('Favourite Section')],
    },
    cells: (_person, prng) => [prng.weighted(INTERESTS, INTEREST_WEIGHTS), prng.weighted(SECTIONS, sectionWeights)],
  },
  {
    privateId: 'Lender',
    file: 'lender.csv',
    share: 0.25,
    keys: ['email', 'phone'],
    meta: {
      redaction_threshold: 10,
      rounding_threshold: 10,
      categories: [stringCategory('Job', JOBS)],
    },
    cells: (_person, prng) => [prng.weighted(JOBS, JOB_WEIGHTS)],
  },
];

/** Names of the benchmark's three datasets, as queries write them. */
export const BENCH_DATASET_NAMES = BENCH_DATASETS.map((dataset) => dataset.privateId);

/**
 * Writes the benchmark folder into `dir`: one company and user (API key `bench-key`) owning
 * three datasets that share a population of 0.7 × `records` people, so every pair overlaps.
 */
export async function writeBenchFolder(dir: string, options: BenchFolderOptions = {}): Promise<void> {
  const total = options.records ?? 1_000_000;
  const population = Math.max(1, Math.round(total * 0.7));
  const seed = options.seed ?? 'iql-bench-v1';
  await mkdir(dir, { recursive: true });
  const catalog: CatalogInput = {
    companies: [{ id: 'CMP.bench', name: 'BenchCo' }],
    users: [{ id: 'USR.bench', display_name: 'Bench', company_id: 'CMP.bench', api_key: BENCH_API_KEY }],
    datasets: BENCH_DATASETS.map((dataset) => ({
      ...dataset.meta,
      private_id: dataset.privateId,
      public_name: `${dataset.privateId} (benchmark)`,
      owner_company_id: 'CMP.bench',
      keys: [...dataset.keys],
      file: dataset.file,
    })),
  };
  await writeFile(join(dir, CATALOG_FILE), `${JSON.stringify(catalog, null, 2)}\n`, 'utf8');
  for (const dataset of BENCH_DATASETS) {
    await writeBenchCsv(join(dir, dataset.file), dataset, Math.round(total * dataset.share), population, createPrng(`${seed}/${dataset.privateId}`));
  }
}

async function writeBenchCsv(path: string, dataset: BenchDataset, rows: number, population: number, prng: Prng): Promise<void> {
  const out = createWriteStream(path, { encoding: 'utf8' });
  const labels = (dataset.meta.categories ?? []).map((category) => category.label);
  let chunk = `${formatCsvLine([...dataset.keys, ...labels])}\n`;
  for (let row = 0; row < rows; row++) {
    const person = prng.int(0, population - 1);
    const keys = dataset.keys.map((key) => (prng.chance(0.85) ? keyOf(key, person) : undefined));
    if (!keys.some((cell) => cell !== undefined)) keys[0] = keyOf(dataset.keys[0] ?? 'email', person);
    chunk += `${formatCsvLine([...keys, ...dataset.cells(person, prng)])}\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

function keyOf(key: string, person: number): string {
  if (key === 'email') return `p${person}@bench.example`;
  if (key === 'phone') return `+4470${String(person).padStart(8, '0')}`;
  return `dev-${person.toString(36)}`;
}
