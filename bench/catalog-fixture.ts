/**
 * The generated catalog the language-server benchmarks share: N datasets × M categories in an
 * emulator data folder (DATA-FORMAT.md), served by a real emulator, and the few measuring
 * helpers every server benchmark needs (percentiles, a process's resident memory).
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { startEmulator, type RunningEmulator } from '../emulator/src/start-emulator';
import { startServer, type LspSession } from '../test/lsp/lsp-session';

export const BENCH_API_KEY = 'bench-key';


/** Every fifth category has a name that needs quoting, so quoting paths are measured too. */
export function categoryLabel(index: number): string {
  return index % 5 === 0 ? `Category Number ${index}` : `Category${index}`;
}

/** Even categories are STRINGS (with three possible values), odd ones INTEGERS. */
export function categoryDataType(index: number): 'STRINGS' | 'INTEGERS' {
  return index % 2 === 0 ? 'STRINGS' : 'INTEGERS';
}

/**
 * Writes catalog.json and the (empty) CSV its datasets share — or, with `filePerDataset`, a
 * header-only CSV for each dataset, as a real folder has. Written dataset by dataset through
 * a stream, so a catalog larger than one JavaScript string can still be written (the
 * emulator streams it in, and streams List Datasets out).
 */
export async function writeCatalogFolder(dir: string, datasets: number, categories: number, options: { readonly filePerDataset?: boolean } = {}): Promise<void> {
  const categoryList = Array.from({ length: categories }, (_, c) => ({
    label: categoryLabel(c),
    data_type: categoryDataType(c),
    representations: [categoryDataType(c) === 'STRINGS' ? { label: categoryLabel(c), possible_values: ['Alpha', 'Beta', 'Gamma'] } : { label: categoryLabel(c) }],
  }));
  const categoriesJson = JSON.stringify(categoryList);
  const header = `email,${categoryList.map((c) => `"${c.label}"`).join(',')}\n`;
  const out = createWriteStream(join(dir, 'catalog.json'));
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`{"companies":[{"id":"CMP.bench","name":"Bench"}],"users":[{"id":"USR.bench","display_name":"Bench","company_id":"CMP.bench","api_key":"${BENCH_API_KEY}"}],"datasets":[`);
  for (let d = 0; d < datasets; d += 1) {
    const head = JSON.stringify({
      private_id: `Dataset${d}`,
      public_name: `Benchmark dataset ${d}`,
      owner_company_id: 'CMP.bench',
      activation: false,
      redaction_threshold: 10,
      rounding_threshold: 5,
      keys: ['email'],
      output_columns: [],
      file: options.filePerDataset ? `dataset${d}.csv` : 'empty.csv',
    });
    await write(`${d === 0 ? '' : ','}${head.slice(0, -1)},"categories":${categoriesJson}}`);
    if (options.filePerDataset) await writeFile(join(dir, `dataset${d}.csv`), header);
  }
  await write('],"permissions":[],"collaborations":[]}');
  out.end();
  await once(out, 'finish');
  if (!options.filePerDataset) await writeFile(join(dir, 'empty.csv'), header);
}

export interface CatalogEmulator {
  readonly emulator: RunningEmulator;
  /** The environment that points the IQL server at this emulator. */
  readonly serverEnv: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

/**
 * Generates a catalog of `datasets` × `categories` in a temporary folder and serves it. With
 * `warm`, List Datasets is asked for once before this returns: the emulator runs in the bench's
 * process, its code not yet optimized, and its first answer of a large catalog comes ~50–100 ms
 * slower than the next, time no service that has been up a while would add to a client's.
 */
export async function serveGeneratedCatalog(datasets: number, categories: number, options: { readonly warm?: boolean } = {}): Promise<CatalogEmulator> {
  const dir = await mkdtemp(join(tmpdir(), 'iql-ls-bench-'));
  try {
    await writeCatalogFolder(dir, datasets, categories);
    const started = await startEmulator({ port: 0, dataDir: dir });
    if (!started.ok) throw new Error(started.message);
    const emulator = started.emulator;
    if (options.warm) await readWhole(`${emulator.url}/api/v1/datasets`);
    return {
      emulator,
      serverEnv: { IQL_BASE_URL: emulator.url, IQL_API_KEY: BENCH_API_KEY },
      close: async () => {
        await emulator.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** GETs `url` with the bench's key and reads the answer to its end. */
async function readWhole(url: string): Promise<void> {
  const response = await fetch(url, { headers: { authorization: BENCH_API_KEY } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  await response.arrayBuffer();
}

/** The value at percentile `p` of ascending `sorted`. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** Median and p95 of unsorted samples. */
export function summarize(samples: readonly number[]): { median: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

/**
 * A process's resident memory from /proc: `VmHWM` is its peak since it started (a catalog
 * load is where memory peaks, and V8 does not hand freed pages back at once), `VmRSS` what it
 * holds now. Read for a server's pid, never the bench's or the emulator's.
 */
export function rssMegabytes(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

/**
 * Serves a generated catalog of `datasets` × `categories`, starts the built language server
 * over stdio against it (initialized), runs `body`, then stops both and removes the folder.
 */
export async function withCatalogServer<T>(datasets: number, categories: number, body: (session: LspSession) => Promise<T>): Promise<T> {
  const served = await serveGeneratedCatalog(datasets, categories);
  try {
    const session = startServer('stdio', served.serverEnv);
    try {
      await session.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
      await session.connection.sendNotification('initialized', {});
      const result = await body(session);
      await session.close();
      return result;
    } finally {
      session.process.kill();
    }
  } finally {
    await served.close();
  }
}
