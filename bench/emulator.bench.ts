/**
 * Emulator benchmark: generates 1,000,000 records across three datasets into a temporary
 * folder, then measures how long the folder takes to load, the peak memory, and the latency
 * of a three-dataset INTERSECT COUNT and an AGGREGATE over HTTP (create, poll, read the
 * result). Prints only a Markdown section on stdout.
 *
 *   node --import tsx bench/emulator.bench.ts [--records N]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDataFolder } from '../emulator/src/data/load-data-folder';
import { BENCH_API_KEY, BENCH_DATASET_NAMES, writeBenchFolder } from '../emulator/src/demo/generate-bench-folder';
import { createEmulatorServer } from '../emulator/src/http/emulator-server';
import { formatRows, runBench, type Row } from './results-table';

const TARGETS = { loadSeconds: 10, countSeconds: 1, memoryMegabytes: 1536 };

async function post(base: string, path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { Authorization: BENCH_API_KEY, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function get(base: string, path: string): Promise<unknown> {
  const response = await fetch(`${base}${path}`, { headers: { Authorization: BENCH_API_KEY } });
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** Milliseconds from Create a Query to the result in hand, polling as fast as the server answers. */
async function timeQuery(base: string, query: string): Promise<{ ms: number; result: unknown }> {
  const started = performance.now();
  const { query_id: id } = (await post(base, '/api/v1/queries', { query })) as { query_id: string };
  for (;;) {
    const status = (await get(base, `/api/v1/queries/${id}`)) as { done?: boolean };
    if (status.done) break;
    await new Promise((resolve) => setImmediate(resolve));
  }
  const result = await get(base, `/api/v1/queries/${id}/result`);
  return { ms: performance.now() - started, result };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

async function main(): Promise<void> {
  const recordsArg = process.argv.indexOf('--records');
  const records = recordsArg > 0 ? Number(process.argv[recordsArg + 1]) : 1_000_000;
  const dir = await mkdtemp(join(tmpdir(), 'iql-emulator-bench-'));
  const rows: Row[] = [];
  try {
    await writeBenchFolder(dir, { records });
    const loadStarted = performance.now();
    const loaded = await loadDataFolder(dir);
    const loadMs = performance.now() - loadStarted;
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.problems));
    const total = [...loaded.data.datasets.values()].reduce((sum, dataset) => sum + dataset.rowCount, 0);
    rows.push({ measure: 'Records loaded', value: `${total.toLocaleString('en-US')} across ${loaded.data.datasets.size} datasets`, target: '1,000,000 across 3' });
    rows.push({ measure: 'Load time (catalog + CSV → columns)', value: seconds(loadMs), target: `≤ ${TARGETS.loadSeconds} s`, ok: loadMs <= TARGETS.loadSeconds * 1000 });

    const server = createEmulatorServer({ data: loaded.data, pollsBeforeDone: 0 });
    const { url } = await server.listen(0, '127.0.0.1');
    try {
      const [a, b, c] = BENCH_DATASET_NAMES;
      const count = `SELECT COUNT() FROM ${a} INTERSECT ${b} INTERSECT ${c}`;
      const aggregate = `SELECT AGGREGATE(Region, Gender) FROM ${a} INTERSECT ${b} INTERSECT ${c}`;
      const coldCount = await timeQuery(url, count);
      const warmCount = await timeQuery(url, `${count} WHERE Age >= 18`);
      const coldAggregate = await timeQuery(url, aggregate);
      const audience = (coldCount.result as { audience?: string }).audience ?? '?';
      rows.push({
        measure: `INTERSECT COUNT, 3 datasets, first query (audience ${audience})`,
        value: `${coldCount.ms.toFixed(0)} ms`,
        target: `≤ ${TARGETS.countSeconds} s`,
        ok: coldCount.ms <= TARGETS.countSeconds * 1000,
      });
      rows.push({ measure: 'INTERSECT COUNT + filter, same datasets again', value: `${warmCount.ms.toFixed(0)} ms`, target: '—' });
      rows.push({ measure: 'AGGREGATE(Region, Gender), 3 datasets', value: `${coldAggregate.ms.toFixed(0)} ms`, target: '—' });
    } finally {
      await server.close();
    }
    // maxRSS is the process's peak resident set, in kilobytes.
    const peakMb = process.resourceUsage().maxRSS / 1024;
    rows.push({ measure: 'Peak RSS (whole process)', value: `${peakMb.toFixed(0)} MB`, target: `≤ ${TARGETS.memoryMegabytes} MB`, ok: peakMb <= TARGETS.memoryMegabytes });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const lines = [
    '## Emulator',
    '',
    `Node ${process.version}, ${records.toLocaleString('en-US')} generated records; \`node --import tsx bench/emulator.bench.ts\`.`,
    '',
    ...formatRows(rows),
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

runBench('emulator', main);
