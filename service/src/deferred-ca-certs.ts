/**
 * Extra CA certificates (`NODE_EXTRA_CA_CERTS`) read when the first https connection needs them
 * instead of when Node starts.
 *
 * Node 20 reads the file named by `NODE_EXTRA_CA_CERTS` before running any code, and builds its
 * whole trust store with it: ~35 ms of every start on a machine whose variable names the system's
 * bundle of ~140 certificates (`node -e 0`: 50 ms with it, 12–15 ms without), as behind many
 * companies' proxies. The language server usually has no https connection to make in its first
 * second (its catalog comes from storage; the emulator is plain http), so the editor starts it
 * with the variable moved to `IQL_EXTRA_CA_CERTS` (common/language-server-env.ts), and the server's first
 * https pool adds these certificates to Node's own then, once, in one secure context its
 * connections share. Later Node versions load certificates off the main thread once tls is
 * loaded (nodejs/node#59856); on Node 20, which the extension supports, this move is what saves it.
 *
 * The trust is the same as Node's: the bundled Mozilla roots (`tls.rootCertificates`) plus the
 * file's certificates. A file that cannot be read is skipped with a warning naming it and the
 * variable, as Node does, and connections then trust the bundled roots alone.
 */
import { readFileSync } from 'node:fs';
import type { SecureContext } from 'node:tls';
import { DEFERRED_CA_CERTS_VARIABLE } from '../../common/language-server-env';
import { nodeTls } from './lazy-node';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g;

/**
 * The secure context https pools share when DEFERRED_CA_CERTS_VARIABLE names a file: Node's
 * roots and the file's certificates. Undefined when the variable is not set (Node's default
 * context is then right). Made once per process; `warn` is told once when the file is not usable.
 */
export function deferredCaContext(env: NodeJS.ProcessEnv = process.env, warn: (message: string) => void = (message) => process.emitWarning(message)): SecureContext | undefined {
  const file = env[DEFERRED_CA_CERTS_VARIABLE];
  if (file === undefined || file === '') return undefined;
  if (made?.file !== file) made = { file, context: contextWith(file, warn) };
  return made.context;
}

let made: { readonly file: string; readonly context: SecureContext } | undefined;

function contextWith(file: string, warn: (message: string) => void): SecureContext {
  const tls = nodeTls();
  let certificates: string[] = [];
  try {
    certificates = readFileSync(file, 'latin1').match(PEM_CERTIFICATE) ?? [];
    if (certificates.length === 0) warn(`${file} (NODE_EXTRA_CA_CERTS) holds no PEM certificate; https connections trust Node's own certificate authorities only.`);
  } catch (error) {
    warn(`The extra CA certificates in ${file} (NODE_EXTRA_CA_CERTS) could not be read (${(error as Error).message}); https connections trust Node's own certificate authorities only. Fix the path or unset the variable.`);
  }
  return tls.createSecureContext({ ca: [...tls.rootCertificates, ...certificates] });
}
