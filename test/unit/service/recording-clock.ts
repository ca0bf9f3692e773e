/**
 * A clock for the runners (service/src/progress.ts) whose waits take no time: it records each
 * wait asked for and moves its own time on by it, so tests assert on the waits, not on timing.
 */
import type { PollClock } from '../../../service/src';

export function recordingClock(): PollClock & { readonly waits: number[] } {
  let now = 0;
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep: async (ms, signal) => {
      waits.push(ms);
      now += ms;
      // A turn of the event loop, as a real wait would give the service's answer time to arrive.
      await new Promise((resolve) => setImmediate(resolve));
      return signal?.aborted !== true;
    },
  };
}
