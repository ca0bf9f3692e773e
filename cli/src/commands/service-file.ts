/**
 * The JSON files that describe a thing at the service (`*.iqlreport.json` for `iql report`,
 * `*.iqlauto.json` for `iql automation`): a Create request's fields, plus `$schema` (for the
 * editor) and `id` (once the thing exists), neither of them sent. A file that is not JSON,
 * misses a required field or holds one of the wrong shape is a usage error naming the file,
 * the line and column, and what to write there. `--write-id` writes the new ID back with the
 * smallest edit, keeping the rest of the file as it was.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { applyEdits, findNodeAtLocation, getNodeValue, modify, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { ZodObject, ZodRawShape } from 'zod';
import { formatFieldPath } from '../../../service/src';
import { UsageError } from '../io';
import { describeFsError } from './find-iql-files';
import { COMMON_VERB_OPTIONS } from './verb-command';

/** The largest file read: 4 MB, well over any body the service accepts. */
const MAX_FILE_BYTES = 4 * 1024 * 1024;

/** The fields of a file that are for the command line and the editor, never sent. */
const LOCAL_FIELDS = ['$schema', 'id'] as const;

/** The options of the commands on such files: `--write-id` after creating, `--wait` for the work to end. */
export const SERVICE_FILE_OPTIONS = {
  ...COMMON_VERB_OPTIONS,
  'write-id': { type: 'boolean' },
  wait: { type: 'boolean' },
} as const;

/** A field the service needs, and how to write it: `"name": "Cyclists"`. */
export interface RequiredField {
  readonly path: readonly (string | number)[];
  readonly kind: 'string' | 'array';
  readonly example: string;
}

/** What a kind of file holds: its request schema (the body sent) and the fields it needs. */
export interface ServiceFileKind {
  /** `report`, `automation`: for messages. */
  readonly noun: string;
  readonly schema: ZodObject<ZodRawShape>;
  readonly required: readonly RequiredField[];
  /** Fields a file may spell another way (the editor's files): the file's name → the body's. */
  readonly renamed?: Readonly<Record<string, string>>;
}

export interface ServiceFile {
  readonly path: string;
  readonly text: string;
  /** The fields to send: the file's, without `$schema` and `id`. */
  readonly body: Record<string, unknown>;
  /** The file's `id`, once the thing exists at the service. */
  readonly id: string | undefined;
}

/** Reads, parses and checks a file against its kind; throws UsageError at the first problem. */
export async function readServiceFile(path: string, kind: ServiceFileKind): Promise<ServiceFile> {
  const { text, root } = await parseFile(path);
  const at = (node: Node | undefined): string => position(path, text, node?.offset ?? root.offset);
  const value = getNodeValue(root) as Record<string, unknown>;
  const renamed = kind.renamed ?? {};
  const known = new Set<string>([...Object.keys(kind.schema.shape), ...Object.keys(renamed), ...LOCAL_FIELDS]);
  for (const [alias, field] of Object.entries(renamed)) {
    if (alias in value && field in value) throw new UsageError(`${at(findNodeAtLocation(root, [alias])?.parent)}: error: "${alias}" and "${field}" are the same field: keep one`);
  }
  for (const property of root.children ?? []) {
    const key = property.children?.[0];
    const name = typeof key?.value === 'string' ? key.value : '';
    if (!known.has(name)) throw new UsageError(`${at(key)}: error: unknown field "${name}": a ${kind.noun} file holds ${[...known].map((field) => `"${field}"`).join(', ')}`);
  }
  for (const field of kind.required) {
    const node = findNodeAtLocation(root, [...field.path]);
    const missing = node === undefined || (field.kind === 'string' ? typeof node.value !== 'string' || node.value.trim() === '' : node.type !== 'array' || (node.children ?? []).length === 0);
    if (missing) {
      const name = formatFieldPath(field.path);
      const problem = node === undefined ? 'is missing' : field.kind === 'string' ? 'must be a non-empty string' : 'must list at least one';
      throw new UsageError(`${at(node ?? parentOf(root, field.path))}: error: "${name}" ${problem}: write ${field.example}`);
    }
  }
  const body = Object.fromEntries(Object.entries(value).filter(([field]) => !(LOCAL_FIELDS as readonly string[]).includes(field)).map(([field, fieldValue]) => [renamed[field] ?? field, fieldValue]));
  const checked = kind.schema.safeParse(body);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const [head, ...rest] = (issue?.path ?? []).filter((part): part is string | number => typeof part !== 'symbol');
    const alias = Object.keys(renamed).find((name) => renamed[name] === head && name in value);
    const fieldPath = head === undefined ? [] : [alias ?? head, ...rest];
    throw new UsageError(`${at(findNodeAtLocation(root, fieldPath) ?? parentOf(root, fieldPath))}: error: "${formatFieldPath(fieldPath)}": ${issue?.message ?? 'unexpected shape'}`);
  }
  const id = value.id;
  if (id !== undefined && (typeof id !== 'string' || id.trim() === '')) throw new UsageError(`${at(findNodeAtLocation(root, ['id']))}: error: "id" must be the ID the service gave, a string; remove it to create a new ${kind.noun}`);
  return { path, text, body, id: typeof id === 'string' ? id : undefined };
}

/** Whether a verb's argument names a file rather than an ID: it ends in `.json`, or a file by that name exists. */
export function namesFile(argument: string): boolean {
  if (/\.json$/i.test(argument)) return true;
  try {
    return existsSync(argument) && statSync(argument).isFile();
  } catch {
    return false;
  }
}

/**
 * The ID an `ID|FILE` argument gives: the argument itself, or the `id` of the file it names
 * (`make` says how to get one when the file has none yet).
 */
export async function idFromArgument(argument: string, make: string): Promise<string> {
  if (!namesFile(argument)) return argument;
  const { text, root } = await parseFile(argument);
  const node = findNodeAtLocation(root, ['id']);
  if (node === undefined || typeof node.value !== 'string' || node.value.trim() === '') {
    throw new UsageError(`${position(argument, text, node?.offset ?? root.offset)}: error: the file has no "id" yet: ${make}`);
  }
  return node.value;
}

/** Writes `"id": ID` into the file (first after `$schema`), keeping its indentation and line ends. */
export async function writeIdToFile(file: ServiceFile, id: string): Promise<void> {
  const eol = file.text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /\n([ \t]+)"/.exec(file.text)?.[1] ?? '  ';
  const edits = modify(file.text, ['id'], id, {
    formattingOptions: { insertSpaces: !indent.startsWith('\t'), tabSize: indent.startsWith('\t') ? 1 : indent.length, eol },
    getInsertionIndex: (properties) => (properties[0] === '$schema' ? 1 : 0),
  });
  try {
    await writeFile(file.path, applyEdits(file.text, edits));
  } catch (error) {
    throw new UsageError(`cannot write the ID ${id} into ${file.path}: ${describeFsError(error)}`);
  }
}

/** The file's text and its tree; a usage error at the first syntax problem. */
async function parseFile(path: string): Promise<{ text: string; root: Node }> {
  let text: string;
  try {
    const bytes = await readFile(path);
    if (bytes.length > MAX_FILE_BYTES) throw new UsageError(`${path}: too large (the limit is 4 MB)`);
    text = bytes.toString('utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`cannot read ${path}: ${describeFsError(error)}`);
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const [first] = errors;
  if (first !== undefined) throw new UsageError(`${position(path, text, first.offset)}: error: not valid JSON: ${describeParseError(printParseErrorCode(first.error))}`);
  if (root?.type !== 'object') throw new UsageError(`${position(path, text, root?.offset ?? 0)}: error: the file must hold one JSON object, { "name": … }`);
  return { text, root };
}

/** The nearest node that exists on the way to `path` (where a missing field belongs). */
function parentOf(root: Node, path: readonly (string | number)[]): Node {
  for (let length = path.length - 1; length > 0; length -= 1) {
    const node = findNodeAtLocation(root, path.slice(0, length));
    if (node !== undefined) return node;
  }
  return root;
}

/** `file:line:column` (1-based; columns count UTF-16 units, as editors do). */
export function position(path: string, text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - (before.lastIndexOf('\n') + 1) + 1;
  return `${path}:${line}:${column}`;
}

const PARSE_ERROR_HINTS: Readonly<Record<string, string>> = {
  InvalidSymbol: 'an unexpected character',
  InvalidNumberFormat: 'a malformed number',
  PropertyNameExpected: 'a property name in double quotes was expected (no trailing comma)',
  ValueExpected: 'a value was expected (no trailing comma)',
  ColonExpected: 'a colon was expected after the property name',
  CommaExpected: 'a comma was expected between items',
  CloseBraceExpected: 'a closing } was expected',
  CloseBracketExpected: 'a closing ] was expected',
  EndOfFileExpected: 'the file must end after its one object',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'comments are not allowed in JSON',
  UnexpectedEndOfString: 'a string is not closed',
  UnexpectedEndOfNumber: 'a number is cut short',
  InvalidUnicode: 'a malformed \\u escape',
  InvalidEscapeCharacter: 'a malformed escape in a string',
  InvalidCharacter: 'a control character inside a string (write \\n or \\t)',
};

function describeParseError(code: string): string {
  return PARSE_ERROR_HINTS[code] ?? code;
}
