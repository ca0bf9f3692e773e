/**
 * The emulator process of bench/emulator-catalog.bench.ts: starts an emulator on the data
 * folder given as its argument, prints one JSON line `{ url, listenMs }` on stdout (the time
 * from the start of loading to listening, module loading excluded) and serves until its
 * standard input closes. Its own process, so that its peak memory is its own.
 *
 *   node --import tsx bench/emulator-catalog-server.ts <data folder>
 */
import { startEmulator } from '../emulator/src/start-emulator';

async function main(): Promise<void> {
  const dataDir = process.argv[2];
  if (dataDir === undefined) throw new Error('usage: emulator-catalog-server.ts <data folder>');
  const started = performance.now();
  const result = await startEmulator({ port: 0, dataDir });
  if (!result.ok) throw new Error(result.message);
  process.stdout.write(`${JSON.stringify({ url: result.emulator.url, listenMs: performance.now() - started })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => void result.emulator.close());
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
