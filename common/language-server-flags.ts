/**
 * The Node options the editor starts the language server with (client/src/language-client.ts),
 * and the benchmarks too, so that they measure the server as the editor runs it.
 *
 * A young generation of 1 MB per semi-space instead of V8's 16 MB: reading a List Datasets
 * answer of 10,000 datasets (~65 MB of JSON) leaves the socket's pieces (each a 64 KB buffer
 * outside the JavaScript heap) and each dataset's short-lived strings and objects as garbage,
 * and with the default size a scavenge came only every ~16 MB of allocation: the dead pieces
 * piled up to ~30 MB, which the C allocator then kept, and the young generation itself held
 * ~32 MB. Peak resident memory of that load fell from ~157 to ~118 MB (bench/RESULTS.md,
 * "Peer servers"). A smaller young generation only sizes the heap at spawn: set from inside
 * the process (`v8.setFlagsFromString`) it would not resize it.
 */
export const LANGUAGE_SERVER_NODE_OPTIONS: readonly string[] = ['--max-semi-space-size=1'];
