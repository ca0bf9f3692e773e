/**
 * The write-only fields of an import connector (seed 002 §2.3: "secret credentials are
 * accepted on write and omitted on read"), by path inside the Create Import Connector
 * `config` object. A connector file never holds one of them in clear: it holds the
 * placeholder, which the command line fills from an environment variable and the editor by
 * asking when it saves, so that a secret is sent once and written nowhere.
 */
export const SECRET_PLACEHOLDER = '$secret';

export const SECRET_FIELDS: readonly (readonly string[])[] = [
  ['s3_connector', 'access_keys', 'secret_access_key'],
  ['s3_connector', 'access_keys', 'session_token'],
  ['gcs_connector', 'secret_auth', 'credentials_json'],
  ['sftp_connector', 'password'],
  ['sftp_connector', 'private_key'],
  ['sftp_connector', 'private_key_passphrase'],
];
