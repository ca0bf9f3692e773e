/**
 * The environment the editor starts the language server with (client/src/language-client.ts),
 * and the benchmarks too, so that they measure the server as the editor runs it.
 *
 * `NODE_EXTRA_CA_CERTS` is passed on as `IQL_EXTRA_CA_CERTS`: Node 20 reads that file and
 * builds its trust store before running any code (~35 ms of each start for a bundle of ~140
 * certificates), while the server needs it only for its first https connection, where
 * service/src/deferred-ca-certs.ts reads it. Not when `NODE_OPTIONS` asks for OpenSSL's own
 * store (`--use-openssl-ca`): the server's late context is Node's bundled roots plus the file,
 * which is Node's default trust, not that one.
 */

/** Where the language server finds the value of `NODE_EXTRA_CA_CERTS` (read on first use). */
export const DEFERRED_CA_CERTS_VARIABLE = 'IQL_EXTRA_CA_CERTS';

/** `env` with `NODE_EXTRA_CA_CERTS` moved to DEFERRED_CA_CERTS_VARIABLE, and `extra` added. */
export function languageServerEnv(env: NodeJS.ProcessEnv, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const result: NodeJS.ProcessEnv = { ...env, ...extra };
  const file = result.NODE_EXTRA_CA_CERTS;
  if (/--use-openssl-ca\b/.test(result.NODE_OPTIONS ?? '')) return result;
  if (file === undefined || file === '') return result;
  // Undefined rather than deleted: a spawn skips it, and it still hides the variable when this is spread over another env.
  return { ...result, NODE_EXTRA_CA_CERTS: undefined, [DEFERRED_CA_CERTS_VARIABLE]: file };
}
