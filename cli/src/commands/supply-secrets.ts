/**
 * The secrets of an import connector file (`*.iqlconnector.json`): a file is shared, committed
 * and printed, so a secret field never holds the secret itself but the placeholder "$secret",
 * which the command line fills from an environment variable named after the field's path
 * (`sftp_connector.password` → IQL_SECRET_SFTP_CONNECTOR_PASSWORD). A file holding a secret
 * in clear is refused before anything is sent, naming the file, line and column and the fix.
 * The values filled are returned so that every output of the command can hide them.
 */
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { UsageError } from '../io';
import { SECRET_FIELDS, SECRET_PLACEHOLDER } from '../../../common/supply/secret-fields';
import { position } from './service-file';

export { SECRET_FIELDS, SECRET_PLACEHOLDER } from '../../../common/supply/secret-fields';

/** `sftp_connector.password` → `IQL_SECRET_SFTP_CONNECTOR_PASSWORD`. */
export function secretVariable(path: readonly string[]): string {
  return `IQL_SECRET_${path.join('_').toUpperCase()}`;
}

/**
 * The body with every "$secret" replaced by its environment variable's value, and the values
 * used. Throws UsageError for a secret in clear (at its position in `text`) or a missing variable.
 */
export function fillSecrets(path: string, text: string, body: Record<string, unknown>, env: NodeJS.ProcessEnv): { body: Record<string, unknown>; secrets: string[] } {
  const root = parseTree(text);
  const filled = structuredClone(body);
  const secrets: string[] = [];
  for (const field of SECRET_FIELDS) {
    const parent = field.slice(0, -1).reduce<unknown>((object, key) => (isObject(object) ? object[key] : undefined), filled);
    const name = field.at(-1) ?? '';
    if (!isObject(parent) || !(name in parent)) continue;
    const variable = secretVariable(field);
    if (parent[name] !== SECRET_PLACEHOLDER) {
      const node = root === undefined ? undefined : findNodeAtLocation(root, [...field]);
      throw new UsageError(
        `${position(path, text, node?.offset ?? 0)}: error: "${field.join('.')}" is a secret and must not be written in the file: ` +
          `write "${SECRET_PLACEHOLDER}" there and set the environment variable ${variable} to the value`,
      );
    }
    const value = env[variable];
    if (value === undefined || value === '') throw new UsageError(`${path}: "${field.join('.')}" is "${SECRET_PLACEHOLDER}": set the environment variable ${variable} to its value`);
    parent[name] = value;
    secrets.push(value);
  }
  return { body: filled, secrets };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

