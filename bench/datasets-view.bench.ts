/**
 * The Datasets view at 10,000 datasets: the requests the view's tree makes of the built
 * language server (dist/server.js over stdio, real JSON-RPC) against a generated catalog
 * served by the emulator. A first page is what the tree asks when it opens: the groups'
 * counts (`limit` 0), then the first 200 datasets of a group; "Show more…" asks the first 400.
 * Cold: the server's first Datasets request (a List Datasets 2.0 page of the owned datasets and
 * the 1.0 list of the shared ones); warm: what was read kept. A filter is asked of the
 * service (1.0 filtered by private ID and by name: only the matches are answered). The answer bytes are what the extension host receives and holds.
 * Prints only a Markdown section on stdout.
 *
 *   npm run build && node --import tsx bench/datasets-view.bench.ts
 */
import { DatasetPageRequest } from '../common/protocol';
import type { DatasetPageParams } from '../common/protocol';
import type { LspSession } from '../test/lsp/lsp-session';
import { rssMegabytes, withCatalogServer } from './catalog-fixture';

const CATEGORIES = 50;

const SIZES = [1_000, 10_000];
const PAGE = 200;
const WARM_RUNS = 21;
const TARGET_FIRST_PAGE_MS = 200;

interface Measured {
  readonly datasets: number;
  readonly coldMs: number;
  readonly warmMs: number[];
  readonly moreMs: number;
  readonly filteredMs: number;
  readonly firstPageBytes: number;
  readonly serverRssMb: number;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function ask(session: LspSession, params: DatasetPageParams): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const answer: unknown = await session.connection.sendRequest(DatasetPageRequest, params);
  const ms = performance.now() - started;
  const ok = (answer as { ok?: boolean }).ok;
  if (ok !== true) throw new Error(`datasetPage failed: ${JSON.stringify(answer).slice(0, 300)}`);
  return { ms, bytes: Buffer.byteLength(JSON.stringify(answer)) };
}

/** What the tree asks when it opens: the counts, then the first page of the owned group. */
async function firstPage(session: LspSession, filter = ''): Promise<{ ms: number; bytes: number }> {
  const counts = await ask(session, { group: 'owned', filter, offset: 0, limit: 0 });
  const page = await ask(session, { group: 'owned', filter, offset: 0, limit: PAGE });
  return { ms: counts.ms + page.ms, bytes: counts.bytes + page.bytes };
}

async function measure(datasets: number): Promise<Measured> {
  return withCatalogServer(datasets, CATEGORIES, async (session) => {
    const cold = await firstPage(session);
    const warm: number[] = [];
    for (let i = 0; i < WARM_RUNS; i++) warm.push((await firstPage(session)).ms);
    const more = await ask(session, { group: 'owned', filter: '', offset: 0, limit: 2 * PAGE });
    const filtered = await firstPage(session, 'dataset42');
    const serverRssMb = rssMegabytes(session.process.pid!, 'VmRSS');
    return { datasets, coldMs: cold.ms, warmMs: warm, moreMs: more.ms, filteredMs: filtered.ms, firstPageBytes: cold.bytes, serverRssMb };
  });
}

async function main(): Promise<void> {
  const results: Measured[] = [];
  for (const size of SIZES) results.push(await measure(size));
  const rows: string[] = [];
  for (const r of results) {
    const n = r.datasets.toLocaleString('en-GB');
    const warm = median(r.warmMs);
    rows.push(
      `| ${n} datasets: first page, cold (a 2.0 page of the owned, the shared list) | ${r.coldMs.toFixed(0)} ms | — |  |`,
      `| ${n} datasets: first page, lists kept: median of ${WARM_RUNS} | ${warm.toFixed(1)} ms | ≤ ${TARGET_FIRST_PAGE_MS} ms | ${warm <= TARGET_FIRST_PAGE_MS ? 'yes' : '**no**'} |`,
      `| ${n} datasets: "Show more…" (first ${2 * PAGE}) / first filtered page (the service filters) | ${r.moreMs.toFixed(1)} ms / ${r.filteredMs.toFixed(1)} ms | — |  |`,
      `| ${n} datasets: bytes the extension host receives for the first page | ${r.firstPageBytes.toLocaleString('en-GB')} B | — |  |`,
      `| ${n} datasets: server RSS afterwards | ${r.serverRssMb.toFixed(0)} MB | — |  |`,
    );
  }
  process.stdout.write(
    [
      '## Datasets view',
      '',
      `Catalogs of ${SIZES.map((s) => s.toLocaleString('en-GB')).join(' and ')} datasets × ${CATEGORIES} categories served by the emulator; the built server over stdio;`,
      `the requests the view's tree makes (\`iql/explorer/datasetPage\`: the counts, then the first ${PAGE} datasets), timed as JSON-RPC`,
      'round trips; `npm run build && node --import tsx bench/datasets-view.bench.ts`.',
      '',
      '| Measure | Value | Target | Met |',
      '|---|---|---|---|',
      ...rows,
      '',
    ].join('\n'),
  );
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
