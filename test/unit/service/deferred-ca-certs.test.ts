/**
 * Extra CA certificates read on the first https connection (service/src/deferred-ca-certs.ts)
 * instead of at Node's start: the editor moves `NODE_EXTRA_CA_CERTS` aside for the language
 * server (common/language-server-env.ts), and an https pool then trusts the file's
 * certificates as Node would have. The server here has a self-signed certificate that Node
 * trusts only when that certificate is given as an extra CA.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFERRED_CA_CERTS_VARIABLE, languageServerEnv } from '../../../common/language-server-env';
import { deferredCaContext } from '../../../service/src/deferred-ca-certs';
import { createAgent, exchange, readText, DEFAULT_TIMEOUTS } from '../../../service/src/http-exchange';

const FIXTURES = join(__dirname, '..', '..', 'fixtures', 'tls');
const CERT_FILE = join(FIXTURES, 'localhost-cert.pem');

async function selfSignedServer(): Promise<{ url: URL; close(): Promise<void> }> {
  const server = createServer({ cert: readFileSync(CERT_FILE), key: readFileSync(join(FIXTURES, 'localhost-key.pem')) }, (_request, response) => {
    response.end('trusted');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: new URL(`https://127.0.0.1:${address.port}/api/v1/health`),
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}

async function fetchThrough(url: URL): Promise<string> {
  const agent = createAgent('https:');
  try {
    const answer = await exchange({ url, method: 'GET', headers: {}, agent, timeouts: DEFAULT_TIMEOUTS });
    return await readText(answer.body);
  } finally {
    agent.destroy();
  }
}

test('the language server is started with NODE_EXTRA_CA_CERTS moved to the variable it reads late', () => {
  const env = languageServerEnv({ PATH: '/bin', NODE_EXTRA_CA_CERTS: '/etc/corp.pem' }, { IQL_SERVER_CACHE_DIR: '/cache' });
  assert.deepEqual({ ...env }, { PATH: '/bin', IQL_SERVER_CACHE_DIR: '/cache', NODE_EXTRA_CA_CERTS: undefined, [DEFERRED_CA_CERTS_VARIABLE]: '/etc/corp.pem' });
  // Spread over the parent's env (as a spawn's options are), the variable stays hidden.
  assert.equal({ NODE_EXTRA_CA_CERTS: '/etc/corp.pem', ...env }.NODE_EXTRA_CA_CERTS, undefined);
  assert.deepEqual(languageServerEnv({ PATH: '/bin' }), { PATH: '/bin' });
  // With OpenSSL's own store asked for, Node's start reads the file as before.
  const openssl = { NODE_OPTIONS: '--use-openssl-ca', NODE_EXTRA_CA_CERTS: '/etc/corp.pem' };
  assert.deepEqual(languageServerEnv(openssl), openssl);
});

test('an https pool trusts the certificates of the deferred file, and only then', async () => {
  const server = await selfSignedServer();
  const saved = process.env[DEFERRED_CA_CERTS_VARIABLE];
  try {
    delete process.env[DEFERRED_CA_CERTS_VARIABLE];
    await assert.rejects(fetchThrough(server.url), (error: NodeJS.ErrnoException) => error.code === 'DEPTH_ZERO_SELF_SIGNED_CERT');
    process.env[DEFERRED_CA_CERTS_VARIABLE] = CERT_FILE;
    assert.equal(await fetchThrough(server.url), 'trusted');
    // One secure context for the process: the file is read once, not per pool or connection.
    assert.equal(deferredCaContext(), deferredCaContext());
  } finally {
    if (saved === undefined) delete process.env[DEFERRED_CA_CERTS_VARIABLE];
    else process.env[DEFERRED_CA_CERTS_VARIABLE] = saved;
    await server.close();
  }
});

test('a deferred file that cannot be read or holds no certificate is named in a warning, and Node\'s own roots still apply', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'iql-ca-'));
  try {
    const warnings: string[] = [];
    const missing = join(dir, 'missing.pem');
    const context = deferredCaContext({ [DEFERRED_CA_CERTS_VARIABLE]: missing }, (message) => warnings.push(message));
    assert.ok(context !== undefined);
    assert.equal(warnings.length, 1);
    assert.ok(warnings[0]!.includes(missing) && warnings[0]!.includes('NODE_EXTRA_CA_CERTS') && /could not be read/.test(warnings[0]!), warnings[0]);

    const empty = join(dir, 'empty.pem');
    await writeFile(empty, 'not a certificate\n');
    deferredCaContext({ [DEFERRED_CA_CERTS_VARIABLE]: empty }, (message) => warnings.push(message));
    assert.equal(warnings.length, 2);
    assert.match(warnings[1]!, /holds no PEM certificate/);
    assert.equal(deferredCaContext({}, (message) => warnings.push(message)), undefined);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
