/**
 * Where the IQL server's time goes from spawn to a catalog ready: the built server run under
 * `node --cpu-prof` against an emulator serving N datasets × 50 categories, driven like the
 * peer benchmark (initialize, open a query, complete after FROM until the catalog is listed),
 * then shut down so Node writes the profile. Prints the functions with the most self and
 * total time, before "initialize" was answered and after, each with the source file the
 * source map of dist/language-server.js names. Not a benchmark (run.ts does not run it):
 *
 *   npm run build && node --import tsx bench/profile-iql-start.ts [--datasets 10000] [--top 25] [--warm]
 *
 * `--timeline` also prints what ran after "initialize" was answered, in order: runs of samples
 * under the same outermost function of the project's own code, with the most frequent leaf;
 * `--from-start` prints it from the profile's start (Node's own start before it is not profiled).
 *
 * `--warm` profiles a start that reads the catalog from its storage folder (stored by a first run)
 * and revalidates it, as a start after the first does in the editor.
 */
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serveGeneratedCatalog } from './catalog-fixture';
import { iqlWithStorage } from './iql-catalog-cache';
import { iqlContender, type Contender } from './peer-contenders';
import { LspDriver, nodeArgsOf } from './lsp-driver';
import { runBench } from './results-table';
import { ensureStartupSnapshot } from './startup-snapshot';
import { SERVER_BUNDLE } from '../test/lsp/lsp-session';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number; readonly columnNumber?: number };
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const { values: args } = parseArgs({ options: { datasets: { type: 'string', default: '10000' }, top: { type: 'string', default: '25' }, warm: { type: 'boolean', default: false }, timeline: { type: 'boolean', default: false }, 'from-start': { type: 'boolean', default: false } } });

async function main(): Promise<void> {
  const served = await serveGeneratedCatalog(Number(args.datasets), 50);
  const dir = await mkdtemp(join(tmpdir(), 'iql-profile-'));
  let started: Started;
  try {
    // --warm: a first run stores the catalog in a storage folder, and the profiled run reads it from there.
    const contender = args.warm ? iqlWithStorage(dir, served.serverEnv, await mkdtemp(join(dir, 'storage-'))) : iqlContender(dir, served.serverEnv);
    process.stderr.write(`${ensureStartupSnapshot(contender.launch)}\n`);
    if (args.warm) await untilListed(contender, []);
    started = await untilListed(contender, ['--cpu-prof', '--cpu-prof-interval=250', `--cpu-prof-dir=${dir}`]);
    process.stderr.write(`initialize ${started.initializeMs.toFixed(0)} ms, catalog ready ${started.readyMs.toFixed(0)} ms${args.warm ? ' (from the storage folder)' : ''}\n`);
  } finally {
    await served.close();
  }
  const { initializeMs, answeredAtMicros } = started;
  const file = (await readdir(dir)).find((name) => name.endsWith('.cpuprofile'));
  if (file === undefined) throw new Error(`no profile written in ${dir}`);
  const profile = JSON.parse(await readFile(join(dir, file), 'utf8')) as CpuProfile;
  const moduleOf = await bundleModules();
  process.stdout.write(`profile: ${join(dir, file)}\n`);
  // The profile starts when Node has booted (~20 ms after the spawn here), not at the spawn: split at the answer's own time.
  process.stdout.write(`profile starts ${(initializeMs - (answeredAtMicros - profile.startTime) / 1000).toFixed(0)} ms after the spawn\n`);
  report(profile, moduleOf, answeredAtMicros - profile.startTime);
  if (args.timeline) timeline(profile, moduleOf, args['from-start'] ? 0 : answeredAtMicros - profile.startTime);
}

interface Started {
  readonly initializeMs: number;
  /** When the answer arrived, on the monotonic clock a profile's `startTime` is read from (microseconds). */
  readonly answeredAtMicros: number;
  readonly readyMs: number;
}

/** Starts the server, opens a query, completes until the catalog is listed, shuts it down. */
async function untilListed(contender: Contender, nodeArgs: readonly string[]): Promise<Started> {
  const { driver, initializeMs } = await LspDriver.start({ ...contender.launch, nodeArgs: [...nodeArgsOf(contender.launch), ...nodeArgs] });
  const answeredAtMicros = Number(process.hrtime.bigint() / 1000n) - (performance.now() - driver.spawnedAt - initializeMs) * 1000;
  await driver.open(contender.query.uri, contender.query.languageId, contender.query.text);
  await driver.open(contender.completions.uri, contender.completions.languageId, contender.completions.text, false);
  for (;;) {
    const answer = await driver.complete(contender.completions.uri, contender.completions.listAt);
    if (answer.labels.includes(contender.catalogEntry)) break;
  }
  const readyMs = performance.now() - driver.spawnedAt;
  await driver.close();
  return { initializeMs, answeredAtMicros, readyMs };
}

/** The bundle the launcher (dist/server.js) runs, whose source map names each function's file. */
const BUNDLE = SERVER_BUNDLE.replace(/server\.js$/, 'language-server.js');

type ModuleOf = (frame: ProfileNode['callFrame']) => string;

/** Each function's source file, read from the bundle's source map (the bundle is whitespace-minified: no module comments). */
async function bundleModules(): Promise<ModuleOf> {
  const map = new SourceMap(JSON.parse(await readFile(`${BUNDLE}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
  return (frame) => {
    if (!frame.url.endsWith('language-server.js')) return frame.url === '' ? '(native)' : frame.url;
    const entry = map.findEntry(frame.lineNumber, frame.columnNumber ?? 0) as { originalSource?: string };
    return entry.originalSource?.replace(/^.*?((?:node_modules|common|language|service|server)\/)/, '$1') ?? '(bundle)';
  };
}

/** Self and total time per function, for samples before and after `splitMicros` from the profile's start. */
function report(profile: CpuProfile, moduleOf: ModuleOf, splitMicros: number): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const phases = [new Map<string, { self: number; total: number }>(), new Map<string, { self: number; total: number }>()];
  let elapsed = 0;
  profile.samples.forEach((sample, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    elapsed += delta;
    const phase = phases[elapsed < splitMicros ? 0 : 1]!;
    const seen = new Set<string>();
    for (let id: number | undefined = sample, first = true; id !== undefined; id = parent.get(id), first = false) {
      const frame = byId.get(id)!.callFrame;
      const key = `${frame.functionName || '(anonymous)'} — ${moduleOf(frame)}`;
      const entry = phase.get(key) ?? { self: 0, total: 0 };
      if (first) entry.self += delta;
      if (!seen.has(key)) entry.total += delta;
      seen.add(key);
      phase.set(key, entry);
    }
  });
  const top = Number(args.top);
  ['spawn → initialize answered', 'initialize answered → catalog listed'].forEach((title, index) => {
    const phase = [...phases[index]!.entries()];
    process.stdout.write(`\n## ${title}\n\nself time:\n`);
    for (const [key, time] of phase.sort((a, b) => b[1].self - a[1].self).slice(0, top)) process.stdout.write(`${(time.self / 1000).toFixed(1).padStart(8)} ms  ${key}\n`);
    process.stdout.write('\ntotal time:\n');
    for (const [key, time] of phase.sort((a, b) => b[1].total - a[1].total).slice(0, top)) process.stdout.write(`${(time.total / 1000).toFixed(1).padStart(8)} ms  ${key}\n`);
  });
}

/** From `splitMicros` on (0: the profile's start): consecutive samples grouped by their outermost frame in the project's own code (or GC, idle). */
function timeline(profile: CpuProfile, moduleOf: ModuleOf, splitMicros: number): void {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nameOf = (id: number): string => {
    const frame = byId.get(id)!.callFrame;
    return `${frame.functionName || '(anonymous)'} — ${moduleOf(frame)}`;
  };
  const outermostOwn = (sample: number): string => {
    let found = nameOf(sample);
    for (let id: number | undefined = sample; id !== undefined; id = parent.get(id)) {
      if (/ — (common|language|service|server)\//.test(nameOf(id))) found = nameOf(id);
    }
    return found;
  };
  process.stdout.write(`\n## ${splitMicros === 0 ? 'from the profile\'s start (ms from it)' : 'after initialize answered (ms from the answer)'}, in order\n\n`);
  let elapsed = 0;
  let run: { label: string; from: number; to: number; leaves: Map<string, number> } | undefined;
  const flush = (): void => {
    if (run === undefined) return;
    const leaf = [...run.leaves.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    process.stdout.write(`${((run.from - splitMicros) / 1000).toFixed(1).padStart(7)} ms +${((run.to - run.from) / 1000).toFixed(1).padStart(5)}  ${run.label}   [${leaf}]\n`);
  };
  profile.samples.forEach((sample, index) => {
    const before = elapsed;
    elapsed += profile.timeDeltas[index] ?? 0;
    if (elapsed < splitMicros) return;
    const label = outermostOwn(sample);
    if (run?.label !== label) {
      flush();
      run = { label, from: before, to: elapsed, leaves: new Map() };
    }
    run.to = elapsed;
    run.leaves.set(nameOf(sample), (run.leaves.get(nameOf(sample)) ?? 0) + 1);
  });
  flush();
}

runBench('profile-iql-start', main);
