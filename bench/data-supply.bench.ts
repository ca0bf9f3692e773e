/**
 * Data-supply benchmark (seed 002 §2): a generated CSV of about N MB (default 1024) goes
 * through every stage over real HTTP with the real service client — import from a sources
 * folder into a vault, Create a Recordset, normalization to the global schema, prepare,
 * publish — and a COUNT query over the published dataset. Each stage's time is reported,
 * and the process's RSS: every stage before publish streams, so its memory must stay flat
 * whatever the file's size; publish builds the dataset's in-memory columns, whose size
 * follows the distinct values (here one e-mail per line), not the file's bytes.
 * Prints only a Markdown section on stdout.
 *
 *   node --expose-gc --import tsx bench/data-supply.bench.ts [--megabytes N]
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { flattenQueryResult } from '../common/results/result-table';
import { runInsightQuery } from '../service/src';
import { startTestServer } from '../test/unit/emulator/test-server';
import { expectOk } from '../test/unit/service/demo-emulator';
import { FAST_POLL, MEMBERS_2, publishMembers, writeMembersSources } from '../test/unit/service/members-pipeline';
import type { MembersStage } from '../test/unit/service/members-pipeline';
import { createTestClient } from '../test/unit/service/test-client';
import { formatRows, runBench, type Row } from './results-table';

const TARGETS = { streamedGrowthMegabytes: 256, megabytesPerSecond: 2 };
const STAGE_NAMES: Record<MembersStage, string> = {
  import: 'Import (sources folder → vault, file copied)',
  recordset: 'Create a Recordset (CSV → recordset, statistics)',
  normalization: 'Normalization (key trimmed + lower-cased, 2 categories, export column)',
  prepare: 'Prepare (all keys, categories, export columns)',
  publish: 'Publish (prepared rows → queryable dataset)',
};

/** Writes members-1.csv of about `megabytes` MB (the Members pipeline's columns); its data lines. */
async function writeMembersCsv(path: string, megabytes: number): Promise<number> {
  const out = createWriteStream(path);
  out.write('Email,Years,Sex,Member\n');
  const limit = megabytes * 1024 * 1024;
  let bytes = 0;
  let lines = 0;
  while (bytes < limit) {
    const line = `user${lines}@example.com,${18 + (lines % 70)},${lines % 3 === 0 ? 'Male' : 'Female'},M${lines}\n`;
    bytes += line.length;
    lines++;
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise((resolve) => out.end(resolve));
  return lines;
}

runBench('data-supply', async () => {
  const index = process.argv.indexOf('--megabytes');
  const megabytes = index >= 0 ? Number(process.argv[index + 1]) : 1024;
  const sources = await writeMembersSources();
  const file = join(sources, 'members-bucket', 'in', 'members-1.csv');
  await mkdir(join(sources, 'members-bucket', 'in'), { recursive: true });
  const lines = await writeMembersCsv(file, megabytes);
  const size = (await stat(file)).size;
  const server = await startTestServer({ supply: { sourcesDir: sources } });
  const made = createTestClient(server.base, {}, 'key-a');
  try {
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    // The emulator runs in this process: a long synchronous step stalls its answers too.
    const stalls = monitorEventLoopDelay({ resolution: 20 });
    stalls.enable();
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const times = new Map<MembersStage, number>();
    let streamedPeak = baseline;
    let started = performance.now();
    await publishMembers(made.client, (stage) => {
      times.set(stage, (performance.now() - started) / 1000);
      // On stderr as it happens: a long run's figures are not lost if it is stopped.
      process.stderr.write(`data-supply bench: ${stage} ${(times.get(stage) ?? 0).toFixed(1)} s, peak RSS ${(peak / 2 ** 20).toFixed(0)} MB\n`);
      if (stage === 'prepare') streamedPeak = peak;
      started = performance.now();
    });
    clearInterval(sampler);
    stalls.disable();
    global.gc?.();
    const afterPublish = process.memoryUsage().rss;

    started = performance.now();
    const run = expectOk(await runInsightQuery(made.client, { query: 'SELECT COUNT() FROM Members' }, { poll: FAST_POLL }));
    const querySeconds = (performance.now() - started) / 1000;
    const counted = Number(flattenQueryResult(run.result).audience);
    const expected = lines + MEMBERS_2.trim().split('\n').length - 1;

    const mb = size / 2 ** 20;
    const rate = (seconds: number): string => `${seconds.toFixed(1)} s (${(mb / seconds).toFixed(1)} MB/s)`;
    const stageRows: Row[] = (Object.keys(STAGE_NAMES) as MembersStage[]).map((stage) => {
      const seconds = times.get(stage) ?? Number.NaN;
      return { measure: STAGE_NAMES[stage], value: rate(seconds), target: `≥ ${TARGETS.megabytesPerSecond} MB/s`, ok: mb / seconds >= TARGETS.megabytesPerSecond };
    });
    const streamedGrowth = (streamedPeak - baseline) / 2 ** 20;
    const rows: Row[] = [
      { measure: 'Input file', value: `${mb.toFixed(0)} MB, ${lines.toLocaleString('en-US')} lines`, target: `${megabytes} MB` },
      ...stageRows,
      { measure: 'COUNT over the published dataset (first query)', value: `${counted.toLocaleString('en-US')} in ${querySeconds.toFixed(1)} s`, target: `${expected.toLocaleString('en-US')}`, ok: counted === expected },
      { measure: 'Peak RSS growth, import to prepare (streamed stages)', value: `${streamedGrowth.toFixed(0)} MB (from ${(baseline / 2 ** 20).toFixed(0)} MB)`, target: `≤ ${TARGETS.streamedGrowthMegabytes} MB`, ok: streamedGrowth <= TARGETS.streamedGrowthMegabytes },
      { measure: 'Peak RSS, whole run (publish holds the dataset in memory)', value: `${(peak / 2 ** 20).toFixed(0)} MB`, target: '—' },
      { measure: 'Longest event-loop stall, import to publish (server and client share the loop)', value: `${(stalls.max / 1e6).toFixed(0)} ms`, target: '—' },
      { measure: 'RSS after publish, after a full GC (the dataset kept)', value: `${(afterPublish / 2 ** 20).toFixed(0)} MB`, target: '—' },
    ];
    process.stdout.write(
      [
        '## Data supply',
        '',
        `Node ${process.version}, a generated CSV of ${megabytes} MB (one distinct e-mail per line) through every stage of seed 002 over HTTP, the real client polling;`,
        `\`node --expose-gc --import tsx bench/data-supply.bench.ts --megabytes ${megabytes}\`.`,
        '',
        ...formatRows(rows),
        '',
      ].join('\n'),
    );
  } finally {
    await made.close();
    await server.close();
    await rm(sources, { recursive: true, force: true });
  }
});
