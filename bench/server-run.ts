/**
 * One measured run of a language server, the same steps for every server: spawn and
 * initialize, open a query, wait for the catalog, then completions and keystrokes. Several
 * runs are folded into their medians, figure by figure.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { summarize } from './catalog-fixture';
import { LspDriver, type CompletionAnswer } from './lsp-driver';
import type { Contender } from './peer-contenders';

export interface RunFigures {
  readonly initializeMs: number;
  readonly firstDiagnosticsMs: number;
  /** Spawn → a completion of the catalog list names the catalog's first entry. */
  readonly catalogReadyMs: number;
  readonly editMedianMs: number;
  readonly editP95Ms: number;
  readonly listMedianMs: number;
  readonly listP95Ms: number;
  readonly listItems: number;
  readonly listIncomplete: boolean;
  readonly memberMedianMs: number;
  readonly memberP95Ms: number;
  readonly memberItems: number;
  readonly peakRssMb: number;
}

export interface RunOptions {
  readonly completions: number;
  readonly edits: number;
  /** Only start, open and wait for the catalog (a warm start measures no more). */
  readonly startOnly?: boolean;
}

const POLL_MS = 10;
/**
 * A server that never lists its catalog (its read of the service failed, or stalls) ends its
 * run with this error instead of holding the whole bench; the scale table then says why its
 * size was not measured. Far above any catalog measured (100,000 datasets: seconds).
 */
const CATALOG_DEADLINE_MS = 5 * 60_000;
/** After the catalog arrives a server may republish its documents; keystrokes wait for quiet. */
const QUIET_MS = 300;

export async function measureRun(contender: Contender, options: RunOptions): Promise<RunFigures> {
  const { driver, initializeMs } = await LspDriver.start(contender.launch);
  try {
    const { query, completions } = contender;
    const firstDiagnosticsMs = await driver.open(query.uri, query.languageId, query.text);
    await driver.open(completions.uri, completions.languageId, completions.text, false);
    const catalogReadyMs = await waitForCatalog(driver, contender);
    if (options.startOnly) return { ...emptyFigures(), initializeMs, firstDiagnosticsMs, catalogReadyMs, peakRssMb: driver.peakRssMegabytes() };
    await driver.quiet(QUIET_MS);

    const list: number[] = [];
    const member: number[] = [];
    let listAnswer = await driver.complete(completions.uri, completions.listAt);
    let memberAnswer = await driver.complete(completions.uri, completions.memberAt);
    for (let i = 0; i < options.completions; i += 1) {
      listAnswer = await driver.complete(completions.uri, completions.listAt);
      list.push(listAnswer.ms);
      memberAnswer = await driver.complete(completions.uri, completions.memberAt);
      member.push(memberAnswer.ms);
    }

    const edits: number[] = [];
    for (let i = 0; i < options.edits; i += 1) {
      // Type a character at the end of a catalog name (now unknown), then delete it again.
      const typing = i % 2 === 0;
      edits.push(await driver.edit(query.uri, query.editAt, typing ? 0 : 1, typing ? 'x' : ''));
    }
    const peakRssMb = driver.peakRssMegabytes();
    const e = summarize(edits);
    const l = summarize(list);
    const m = summarize(member);
    return {
      initializeMs,
      firstDiagnosticsMs,
      catalogReadyMs,
      editMedianMs: e.median,
      editP95Ms: e.p95,
      listMedianMs: l.median,
      listP95Ms: l.p95,
      listItems: listAnswer.labels.length,
      listIncomplete: listAnswer.isIncomplete,
      memberMedianMs: m.median,
      memberP95Ms: m.p95,
      memberItems: memberAnswer.labels.length,
      peakRssMb,
    };
  } finally {
    await driver.close();
  }
}

/** Asks for the catalog list until it names the catalog's first entry; ms since spawn. */
async function waitForCatalog(driver: LspDriver, contender: Contender): Promise<number> {
  const { completions, catalogEntry } = contender;
  for (;;) {
    // A server may hold a completion until its catalog arrives: the deadline bounds that wait too.
    const left = Math.max(1, CATALOG_DEADLINE_MS - (performance.now() - driver.spawnedAt));
    const answer = await driver.complete(completions.uri, completions.listAt, left).catch((error: unknown): CompletionAnswer => {
      if (performance.now() - driver.spawnedAt < CATALOG_DEADLINE_MS) throw error;
      return { ms: left, labels: [], isIncomplete: false };
    });
    const waited = performance.now() - driver.spawnedAt;
    if (answer.labels.includes(catalogEntry)) return waited;
    if (waited > CATALOG_DEADLINE_MS) {
      // The server's last line first: a table of failures shows an error's first line only.
      const log = driver.lastLog().trim().split('\n');
      throw new Error(
        `${contender.launch.name}: the catalog list did not name ${catalogEntry} within ${CATALOG_DEADLINE_MS / 60_000} minutes of the spawn ` +
          `(${answer.labels.length} items listed); the server's last word: ${log[log.length - 1] || '(nothing)'}\nThe end of its log:\n${log.join('\n')}`,
      );
    }
    await sleep(POLL_MS);
  }
}

/** Each figure's median over the runs (item counts: the last run's). */
export function medianOfRuns(runs: readonly RunFigures[]): RunFigures {
  const pick = (key: keyof RunFigures): number => {
    const values = runs.map((run) => Number(run[key])).sort((a, b) => a - b);
    return values[Math.floor(values.length / 2)]!;
  };
  const last = runs[runs.length - 1]!;
  return {
    initializeMs: pick('initializeMs'),
    firstDiagnosticsMs: pick('firstDiagnosticsMs'),
    catalogReadyMs: pick('catalogReadyMs'),
    editMedianMs: pick('editMedianMs'),
    editP95Ms: pick('editP95Ms'),
    listMedianMs: pick('listMedianMs'),
    listP95Ms: pick('listP95Ms'),
    listItems: last.listItems,
    listIncomplete: last.listIncomplete,
    memberMedianMs: pick('memberMedianMs'),
    memberP95Ms: pick('memberP95Ms'),
    memberItems: last.memberItems,
    peakRssMb: pick('peakRssMb'),
  };
}

function emptyFigures(): RunFigures {
  return {
    initializeMs: Number.NaN,
    firstDiagnosticsMs: Number.NaN,
    catalogReadyMs: Number.NaN,
    editMedianMs: Number.NaN,
    editP95Ms: Number.NaN,
    listMedianMs: Number.NaN,
    listP95Ms: Number.NaN,
    listItems: 0,
    listIncomplete: false,
    memberMedianMs: Number.NaN,
    memberP95Ms: Number.NaN,
    memberItems: 0,
    peakRssMb: Number.NaN,
  };
}
