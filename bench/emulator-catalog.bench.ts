/**
 * Emulator catalog benchmark: data folders of 10, 1,000, 10,000 and 100,000 datasets × 50
 * categories whose files hold only a header (the shape of bench/language-server.bench.ts's
 * catalog, each dataset with a file of its own). For each: the time the emulator takes to
 * load and listen, its peak resident memory, and the time a client takes to receive the
 * whole answer of List Datasets (1.0, every dataset with its categories) over real HTTP.
 * The emulator runs in a process of its own (bench/emulator-catalog-server.ts). Prints only
 * a Markdown section on stdout.
 *
 *   node --import tsx bench/emulator-catalog.bench.ts [--sizes 10,1000,10000,100000]
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { BENCH_API_KEY, writeCatalogFolder } from './catalog-fixture';
import { formatRows, runBench, type Row } from './results-table';

const CATEGORIES = 50;
const KEY = BENCH_API_KEY;
const TARGET_SIZE = 10_000;
const TARGETS = { listenSeconds: 5, peakMegabytes: 1024, listSeconds: 1 };

interface Measured {
  readonly datasets: number;
  readonly catalogMegabytes: number;
  readonly listenMs: number;
  readonly peakMegabytes: number;
  readonly listMs: number;
  readonly answerMegabytes: number;
}



/** Starts the emulator process on `dir`; resolves once it listens. */
async function startServer(dir: string): Promise<{ child: ChildProcess; url: string; listenMs: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'emulator-catalog-server.ts'), dir], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const exited = once(child, 'exit').then(([code]) => {
    throw new Error(`the emulator process ended with code ${String(code)} before listening`);
  });
  // Only the race below reads this; the exit that ends every measurement is expected.
  exited.catch(() => undefined);
  const first = (async () => {
    for await (const line of lines) return JSON.parse(line) as { url: string; listenMs: number };
    throw new Error('the emulator process printed nothing');
  })();
  const started = await Promise.race([first, exited]);
  return { child, ...started };
}

/** Milliseconds until the last byte of List Datasets has arrived, and its size; the body is counted, not kept. */
async function timeListDatasets(url: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(`${url}/api/v1/datasets`, { headers: { Authorization: KEY } });
  if (response.status !== 200 || !response.body) throw new Error(`List Datasets answered ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
  return { ms: performance.now() - started, bytes };
}

function peakMegabytes(pid: number): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

async function measure(datasets: number): Promise<Measured> {
  const dir = await mkdtemp(join(tmpdir(), 'iql-catalog-bench-'));
  try {
    await writeCatalogFolder(dir, datasets, CATEGORIES, { filePerDataset: true });
    const catalogMegabytes = (await stat(join(dir, 'catalog.json'))).size / 2 ** 20;
    const server = await startServer(dir);
    try {
      // The median of three answers; one for the largest catalogs, whose answer alone is hundreds of MB.
      const runs = datasets > TARGET_SIZE ? 1 : 3;
      const answers = [];
      for (let run = 0; run < runs; run++) answers.push(await timeListDatasets(server.url));
      return {
        datasets,
        catalogMegabytes,
        listenMs: server.listenMs,
        peakMegabytes: peakMegabytes(server.child.pid!),
        listMs: median(answers.map((answer) => answer.ms)),
        answerMegabytes: (answers[0]?.bytes ?? 0) / 2 ** 20,
      };
    } finally {
      server.child.stdin?.end();
      server.child.kill();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** How a measure grew from one size to the next, against the growth of the number of datasets. */
function growth(from: Measured, to: Measured, pick: (m: Measured) => number): string {
  return `×${(pick(to) / pick(from)).toFixed(1)}`;
}

async function main(): Promise<void> {
  const sizesArg = process.argv.indexOf('--sizes');
  const sizes = sizesArg > 0 ? (process.argv[sizesArg + 1] ?? '').split(',').map(Number) : [10, 1_000, 10_000, 100_000];
  const results: Measured[] = [];
  const loadAtStart = loadavg()[0] ?? 0;
  for (const size of sizes) {
    process.stderr.write(`emulator-catalog: ${size} datasets\n`);
    results.push(await measure(size));
  }
  const rows: Row[] = [];
  for (const m of results) {
    const atTarget = m.datasets === TARGET_SIZE;
    const name = `${m.datasets.toLocaleString('en-US')} datasets (catalog ${m.catalogMegabytes.toFixed(1)} MB)`;
    rows.push({
      measure: `${name}: load and listen`,
      value: seconds(m.listenMs),
      target: atTarget ? `≤ ${TARGETS.listenSeconds} s` : '—',
      ...(atTarget ? { ok: m.listenMs <= TARGETS.listenSeconds * 1000 } : {}),
    });
    rows.push({
      measure: `${name}: emulator peak RSS (load, listen, List Datasets)`,
      value: `${m.peakMegabytes.toFixed(0)} MB`,
      target: atTarget ? `≤ ${TARGETS.peakMegabytes} MB` : '—',
      ...(atTarget ? { ok: m.peakMegabytes <= TARGETS.peakMegabytes } : {}),
    });
    rows.push({
      measure: `${name}: List Datasets, whole answer (${m.answerMegabytes.toFixed(1)} MB) received`,
      value: seconds(m.listMs),
      target: atTarget ? `≤ ${TARGETS.listSeconds} s` : '—',
      ...(atTarget ? { ok: m.listMs <= TARGETS.listSeconds * 1000 } : {}),
    });
  }
  const growthLines: string[] = [];
  for (let i = 1; i < results.length; i++) {
    const from = results[i - 1]!;
    const to = results[i]!;
    if (from.datasets < 1_000) continue; // Below that the process's fixed costs dominate.
    growthLines.push(
      `${from.datasets.toLocaleString('en-US')} → ${to.datasets.toLocaleString('en-US')} datasets (×${(to.datasets / from.datasets).toFixed(0)}): ` +
        `listen ${growth(from, to, (m) => m.listenMs)}, List Datasets ${growth(from, to, (m) => m.listMs)}, ` +
        `peak RSS less the first size's ${growth(from, to, (m) => m.peakMegabytes - (results[0]?.peakMegabytes ?? 0))}.`,
    );
  }
  const lines = [
    '## Emulator catalog',
    '',
    `Node ${process.version}; data folders of N datasets × ${CATEGORIES} categories, each dataset's file a header only;`,
    'the emulator in its own process (`bench/emulator-catalog-server.ts`): load and listen is timed inside it (module loading',
    'excluded), peak RSS is its VmHWM, List Datasets 1.0 is timed by a client over HTTP to the last byte (median of 3, one',
    `run above ${TARGET_SIZE.toLocaleString('en-US')}); \`node --import tsx bench/emulator-catalog.bench.ts\`. Targets apply at ${TARGET_SIZE.toLocaleString('en-US')} datasets.`,
    `Load average of the machine (1 min) at the start and the end: ${loadAtStart.toFixed(1)}, ${(loadavg()[0] ?? 0).toFixed(1)}.`,
    '',
    ...formatRows(rows),
    '',
    'Growth (linear: each figure grows about as much as the number of datasets):',
    '',
    ...growthLines.map((line) => `- ${line}`),
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

runBench('emulator-catalog', main);
