/**
 * A data-supply file's text (supply-file-kinds.ts): its schema address, a new file, and what
 * a file says — the object to send, its `id` once saved, the profile of its `$schema`, and the
 * secret fields that hold the placeholder (to be asked for when saving). A secret written in
 * clear is a problem at its value, never sent. Pure text work (jsonc-parser); no 'vscode'.
 */
import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { SECRET_FIELDS, SECRET_PLACEHOLDER } from '../../../common/supply/secret-fields';
import { decodeSchemaAddress, draftIdentity, safeFileName, SCHEMA_SCHEME, type FileProblem } from '../schemas/json-file-text';
import { SUPPLY_FILE_KINDS, type SupplyFileKind, type SupplyFileKindId } from './supply-file-kinds';

/** What a data-supply file says. */
export interface SupplyDraft {
  readonly id?: string;
  readonly profile?: string;
  /** The object, without `$schema` and `id`, secrets still as the placeholder. */
  readonly object: Record<string, unknown>;
  /** Paths of the secret fields that hold the placeholder. */
  readonly secrets: readonly (readonly string[])[];
}

export type SupplyRead = { readonly ok: true; readonly draft: SupplyDraft } | { readonly ok: false; readonly problems: readonly FileProblem[] };

/** A recordset a normalization file reads: its schema then offers the recordset's columns. */
export interface InputRecordset {
  readonly vaultId: string;
  readonly recordsetId: string;
}

/**
 * The schema address of `kind`'s files for `profile`. A normalization file that names the
 * recordset it reads carries it in the address (`…/supply/normalization/<vault>/<recordset>.schema.json`),
 * so nothing else in the file changes and the command line reads it as before.
 */
export function supplySchemaAddress(profile: string, kind: SupplyFileKindId, input?: InputRecordset): string {
  const base = `${SCHEMA_SCHEME}:/${encodeURIComponent(profile)}/supply/${kind}`;
  return input === undefined ? `${base}.schema.json` : `${base}/${encodeURIComponent(input.vaultId)}/${encodeURIComponent(input.recordsetId)}.schema.json`;
}

/** The profile, kind and input recordset a supply schema address names, or undefined when it is not one. */
export function parseSupplySchemaAddress(address: string): { readonly profile: string; readonly kind: SupplyFileKind; readonly input?: InputRecordset } | undefined {
  // Two patterns: decodeSchemaAddress decodes every group, so none may be optional.
  const parts =
    decodeSchemaAddress(address, /^iql-schema:\/([^/]+)\/supply\/([A-Za-z]+)\.schema\.json$/) ??
    decodeSchemaAddress(address, /^iql-schema:\/([^/]+)\/supply\/([A-Za-z]+)\/([^/]+)\/([^/]+)\.schema\.json$/);
  const kind = parts === undefined ? undefined : (SUPPLY_FILE_KINDS as Readonly<Record<string, SupplyFileKind>>)[parts[1]!];
  if (parts === undefined || kind === undefined) return undefined;
  const [profile, , vaultId, recordsetId] = parts;
  return { profile: profile!, kind, ...(vaultId && recordsetId ? { input: { vaultId, recordsetId } } : {}) };
}

/** The file name for an object called `name`: safe characters only, never empty. */
export function supplyFileName(kind: SupplyFileKind, name: string): string {
  return safeFileName(name, kind.id, kind.suffix);
}

/** A new file of `kind` named `name`, for `profile`, with the kind's starter fields (`overrides` on top). */
export function newSupplyFileText(profile: string, kind: SupplyFileKind, name: string, overrides: Readonly<Record<string, unknown>> = {}, input?: InputRecordset): string {
  return `${JSON.stringify({ $schema: supplySchemaAddress(profile, kind.id, input), name, ...kind.starter, ...overrides }, null, 2)}\n`;
}

/** Reads a file of `kind`: its object, or the problems that keep it from being sent. */
export function readSupplyFile(text: string, kind: SupplyFileKind): SupplyRead {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true });
  if (errors.length > 0 || root === undefined || root.type !== 'object') {
    const first = errors[0];
    return { ok: false, problems: [{ offset: first?.offset ?? 0, length: Math.max(1, first?.length ?? 1), message: first ? `Not valid JSON: ${printParseErrorCode(first.error)}.` : `A ${kind.noun} file holds one JSON object.` }] };
  }
  const value = getNodeValue(root) as Record<string, unknown>;
  const problems: FileProblem[] = [];
  if (typeof value.name !== 'string' || value.name.trim() === '') {
    problems.push({ offset: findNodeAtLocation(root, ['name'])?.offset ?? root.offset, length: 1, message: `"name" is missing: every ${kind.noun} needs one (letters, digits, spaces, - and _).` });
  }
  const secrets: string[][] = [];
  for (const field of SECRET_FIELDS) {
    const node = findNodeAtLocation(root, [...field]);
    if (node === undefined) continue;
    if (node.value === SECRET_PLACEHOLDER) {
      secrets.push([...field]);
      continue;
    }
    problems.push({
      offset: node.offset,
      length: node.length,
      message: `"${field.join('.')}" is a secret: write "${SECRET_PLACEHOLDER}" here and you are asked for it when saving, so that it is never stored in a file.`,
    });
  }
  if (problems.length > 0) return { ok: false, problems };
  const { $schema: schema, id, ...object } = value;
  const profile = typeof schema === 'string' ? parseSupplySchemaAddress(schema)?.profile : undefined;
  return { ok: true, draft: { ...draftIdentity(typeof id === 'string' ? id : undefined, profile), object, secrets } };
}

/** The object with each secret placeholder replaced by what the user gave (`values`, in the order of `draft.secrets`). */
export function withSecrets(draft: SupplyDraft, values: readonly string[]): Record<string, unknown> {
  const filled = structuredClone(draft.object);
  draft.secrets.forEach((path, index) => {
    let parent: unknown = filled;
    for (const key of path.slice(0, -1)) parent = typeof parent === 'object' && parent !== null ? (parent as Record<string, unknown>)[key] : undefined;
    if (typeof parent === 'object' && parent !== null) (parent as Record<string, unknown>)[path.at(-1) ?? ''] = values[index] ?? '';
  });
  return filled;
}
