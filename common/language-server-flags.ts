/**
 * The Node options the editor starts the language server with (client/src/language-client.ts),
 * and the benchmarks too, so that they measure the server as the editor runs it.
 *
 * A young generation of 2 MB per semi-space instead of V8's 16 MB: reading a List Datasets
 * answer of 10,000 datasets (~65 MB of JSON) leaves the socket's pieces (each a 64 KB buffer
 * outside the JavaScript heap) and each dataset's short-lived strings and objects as garbage,
 * and with the default size a scavenge came only every ~16 MB of allocation: the dead pieces
 * piled up to ~30 MB, which the C allocator then kept, and the young generation itself held
 * ~32 MB. Peak resident memory of that load fell from 158 to 117 MB (bench/peer-servers.bench.ts
 * `--iql-only`, medians of 3, idle machine), and at 100,000 datasets from 278 to 220 MB. The
 * price is more, smaller collections (~96 scavenges instead of ~8 for that load): the cold
 * catalog time did not move (622 → 599 ms), initialize took ~7 ms more (141 → 149 ms). Those
 * 7 ms are not the collections: a V8 flag off its default makes Node refuse the code cache of its built-in
 * modules (V8 checks the flags a cache was made under), so each built-in the server loads is
 * compiled (`require('node:net')` 1.7 → 6.0 ms); a 4, 8 or 16 MB semi-space given as a flag
 * costs the same, no flag at all saves it (initialize ~109 → ~103 ms, 14 alternating starts
 * each; peak RSS then 134 instead of 108 MB). A young generation's size is set only at spawn:
 * set from inside the process (`v8.setFlagsFromString`) it would not resize the heap. The
 * launcher therefore sets the flag back to its default once the heap is set up
 * (server/src/boot/v8-flag-defaults.ts): the young generation keeps its 2 MB semi-spaces and
 * Node's built-ins load from their code cache again.
 *
 * 2 MB rather than the 1 MB first chosen: once the HTTP client was Node's own (no undici, a
 * cold catalog peaking ~20 MB lower), a keystroke at 1 MB met a scavenge too often. Against
 * 1 MB, 8 rounds each of `bench/iql-compare.ts --other-node-options=…` on the same build
 * (10,000 datasets, load 1.1–1.4): 2 MB edit → diagnostics median 1.28 → 0.95 ms, p95
 * 2.64 → 1.90 ms, peak RSS 90.0 → 91.6 MB; 4 MB edit p95 2.03–2.13 ms for 97–103 MB; 8 MB
 * 120 MB; none 124 MB. Initialize and the cold catalog did not move.
 *
 * The young generation starts at that size too (`--min-semi-space-size=2`) instead of growing to
 * it from 1 MB: the start's allocations (the bundle's evaluation, the parser's construction, a
 * stored catalog's decoding) meet fewer scavenges. 6 rounds of `bench/iql-compare.ts` on one
 * build, with and without it: initialize 73.1 → 70.6 ms, warm catalog 106.2 → 104.8 ms, cold
 * catalog 443 → 429 ms, for 1.4 MB more peak RSS (89.3 → 90.8 MB).
 *
 * One V8 background thread instead of Node's four (`--v8-pool-size=1`): the threads that
 * optimize the parser and reading functions and help the collector ran beside the main thread on
 * an editor's machine busy with other processes, and a keystroke's diagnostics waited for a
 * core. In five interleaved pairs of `bench/peer-servers.bench.ts --iql-only --runs 3` (2 cores,
 * load 1.1–1.8): edit → diagnostics p95 4.94–6.24 → 2.31–3.04 ms, median 1.22–1.32 →
 * 1.13–1.22 ms, first diagnostics ~4.0 → ~3.6 ms, peak RSS 115–117 → 111 MB (fewer threads'
 * stacks and buffers); the price is ~17 ms more of cold catalog (median 632 → 650 ms), whose
 * reading functions are optimized by one thread instead of several.
 */
export const LANGUAGE_SERVER_NODE_OPTIONS: readonly string[] = ['--max-semi-space-size=2', '--min-semi-space-size=2', '--v8-pool-size=1'];
