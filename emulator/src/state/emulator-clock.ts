/**
 * The emulator's clock for what happens over time (automation schedules). Answers must be
 * reproducible, so the default clock stands still at the emulator's fixed instant
 * (wire-time.ts): schedules come due only when something moves it. Tests drive a
 * `ManualClock`; `iql emulator --real-clock` runs on a `RealClock`, so schedules come due as
 * real time passes.
 */
import { EMULATOR_EPOCH } from '../http/wire-time';

export interface EmulatorClock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export class ManualClock implements EmulatorClock {
  private current: number;

  constructor(start: string | number = EMULATOR_EPOCH) {
    this.current = typeof start === 'number' ? start : Date.parse(start);
  }

  now(): number {
    return this.current;
  }

  /** Moves the clock to `instant` (an RFC 3339 text or milliseconds); never backwards. */
  set(instant: string | number): void {
    const next = typeof instant === 'number' ? instant : Date.parse(instant);
    if (Number.isNaN(next)) throw new Error(`not an instant: ${String(instant)}`);
    this.current = Math.max(this.current, next);
  }

  advance(milliseconds: number): void {
    this.current += Math.max(0, milliseconds);
  }
}

/** Real time, optionally shifted: it starts at `start` (default: now) and advances with the system clock. */
export class RealClock implements EmulatorClock {
  private readonly offset: number;

  constructor(start?: string | number, private readonly system: () => number = Date.now) {
    const begin = start === undefined ? system() : typeof start === 'number' ? start : Date.parse(start);
    if (Number.isNaN(begin)) throw new Error(`not an instant: ${String(start)}`);
    this.offset = begin - system();
  }

  now(): number {
    return this.system() + this.offset;
  }
}

/** An instant as the wire writes it: RFC 3339 in UTC, without milliseconds when they are 0. */
export function wireInstant(milliseconds: number): string {
  return new Date(milliseconds).toISOString().replace('.000Z', 'Z');
}
