/**
 * Gives memory back once a large document is closed. Parsing a 50,000-line file grows the
 * heap by a few hundred megabytes; after the file closes that memory is garbage, but V8
 * collects it only when something allocates again, and an idle server allocates nothing, so
 * the editor's process list kept showing the peak. One full collection, a moment after the
 * close (closing several files is one burst), returns it to the system.
 */
import type * as V8 from 'node:v8';
import type * as Vm from 'node:vm';
import { announceV8FlagsChange } from '../boot/v8-flags-change';

/** Documents smaller than this leave too little garbage to be worth a full collection. */
export const LARGE_DOCUMENT_CHARACTERS = 200_000;
const QUIET_MS = 1_000;

export class MemoryRelease {
  private timer: NodeJS.Timeout | undefined;
  private collector: { readonly collect: (() => void) | undefined } | undefined;

  /**
   * `findCollect` runs on the first need, not at start: exposing `gc` changes V8's flags, and
   * a code cache written under other flags than the next start's is refused (compile-cache.ts).
   */
  constructor(private readonly findCollect: () => (() => void) | undefined = findCollector) {}

  /** A document of `length` characters was closed. */
  documentClosed(length: number): void {
    if (length < LARGE_DOCUMENT_CHARACTERS) return;
    const collect = this.collect();
    if (collect === undefined) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => collect(), QUIET_MS);
    this.timer.unref();
  }

  /** Collects now; false when the runtime offers no way to. */
  collectNow(): boolean {
    const collect = this.collect();
    if (collect === undefined) return false;
    collect();
    return true;
  }

  private collect(): (() => void) | undefined {
    this.collector ??= { collect: this.findCollect() };
    return this.collector.collect;
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}

/** `gc` when the process was started with --expose-gc, else V8's own, exposed now. */
function findCollector(): (() => void) | undefined {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (typeof exposed === 'function') return exposed;
  try {
    // Required here, not imported: node:v8 takes ~1 ms to load, which the server's start need not spend.
    /* eslint-disable @typescript-eslint/no-require-imports -- loaded on first use */
    const { setFlagsFromString } = require('node:v8') as typeof V8;
    const { runInNewContext } = require('node:vm') as typeof Vm;
    /* eslint-enable @typescript-eslint/no-require-imports */
    announceV8FlagsChange();
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    return typeof gc === 'function' ? (gc as () => void) : undefined;
  } catch {
    return undefined;
  }
}
