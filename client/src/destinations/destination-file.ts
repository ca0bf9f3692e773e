/**
 * A destination instance as a file the user edits: `<name>.iqldestination.json`, holding the
 * fields of Create/Update Destination Instance and a `$schema` that points at the type's
 * schema (served by destination-schemas.ts), so that the editor's JSON support completes and
 * checks the configuration while the user types. Reading the file and finding where a
 * service message points are pure text work here (jsonc-parser: offsets of every property),
 * with no 'vscode' in sight.
 */
import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { CreateDestinationInstanceRequest, DestinationInstance } from '../../../common/api';
import { starterObject } from '../requests/json-schema-starter';
import { decodeSchemaAddress, draftIdentity, SCHEMA_SCHEME, type FileProblem } from '../schemas/json-file-text';

/** How the files are named; package.json's menus match the same suffix. */
export const DESTINATION_FILE_SUFFIX = '.iqldestination.json';

/** What the file says: the instance's fields, and its id once it exists at the service. */
export interface DestinationDraft {
  readonly id?: string;
  readonly profile?: string;
  readonly body: CreateDestinationInstanceRequest & { readonly destination_type_id: string; readonly name: string };
}

export type ReadResult = { readonly ok: true; readonly draft: DestinationDraft } | { readonly ok: false; readonly problems: readonly FileProblem[] };

/** The schema address of a type for a profile: the profile travels in the file, so a save goes to the right account. */
export function schemaAddress(profile: string, typeId: string): string {
  return `${SCHEMA_SCHEME}:/${encodeURIComponent(profile)}/destination-types/${encodeURIComponent(typeId)}.schema.json`;
}

/** The profile and type named by a schema address, or undefined when it is not one of ours. */
export function parseSchemaAddress(address: string): { readonly profile: string; readonly typeId: string } | undefined {
  const parts = decodeSchemaAddress(address, /^iql-schema:\/([^/]+)\/destination-types\/([^/]+)\.schema\.json$/);
  return parts === undefined ? undefined : { profile: parts[0]!, typeId: parts[1]! };
}

/** The file's text for an existing instance (secrets stay as the service's redacted marker). */
export function destinationFileText(profile: string, instance: DestinationInstance): string {
  const typeId = instance.destination_type_id ?? '';
  return formatFile({
    $schema: schemaAddress(profile, typeId),
    id: instance.id,
    name: instance.name ?? '',
    description: instance.description ?? '',
    destination_type_id: typeId,
    editable_paths: instance.editable_paths ?? [],
    config: instance.config ?? {},
  });
}

/** The file's text for a new instance of `typeId`, its configuration started from the schema's defaults. */
export function newDestinationFileText(profile: string, typeId: string, name: string, typeSchema: unknown): string {
  return formatFile({
    $schema: schemaAddress(profile, typeId),
    name,
    description: '',
    destination_type_id: typeId,
    editable_paths: [],
    config: starterObject(typeSchema),
  });
}

function formatFile(value: Record<string, unknown>): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * Reads the file's text into what Create or Update sends. Every problem names the field and
 * what to write; the text itself is never changed. Never throws.
 */
export function readDestinationFile(text: string): ReadResult {
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0 || root === undefined) {
    const first = errors[0];
    return fail(first?.offset ?? 0, first?.length ?? 0, first ? `Not valid JSON here (${printParseErrorCode(first.error)}): fix the syntax, then save to the service again.` : 'The file is empty: it should hold a destination instance object.');
  }
  if (root.type !== 'object') return fail(root.offset, root.length, 'A destination file holds one JSON object with name, destination_type_id and config.');
  const problems: FileProblem[] = [];
  const read = (key: string, kind: 'string' | 'object' | 'array', required: boolean): unknown => {
    const node = findNodeAtLocation(root, [key]);
    if (node === undefined) {
      if (required) problems.push({ offset: root.offset, length: 1, message: `"${key}" is missing: add it (${kind}).` });
      return undefined;
    }
    if (node.type !== kind) {
      problems.push({ offset: node.offset, length: node.length, message: `"${key}" must be ${kind === 'string' ? 'a string' : `an ${kind}`}.` });
      return undefined;
    }
    // getNodeValue builds prototype-free objects (safe with a "__proto__" key); JSON makes them plain, keeping such keys as data.
    return JSON.parse(JSON.stringify(getNodeValue(node))) as unknown;
  };
  const schema = read('$schema', 'string', false) as string | undefined;
  const id = read('id', 'string', false) as string | undefined;
  const name = read('name', 'string', true) as string | undefined;
  const description = read('description', 'string', false) as string | undefined;
  const typeId = read('destination_type_id', 'string', true) as string | undefined;
  const editablePaths = read('editable_paths', 'array', false) as unknown[] | undefined;
  const config = read('config', 'object', true) as Record<string, unknown> | undefined;
  if (editablePaths?.some((path) => typeof path !== 'string')) {
    const node = findNodeAtLocation(root, ['editable_paths'])!;
    problems.push({ offset: node.offset, length: node.length, message: '"editable_paths" lists configuration paths as strings, e.g. ["path"].' });
  }
  if (problems.length > 0 || name === undefined || typeId === undefined || config === undefined) return { ok: false, problems };
  const profile = schema === undefined ? undefined : parseSchemaAddress(schema)?.profile;
  return {
    ok: true,
    draft: {
      ...draftIdentity(id, profile),
      body: {
        name,
        destination_type_id: typeId,
        config,
        ...(description === undefined ? {} : { description }),
        ...(editablePaths === undefined ? {} : { editable_paths: editablePaths as string[] }),
      },
    },
  };
}

function fail(offset: number, length: number, message: string): ReadResult {
  return { ok: false, problems: [{ offset, length, message }] };
}
