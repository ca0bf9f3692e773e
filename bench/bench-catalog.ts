/**
 * The generated catalog the language-server benchmarks read: `datasets` datasets × 50
 * categories, all owned by one company whose key is BENCH_KEY, written as a data folder
 * (DATA-FORMAT.md) with one empty CSV, and the built server started against it.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator } from '../emulator/src/start-emulator';
import { startServer } from '../test/lsp/lsp-session';
import type { LspSession } from '../test/lsp/lsp-session';

export const CATEGORIES = 50;
export const BENCH_KEY = 'bench-key';

export function categoryLabel(index: number): string {
  return index % 5 === 0 ? `Category Number ${index}` : `Category${index}`;
}

export async function writeCatalogFolder(dir: string, datasetCount: number): Promise<void> {
  const categories = Array.from({ length: CATEGORIES }, (_, c) => ({
    label: categoryLabel(c),
    data_type: c % 2 === 0 ? 'STRINGS' : 'INTEGERS',
    representations: [c % 2 === 0 ? { label: categoryLabel(c), possible_values: ['Alpha', 'Beta', 'Gamma'] } : { label: categoryLabel(c) }],
  }));
  const datasets = Array.from({ length: datasetCount }, (_, d) => ({
    private_id: `Dataset${d}`,
    public_name: `Benchmark dataset ${d}`,
    owner_company_id: 'CMP.bench',
    activation: false,
    redaction_threshold: 10,
    rounding_threshold: 5,
    keys: ['email'],
    output_columns: [],
    categories,
    file: 'empty.csv',
  }));
  const catalog = {
    companies: [{ id: 'CMP.bench', name: 'Bench' }],
    users: [{ id: 'USR.bench', display_name: 'Bench', company_id: 'CMP.bench', api_key: BENCH_KEY }],
    datasets,
    permissions: [],
    collaborations: [],
  };
  await writeFile(join(dir, 'catalog.json'), JSON.stringify(catalog));
  await writeFile(join(dir, 'empty.csv'), `email,${categories.map((c) => `"${c.label}"`).join(',')}\n`);
}

/**
 * Writes a catalog of `datasetCount` datasets, serves it with an emulator, starts the built
 * language server over stdio against it (initialized, BENCH_KEY as its key), runs `body`, then
 * stops both and removes the folder.
 */
export async function withCatalogServer<T>(datasetCount: number, body: (session: LspSession) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'iql-bench-catalog-'));
  try {
    await writeCatalogFolder(dir, datasetCount);
    const started = await startEmulator({ port: 0, dataDir: dir });
    if (!started.ok) throw new Error(started.message);
    const emulator = started.emulator;
    const session = startServer('stdio', { IQL_BASE_URL: emulator.url, IQL_API_KEY: BENCH_KEY });
    try {
      await session.connection.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
      await session.connection.sendNotification('initialized', {});
      const result = await body(session);
      await session.close();
      return result;
    } finally {
      session.process.kill();
      await emulator.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A process's resident memory from /proc, in MB: `VmHWM` its peak since it started, `VmRSS`
 * what it holds now. Read for the server's pid, never the bench's or the emulator's.
 */
export function rssMegabytes(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = new RegExp(`${field}:\\s+(\\d+) kB`).exec(status);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}
