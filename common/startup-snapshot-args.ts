/**
 * The names the startup snapshot's parts agree on (startup-snapshot.ts), apart from its file
 * logic so that the server's bundle and launcher can read them without loading node:crypto.
 */

/** The bundle a snapshot is made from: what dist/server.js runs. */
export const SNAPSHOT_SOURCE = 'language-server.js';

/** Given to the launcher (dist/server.js) with a snapshot's path: it then builds that snapshot. */
export const BUILD_SNAPSHOT_ARG = '--iql-build-snapshot';

/**
 * Given to a server started from a snapshot, with a number of milliseconds: it then only says it
 * started, from a timer due that late, and exits (the builder's probe).
 */
export const SNAPSHOT_PROBE_ARG = '--iql-snapshot-probe';
export const SNAPSHOT_PROBE_ANSWER = 'iql-snapshot-ok';

/**
 * How long after a start without a snapshot the builder is started: after the window's own start,
 * the busiest moment of a session (bench/RESULTS.md, "Editor": the first Run of a window took
 * 407 ms with 5 s, 363 ms with 30 s, one run each).
 */
export const SNAPSHOT_BUILD_DELAY_MS = 30_000;
