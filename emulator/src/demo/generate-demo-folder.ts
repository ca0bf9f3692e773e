/**
 * Generates the demo data folder: catalog.json plus one CSV per dataset, from a seeded
 * generator, so that the same seed always gives byte-identical files. Takes well under a
 * second, which is why the demo is generated at startup instead of being committed.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CatalogInput } from '../data/catalog-schema';
import { createMemorySource } from '../data/folder-source';
import { CATALOG_FILE, loadFolderSource } from '../data/load-data-folder';
import type { DataFolderResult } from '../data/load-data-folder';
import { formatCsvLine } from './csv-text';
import type { CsvCell } from './csv-text';
import { DEMO_PARTIES } from './demo-catalog';
import { DEMO_DATASETS } from './demo-datasets';
import type { DemoDatasetSpec } from './demo-datasets';
import { generatePeople } from './demo-people';
import type { Person } from './demo-people';
import { createPrng } from './prng';

export interface DemoOptions {
  /** Seed of every random choice; the default gives the documented demo. */
  readonly seed?: number | string;
  /** Size of the population behind the datasets; datasets hold a share of it each. */
  readonly people?: number;
}

export const DEFAULT_DEMO_SEED = 'iql-demo-v1';
export const DEFAULT_DEMO_PEOPLE = 8000;

/** The demo folder's files, by name: `catalog.json` and the datasets' CSVs. */
export function generateDemoFiles(options: DemoOptions = {}): Map<string, string> {
  const seed = String(options.seed ?? DEFAULT_DEMO_SEED);
  const people = generatePeople(createPrng(`${seed}/people`), options.people ?? DEFAULT_DEMO_PEOPLE);
  const catalog: CatalogInput = { ...DEMO_PARTIES, datasets: DEMO_DATASETS.map((spec) => spec.meta) };
  const files = new Map<string, string>([[CATALOG_FILE, `${JSON.stringify(catalog, null, 2)}\n`]]);
  for (const spec of DEMO_DATASETS) {
    files.set(spec.meta.file, buildCsv(spec, people, seed));
  }
  return files;
}

/** Writes the demo folder into `dir` (created when missing). */
export async function writeDemoFolder(dir: string, options: DemoOptions = {}): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const [name, text] of generateDemoFiles(options)) await writeFile(join(dir, name), text, 'utf8');
}

/** Generates the demo folder in memory and loads it, exactly as a folder on disk would load. */
export function loadDemoData(options: DemoOptions = {}): Promise<DataFolderResult> {
  return loadFolderSource(createMemorySource(generateDemoFiles(options), 'demo'));
}

function buildCsv(spec: DemoDatasetSpec, people: readonly Person[], seed: string): string {
  const meta = spec.meta;
  const prng = createPrng(`${seed}/${meta.private_id}`);
  const keys = meta.keys ?? [];
  const columns = [...keys, ...(meta.output_columns ?? []), ...(meta.categories ?? []).map((category) => category.label)];
  const records: CsvCell[][] = [];
  const duplicates: CsvCell[][] = [];
  let serial = 0;
  const record = (person: Person): CsvCell[] => {
    serial++;
    const cells = spec.cells(person, prng, serial);
    const keyCells = keys.map((key): string | undefined => (prng.chance(spec.keyPresence[key] ?? 1) ? keyValue(person, key) : undefined));
    // A record without any key could never match anything: give it its first key back.
    if (!keyCells.some((cell) => cell !== undefined) && keys[0] !== undefined) keyCells[0] = keyValue(person, keys[0]);
    return [...keyCells, ...columns.slice(keys.length).map((column) => cells[column])];
  };
  for (const person of people) {
    if (!prng.chance(spec.share)) continue;
    records.push(record(person));
    if (prng.chance(spec.duplicateShare)) duplicates.push(record(person));
  }
  // Records arrive in a shuffled order; a person's later duplicates still come after the first record.
  const rows = [...prng.shuffle(records), ...duplicates];
  return `${[formatCsvLine(columns), ...rows.map(formatCsvLine)].join('\n')}\n`;
}

function keyValue(person: Person, key: string): string {
  if (key === 'email') return person.email;
  if (key === 'phone') return person.phone;
  return person.deviceId;
}
