/**
 * Recordset benchmark (Document 3 §2.8, §4.6): writes a CSV file of about N MB (default 1024)
 * straight into a cloud vault's folder, reads it into a recordset (Create a Recordset) and
 * normalizes that to the global schema (Start a Normalization) over HTTP, and reports how long
 * each took and the process's peak RSS against what it was before: both executions stream, so
 * memory must stay flat whatever the file's size. Prints only a Markdown section on stdout.
 *
 *   node --expose-gc --import tsx bench/recordset.bench.ts [--megabytes N]
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadDataFolder } from '../emulator/src/data/load-data-folder';
import { createEmulatorServer } from '../emulator/src/http/emulator-server';
import { tinyFiles, writeTempFolder } from '../test/unit/emulator/tiny-folder';
import { formatRows, runBench, type Row } from './results-table';

const TARGETS = { peakGrowthMegabytes: 256, megabytesPerSecond: 2 };
const KEY = 'key-a';

async function call(base: string, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { Authorization: KEY, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/** Polls an execution every 100 ms until it has ended; its final answer. */
async function waitFor(read: () => Promise<{ status?: string; answer: unknown }>): Promise<unknown> {
  for (;;) {
    const { status, answer } = await read();
    if (status === 'COMPLETED') return answer;
    if (status === 'FAILED') throw new Error(`execution failed: ${JSON.stringify(answer)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function writeCsv(path: string, megabytes: number): Promise<number> {
  const out = createWriteStream(path);
  out.write('email,age,gender,member\n');
  const limit = megabytes * 1024 * 1024;
  let bytes = 0;
  let lines = 0;
  while (bytes < limit) {
    const line = `user${lines}@example.com,${lines % 90},${lines % 3 === 0 ? 'M' : 'F'},M${lines}\n`;
    bytes += line.length;
    lines++;
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise((resolve) => out.end(resolve));
  return lines;
}

runBench('recordset', async () => {
  const index = process.argv.indexOf('--megabytes');
  const megabytes = index >= 0 ? Number(process.argv[index + 1]) : 1024;
  const storage = await mkdtemp(join(tmpdir(), 'iql-recordset-bench-'));
  const folder = await writeTempFolder(tinyFiles());
  const loaded = await loadDataFolder(folder.dir);
  await folder.remove();
  if (!loaded.ok) throw new Error('tiny folder refused');
  const server = createEmulatorServer({ data: loaded.data, supply: { storageDir: storage } });
  const base = (await server.listen(0, '127.0.0.1')).url;
  try {
    const vault = (((await call(base, 'POST', '/api/v2/cloud_vaults', { name: 'Bench', region: 'UNKNOWN' })).cloud_vault) as { id: string }).id;
    await mkdir(join(storage, encodeURIComponent(vault), 'in'), { recursive: true });
    const file = join(storage, encodeURIComponent(vault), 'in', 'members.csv');
    const lines = await writeCsv(file, megabytes);
    const size = (await stat(file)).size;
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 100);

    let started = performance.now();
    const creation = String((await call(base, 'POST', '/api/v2/recordset-creation/execute', { cloud_vault_id: vault, recordset_name: 'Members', filepaths: ['in/members.csv'] })).execution_id);
    const details = (await waitFor(async () => {
      const answer = (await call(base, 'GET', `/api/v2/recordset-creation/executions/${creation}`)).execution_details as { current_status?: string };
      return { status: answer.current_status, answer };
    })) as { recordset_id: string; progress: { lines_processed: string } };
    const creationSeconds = (performance.now() - started) / 1000;

    const config = String((await call(base, 'POST', '/api/v2/normalizations/configs', {
      name: 'Bench',
      normalizer_config: {
        keys: [{ input_column: 'email', global_schema_id: 1, functions: [{ name: 'trim' }, { name: 'lowercase' }] }],
        categories: [{ input_column: 'age', output_column: 'Age' }, { input_column: 'gender', output_column: 'Gender', functions: [{ name: 'map', values: { F: 'Female', M: 'Male' } }] }],
        export_columns: [{ input_column: 'member', output_column: 'ID' }],
      },
    })).id);
    started = performance.now();
    const normalization = String((await call(base, 'POST', '/api/v2/normalizations/execute', {
      cloud_vault_id: vault, input_recordset_id: details.recordset_id, normalization_config_id: config, output_recordset_name: 'Members normalized',
    })).execution_id);
    await waitFor(async () => {
      const answer = (await call(base, 'GET', `/api/v2/normalizations/executions/${normalization}`)).normalization_details as { normalization?: { current_status?: string } };
      return { status: answer.normalization?.current_status, answer };
    });
    const normalizationSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);

    const mb = size / 2 ** 20;
    const growth = (peak - baseline) / 2 ** 20;
    const rows: Row[] = [
      { measure: 'Input file', value: `${mb.toFixed(0)} MB, ${lines.toLocaleString('en-US')} lines`, target: `${megabytes} MB` },
      { measure: 'Create a Recordset (CSV → recordset, statistics)', value: `${creationSeconds.toFixed(1)} s (${(mb / creationSeconds).toFixed(1)} MB/s)`, target: `≥ ${TARGETS.megabytesPerSecond} MB/s`, ok: mb / creationSeconds >= TARGETS.megabytesPerSecond },
      { measure: 'Lines read', value: Number(details.progress.lines_processed).toLocaleString('en-US'), target: lines.toLocaleString('en-US'), ok: Number(details.progress.lines_processed) === lines },
      { measure: 'Start a Normalization (key, 2 categories, export column)', value: `${normalizationSeconds.toFixed(1)} s (${(mb / normalizationSeconds).toFixed(1)} MB/s)`, target: `≥ ${TARGETS.megabytesPerSecond} MB/s`, ok: mb / normalizationSeconds >= TARGETS.megabytesPerSecond },
      { measure: 'Peak RSS growth over both (whole process)', value: `${growth.toFixed(0)} MB (from ${(baseline / 2 ** 20).toFixed(0)} MB)`, target: `≤ ${TARGETS.peakGrowthMegabytes} MB`, ok: growth <= TARGETS.peakGrowthMegabytes },
    ];
    process.stdout.write(
      [`## Recordset`, '', `Node ${process.version}, a generated CSV of ${megabytes} MB; \`node --expose-gc --import tsx bench/recordset.bench.ts --megabytes ${megabytes}\`.`, '', ...formatRows(rows), ''].join('\n'),
    );
  } finally {
    await server.close();
    await rm(storage, { recursive: true, force: true });
  }
});
