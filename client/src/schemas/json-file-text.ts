/**
 * What every JSON file the extension writes for the service (destination instances, reports,
 * automations, requests) shares as text: the `iql-schema:` addresses their `$schema` names,
 * where a problem is, where a service message points, a draft's identity, a safe file name.
 * Pure text work (jsonc-parser); no 'vscode'.
 */
import { findNodeAtLocation, parseTree } from 'jsonc-parser';

/** The scheme of the schemas the extension serves to the editor's JSON support. */
export const SCHEMA_SCHEME = 'iql-schema';

/** A problem at `offset`…`offset + length` of the file's text. */
export interface FileProblem {
  readonly offset: number;
  readonly length: number;
  readonly message: string;
}

/**
 * The decoded groups of `pattern` in an `iql-schema:` address (the first is always the
 * profile), or undefined when the address does not match or is not validly encoded. Every
 * kind of file the extension serves a schema for reads its address with this.
 */
export function decodeSchemaAddress(address: string, pattern: RegExp): string[] | undefined {
  const match = pattern.exec(address);
  if (match === null) return undefined;
  try {
    return match.slice(1).map((part) => decodeURIComponent(part));
  } catch {
    return undefined;
  }
}

/**
 * Where a service message points in the file: a leading `config.port:` (or `config/port`,
 * `name:`) is followed as far as the file has it; else the whole object. So "config.port:
 * must be <= 65535" underlines the port's value, and the message is kept whole.
 */
export function locateServiceMessage(text: string, message: string): FileProblem {
  const root = parseTree(text, [], { allowTrailingComma: true });
  const whole = { offset: root?.offset ?? 0, length: Math.min(root?.length ?? 0, 1), message };
  if (root === undefined) return whole;
  const match = /^\s*([A-Za-z_$][\w$]*(?:(?:\.|\/|\[)[\w$\]-]+)*)\s*:/.exec(message);
  if (match === null) return whole;
  const path = match[1]!.split(/[./[\]]/).filter((part) => part !== '').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  // The deepest part of the path the file has: a missing property points at its parent.
  for (let end = path.length; end > 0; end -= 1) {
    const node = findNodeAtLocation(root, path.slice(0, end));
    if (node !== undefined) {
      const target = end === path.length ? node : (node.parent?.type === 'property' ? node.parent.children?.[0] : undefined) ?? node;
      return { offset: target.offset, length: target.length, message };
    }
  }
  return whole;
}

/** The `id` (an empty one is none) and `profile` a file's draft carries, each only when present. */
export function draftIdentity(id: string | undefined, profile: string | undefined): { readonly id?: string; readonly profile?: string } {
  return { ...(id === undefined || id === '' ? {} : { id }), ...(profile === undefined ? {} : { profile }) };
}

/** `<name>` made safe as a file name (letters, digits, `.`, `_`, `-`; never empty) with `suffix`. */
export function safeFileName(name: string, fallback: string, suffix: string): string {
  const stem = name.replace(/[^\w.-]+/g, '-').replace(/^[-.]+|[-.]+$/g, '').slice(0, 80);
  return `${stem || fallback}${suffix}`;
}
