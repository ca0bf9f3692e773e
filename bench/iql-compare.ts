/**
 * Two builds of the IQL server measured in turn against one emulator, for a before/after whose
 * difference is smaller than the run-to-run spread of separate bench runs: the machine's load,
 * and the emulator's own warm-up (its first List Datasets is served slower), fall on both alike.
 * One run of each build first warms the emulator and writes the build's code cache, and is not counted; then each round runs both
 * builds, cold then warm, in alternating order. Prints each build's medians as JSON.
 *
 *   npm run build; (build the other checkout too)
 *   node --import tsx bench/iql-compare.ts --other ../other/dist/server.js [--rounds 8] [--tables 10000]
 *
 * `--other-node-options="<flags>"` starts the other build with these Node options instead of
 * common/language-server-flags.ts's (the other build may be this one: a flag's before/after).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serveGeneratedCatalog } from './catalog-fixture';
import { iqlWithStorage } from './iql-catalog-cache';
import { measureRun, medianOfRuns, type RunFigures, type RunOptions } from './server-run';
import { runBench } from './results-table';
import { ensureStartupSnapshot } from './startup-snapshot';
import { SERVER_BUNDLE } from '../test/lsp/lsp-session';

const COLUMNS = 50;
const RUN_OPTIONS: RunOptions = { completions: 50, edits: 100 };

const { values: args } = parseArgs({
  options: {
    other: { type: 'string' },
    'other-node-options': { type: 'string' },
    rounds: { type: 'string', default: '8' },
    tables: { type: 'string', default: '10000' },
  },
});

interface Build {
  readonly name: string;
  readonly script: string;
  readonly nodeOptions?: readonly string[];
  readonly cold: RunFigures[];
  readonly warm: RunFigures[];
}

async function main(): Promise<void> {
  if (args.other === undefined) throw new Error('usage: iql-compare.ts --other <dist/server.js of another build> [--rounds 8] [--tables 10000]');
  const builds: Build[] = [
    { name: 'this', script: SERVER_BUNDLE, cold: [], warm: [] },
    { name: 'other', script: resolve(args.other), cold: [], warm: [], ...(args['other-node-options'] === undefined ? {} : { nodeOptions: args['other-node-options'].split(' ').filter((flag) => flag !== '') }) },
  ];
  const loadBefore = loadavg()[0]!;
  const served = await serveGeneratedCatalog(Number(args.tables), COLUMNS);
  const work = await mkdtemp(join(tmpdir(), 'iql-compare-'));
  try {
    // The first start of each build compiles its code cache; the first List Datasets warms the emulator.
    for (const build of builds) await runOnce(build, work, served.serverEnv, false);
    for (let round = 0; round < Number(args.rounds); round += 1) {
      const order = round % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) await runOnce(build, work, served.serverEnv, true);
    }
  } finally {
    await served.close();
    await rm(work, { recursive: true, force: true });
  }
  const summary = Object.fromEntries(
    builds.map((build) => {
      const cold = medianOfRuns(build.cold);
      const warm = medianOfRuns(build.warm);
      return [build.name, { script: build.script, runs: build.cold.length, cold, warmCatalogReadyMs: warm.catalogReadyMs, coldCatalogReadyMs: build.cold.map((run) => Math.round(run.catalogReadyMs)) }];
    }),
  );
  process.stdout.write(`${JSON.stringify({ datasets: Number(args.tables), load: { before: loadBefore, after: loadavg()[0]! }, ...summary }, null, 2)}\n`);
}

/** A cold start (empty storage) then a warm one (what the cold start stored), recorded when `count`. */
async function runOnce(build: Build, work: string, serverEnv: NodeJS.ProcessEnv, count: boolean): Promise<void> {
  const storage = await mkdtemp(join(work, 'storage-'));
  try {
    const started = iqlWithStorage(work, serverEnv, storage, { script: build.script, codeCacheDir: join(work, `code-cache-${build.name}`) });
    const contender = build.nodeOptions === undefined ? started : { ...started, launch: { ...started.launch, nodeArgs: build.nodeOptions } };
    // The uncounted first run leaves the build's startup snapshot built, as a first start does.
    if (!count) process.stderr.write(`iql-compare: ${build.name}: ${ensureStartupSnapshot(contender.launch)}\n`);
    const cold = await measureRun(contender, RUN_OPTIONS);
    const warm = await measureRun(contender, { ...RUN_OPTIONS, startOnly: true });
    process.stderr.write(`iql-compare: ${build.name}${count ? '' : ' (warm-up, not counted)'}: ready ${cold.catalogReadyMs.toFixed(0)} ms, warm ${warm.catalogReadyMs.toFixed(0)} ms\n`);
    if (!count) return;
    build.cold.push(cold);
    build.warm.push(warm);
  } finally {
    await rm(storage, { recursive: true, force: true });
  }
}

runBench('iql-compare', main);
