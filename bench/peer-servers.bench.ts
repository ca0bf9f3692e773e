/**
 * The IQL server beside peer language servers of other query languages, each given a catalog
 * of the same size (10,000 datasets / tables / types × 50 categories / columns) and driven by
 * the same LSP client over stdio (lsp-driver.ts): start, first diagnostics, catalog ready,
 * keystroke → diagnostics, completions, peak memory; then the IQL server alone at catalog
 * sizes from 10 to 100,000 datasets. Peers are installed by npm into the OS temp dir
 * (peer-install.ts). Prints only a Markdown section on stdout.
 *
 *   npm run bench -- peer
 *   node --import tsx bench/peer-servers.bench.ts [--runs 3] [--tables 10000] [--scale 10,100,1000,10000,100000]
 *
 * `--iql-only` measures the IQL server alone at `--tables` and prints its figures as JSON: a quick
 * check while working on the server; the claim stays the side-by-side run.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serveGeneratedCatalog } from './catalog-fixture';
import { iqlWithStorage } from './iql-catalog-cache';
import { ensureStartupSnapshot } from './startup-snapshot';
import { graphqlContender, sqlContender, type Contender } from './peer-contenders';
import { installPeers } from './peer-install';
import { comparisonTable, scaleTable, type Measured, type ScalePoint } from './peer-tables';
import { measureRun, medianOfRuns, type RunFigures, type RunOptions } from './server-run';
import { runBench } from './results-table';

const COLUMNS = 50;
const RUN_OPTIONS: RunOptions = { completions: 50, edits: 100 };
/** Above this many datasets a size is measured once: a run takes minutes and gigabytes. */
const SINGLE_RUN_ABOVE = 10_000;

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    tables: { type: 'string', default: '10000' },
    scale: { type: 'string', default: '10,100,1000,10000,100000' },
    'iql-only': { type: 'boolean', default: false },
  },
});
const RUNS = Number(args.runs);
const TABLES = Number(args.tables);
const SCALE = args.scale === 'none' ? [] : args.scale.split(',').map(Number);

function log(line: string): void {
  process.stderr.write(`peer-servers: ${line}\n`);
}

async function runs(contender: Contender, count: number): Promise<RunFigures> {
  const figures: RunFigures[] = [];
  for (let i = 0; i < count; i += 1) {
    const run = await measureRun(contender, RUN_OPTIONS);
    log(`${contender.launch.name} run ${i + 1}: ready ${run.catalogReadyMs.toFixed(0)} ms, peak ${run.peakRssMb.toFixed(0)} MB`);
    figures.push(run);
  }
  return medianOfRuns(figures);
}

/** The IQL server against an emulator serving `datasets` × 50: cold runs, then warm starts from the catalog the cold run stored. */
async function measureIql(work: string, datasets: number, count: number): Promise<Measured> {
  const served = await serveGeneratedCatalog(datasets, COLUMNS, { warm: true });
  try {
    const cold: RunFigures[] = [];
    const warm: RunFigures[] = [];
    // Not counted: the first start after a build compiles the bundle and writes its code cache,
    // and leaves the startup snapshot built, as the first start after an install or upgrade
    // does; every later start reads them.
    const first = await mkdtemp(join(work, 'iql-storage-'));
    const firstStart = iqlWithStorage(work, served.serverEnv, first);
    await measureRun(firstStart, { ...RUN_OPTIONS, startOnly: true });
    log(ensureStartupSnapshot(firstStart.launch));
    await rm(first, { recursive: true, force: true });
    for (let i = 0; i < count; i += 1) {
      const storage = await mkdtemp(join(work, 'iql-storage-'));
      const contender = iqlWithStorage(work, served.serverEnv, storage);
      const run = await measureRun(contender, RUN_OPTIONS);
      cold.push(run);
      log(`IQL ${datasets} datasets run ${i + 1}: ready ${run.catalogReadyMs.toFixed(0)} ms, peak ${run.peakRssMb.toFixed(0)} MB`);
      warm.push(await measureRun(contender, { ...RUN_OPTIONS, startOnly: true }));
      await rm(storage, { recursive: true, force: true });
    }
    const figures = medianOfRuns(cold);
    return { figures, warmCatalogReadyMs: warm.length > 0 ? medianOfRuns(warm).catalogReadyMs : undefined };
  } finally {
    await served.close();
  }
}

/** The IQL server alone, its median figures as JSON with the machine's load: no peers installed or run. */
async function mainIqlOnly(): Promise<void> {
  const loadBefore = loadavg()[0]!;
  const work = await mkdtemp(join(tmpdir(), 'iql-peer-bench-'));
  try {
    const iql = await measureIql(work, TABLES, RUNS);
    const load = { before: loadBefore, after: loadavg()[0]! };
    process.stdout.write(`${JSON.stringify({ datasets: TABLES, runs: RUNS, load, ...iql }, null, 2)}\n`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (args['iql-only']) return mainIqlOnly();
  const loadBefore = loadavg()[0]!;
  const peers = installPeers(log);
  const work = await mkdtemp(join(tmpdir(), 'iql-peer-bench-'));
  try {
    log(`IQL, ${TABLES} datasets × ${COLUMNS}`);
    const iql = await measureIql(work, TABLES, RUNS);
    log(`graphql-lsp, ${TABLES} types × ${COLUMNS}`);
    const graphql = await graphqlContender(join(work, 'graphql'), peers, TABLES, COLUMNS);
    const graphqlFigures = await runs(graphql, RUNS);
    log(`sql-language-server, ${TABLES} tables × ${COLUMNS}`);
    const sql = await sqlContender(join(work, 'sql'), peers, TABLES, COLUMNS);
    const sqlFigures = await runs(sql, RUNS);

    const scale: ScalePoint[] = [];
    for (const datasets of SCALE) {
      const count = datasets > SINGLE_RUN_ABOVE ? 1 : RUNS;
      try {
        const measured = datasets === TABLES ? iql : await measureIql(work, datasets, count);
        scale.push({ datasets, runs: datasets === TABLES ? RUNS : count, figures: measured.figures });
      } catch (error) {
        const reason = error instanceof Error ? error.message.split('\n')[0]! : String(error);
        log(`IQL at ${datasets} datasets failed: ${reason}`);
        scale.push({ datasets, runs: count, failure: reason });
      }
    }

    process.stdout.write(
      [
        '## Peer servers',
        '',
        `The IQL server beside two peer language servers of query languages, each with a catalog of ${TABLES.toLocaleString('en-GB')} entries × ${COLUMNS}:`,
        `IQL ${TABLES.toLocaleString('en-GB')} datasets × ${COLUMNS} categories served by the emulator (in the bench's process, over HTTP);`,
        `graphql-language-service-cli 3.5.0 (\`graphql-lsp\`, an SDL file of ${TABLES.toLocaleString('en-GB')} object types × ${COLUMNS} fields, each a root field of Query);`,
        `sql-language-server 1.7.1 (its \`json\` adapter: a schema file of ${TABLES.toLocaleString('en-GB')} tables × ${COLUMNS} columns).`,
        'Peers installed by the bench into the OS temp dir with npm overrides (`@graphql-tools/delegate` 12.2.1, `vscode-languageserver-protocol` 3.17.5) so they run on Node 20.',
        `Every server driven by the same stdio client (bench/lsp-driver.ts), a fresh process per run; each figure the median of ${RUNS} runs.`,
        `Per run: ${RUN_OPTIONS.completions} completions at each site, ${RUN_OPTIONS.edits} keystrokes (a character typed at the end of a catalog name in a 2 KB query, then deleted).`,
        'Catalog ready: spawn → the first completion of the catalog list that names its first entry (the list polled every 10 ms); the emulator answers List Datasets once, and the IQL server starts once (writing its code cache and leaving its startup snapshot built, as the first start after an install does), before the counted runs, which all start from that snapshot.',
        'Ratio: best peer ÷ IQL for times (> 1: IQL faster), peer ÷ IQL for memory. `npm run bench -- peer`.',
        `Machine load (1-minute average) ${loadBefore.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end: the ratios, measured in one run, say more than the absolute times.`,
        '',
        ...comparisonTable(iql, [
          { name: 'graphql-lsp', figures: graphqlFigures },
          { name: 'sql-language-server', figures: sqlFigures },
        ]),
        '',
        ...scaleTable(scale, COLUMNS),
        '',
      ].join('\n'),
    );
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

runBench('peer-servers', main);
