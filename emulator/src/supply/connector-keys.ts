/**
 * The public keys the import connector operations hand out: an SFTP server's host key (Get
 * server host key) and a connector's GPG encryption key (Refresh the ICC GPG Keys). Both are
 * real Ed25519 keys made with node:crypto, each derived from a hash of what it belongs to (the
 * host name; the config ID and its refresh count), so the same emulator run answers the same
 * bytes for the same requests and a host's key never changes between runs.
 *
 * The GPG key is an Ed25519 public key in PEM (SubjectPublicKeyInfo), not an OpenPGP key
 * block: `gpg --import` refuses it. The emulator copies files as they are and decrypts nothing
 * (emulator/README.md).
 */
import { createHash, createPrivateKey, createPublicKey } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

/** The DER header of a PKCS #8 Ed25519 private key; the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

function ed25519From(label: string): KeyObject {
  const seed = createHash('sha256').update(`iql-emulator\u0000${label}`).digest();
  const privateKey = createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' });
  return createPublicKey(privateKey);
}

/** An SSH wire string: a 32-bit big-endian length, then the bytes. */
function sshString(bytes: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** The host key of an SFTP host, as an OpenSSH public key line (`ssh-ed25519 AAAA…`). */
export function hostKeyOf(host: string): string {
  const jwk = ed25519From(`host key\u0000${host.toLowerCase()}`).export({ format: 'jwk' });
  const raw = Buffer.from(jwk.x ?? '', 'base64url');
  const blob = Buffer.concat([sshString(Buffer.from('ssh-ed25519')), sshString(raw)]);
  return `ssh-ed25519 ${blob.toString('base64')}`;
}

/** The GPG public key of a connector config after `generation` refreshes (PEM, see above). */
export function gpgPublicKeyOf(configId: string, generation: number): string {
  return ed25519From(`gpg key\u0000${configId}\u0000${generation}`).export({ format: 'pem', type: 'spki' }).toString();
}
