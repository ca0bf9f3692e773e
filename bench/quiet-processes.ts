/**
 * Waits until the processes this benchmark started (code-server with its extension hosts and
 * language servers, the browser) have stopped using the CPU: a window that has just opened is
 * still starting its extensions, and a keypress then measures that start as much as the
 * command. Linux only (reads /proc); elsewhere it does not wait.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export interface QuietOptions {
  /** How long the processes must stay under `busyBelow` together. */
  readonly quietMs: number;
  /** CPU time per wall time, in cores, under which they count as quiet (0.1: a tenth of one core). */
  readonly busyBelow: number;
  /** Gives up after this long and says so. */
  readonly maxMs: number;
}

export interface QuietResult {
  /** How long it waited. */
  readonly waitedMs: number;
  /** False when `maxMs` passed first (or /proc cannot be read). */
  readonly quiet: boolean;
}

const SAMPLE_MS = 100;

export async function waitForQuietDescendants(options: QuietOptions, rootPid = process.pid): Promise<QuietResult> {
  const started = performance.now();
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux.
  let window: { at: number; ticks: number }[] = [];
  for (;;) {
    const ticks = descendantTicks(rootPid);
    const now = performance.now();
    if (ticks === undefined) return { waitedMs: now - started, quiet: false };
    window.push({ at: now, ticks });
    window = window.filter((sample) => now - sample.at <= options.quietMs + SAMPLE_MS);
    const oldest = window[0]!;
    if (now - oldest.at >= options.quietMs && (ticks - oldest.ticks) / ticksPerMs / (now - oldest.at) < options.busyBelow) {
      return { waitedMs: now - started, quiet: true };
    }
    if (now - started > options.maxMs) return { waitedMs: now - started, quiet: false };
    await sleep(SAMPLE_MS);
  }
}

/**
 * CPU ticks (user + system) used so far by every live descendant of `rootPid`; undefined when
 * /proc cannot be read. A process that exits between samples takes its ticks with it, which
 * can only make a window look quieter for one sample.
 */
function descendantTicks(rootPid: number): number | undefined {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const parentOf = new Map<number, number>();
  const ticksOf = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may hold spaces.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(pid), Number(fields[1]));
      ticksOf.set(Number(pid), Number(fields[11]) + Number(fields[12]));
    } catch {
      // Gone since the listing.
    }
  }
  let total = 0;
  for (const [pid, ticks] of ticksOf) {
    for (let ancestor = parentOf.get(pid); ancestor !== undefined && ancestor > 1; ancestor = parentOf.get(ancestor)) {
      if (ancestor === rootPid) {
        total += ticks;
        break;
      }
    }
  }
  return total;
}
