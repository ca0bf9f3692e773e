/**
 * Runs work after the browser has painted what the page holds now, so that what a user waits
 * for (a run's table) is on screen before what can follow (its charts, the report to the host).
 * A page whose frames are held back (hidden, off screen) runs it after FALLBACK_MS instead.
 */
const FALLBACK_MS = 100;

/** Schedules `work` once, after the next paint; returns the function that cancels it. */
export function afterPaint(work: () => void): () => void {
  let done = false;
  let task: ReturnType<typeof setTimeout> | undefined;
  const run = (): void => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    work();
  };
  // The frame callback runs just before the paint; the task it queues runs after it.
  const frame = requestAnimationFrame(() => {
    task = setTimeout(run, 0);
  });
  const fallback = setTimeout(run, FALLBACK_MS);
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    clearTimeout(task);
    clearTimeout(fallback);
  };
}
