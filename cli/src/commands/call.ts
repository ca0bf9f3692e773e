/**
 * `iql call <operation>`: the escape hatch for scripts — any operation of the table, by its
 * table id or swagger operationId, with path and query parameters and a JSON body checked
 * against the operation's request schema before anything is sent. Prints the answer as JSON
 * (CSV answers as they come). Destructive operations (DELETE, close, leave) need `--yes`.
 */
import type { ZodType } from 'zod';
import type { OperationId } from '../../../common/api/operations';
import { formatFieldPath, type WireQuery } from '../../../service/src';
import { ExitCode, UsageError, type CliIo } from '../io';
import { parseCommandLine } from '../parse-command-line';
import { readJsonArgument } from './json-argument';
import { findOperation, isDestructive, knownOperations, pathParameters, type KnownOperation } from './operation-lookup';
import { openServiceSession, reportFailure } from './service-session';
import { formatTextTable } from './text-table';
import { COMMON_VERB_OPTIONS, formatOf, refuseWithoutYes, writeJson } from './verb-command';

export const CALL_USAGE = `usage: iql call OPERATION [--path NAME=VALUE]... [--query NAME=VALUE]... [--body FILE|-|JSON] [--yes] [--format json]
       iql call --list [--format text|json]     every operation: id, method, path (deprecated ones marked)
OPERATION is a table id (getCollaboration) or a swagger operationId (GetCollaboration), in any case.`;

const CALL_OPTIONS = {
  ...COMMON_VERB_OPTIONS,
  path: { type: 'string', multiple: true },
  query: { type: 'string', multiple: true },
  body: { type: 'string' },
  list: { type: 'boolean' },
} as const;

export async function runCallCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(args, CALL_OPTIONS);
  if (values.help === true) {
    io.stdout.write(`${CALL_USAGE}\n`);
    return ExitCode.ok;
  }
  if (values.list === true) return listOperations(io, formatOf(values.format, ['text', 'json']));
  formatOf(values.format, ['json']);
  const [name, ...extra] = positionals;
  if (name === undefined) throw new UsageError("name the operation, e.g. iql call getCollaboration --path collaboration_id=CLB.demo ('iql call --list' lists them)");
  if (extra.length > 0) throw new UsageError(`one operation at a time; give parameters with --path and --query, not '${extra[0]}'`);
  const operation = chosen(name);
  const { definition } = operation;
  const params = pairs(values.path ?? [], '--path');
  const expected = pathParameters(definition.path);
  const missing = expected.filter((parameter) => !Object.hasOwn(params, parameter));
  const unknown = Object.keys(params).filter((parameter) => !expected.includes(parameter));
  if (unknown.length > 0) throw new UsageError(`${operation.id} has no path parameter '${unknown[0]}'${expected.length > 0 ? `: its path parameters are ${expected.join(', ')}` : ''}`);
  if (missing.length > 0) throw new UsageError(`${operation.id} needs ${missing.map((parameter) => `--path ${parameter}=…`).join(' ')} (${definition.method} ${definition.path})`);
  const body = await bodyOf(operation, values.body, io);
  const command = `call ${operation.id}`;
  if (isDestructive(definition)) {
    const refused = refuseWithoutYes(io, command, values.yes, `is ${definition.method} ${definition.path} (${definition.title}), which cannot be undone`);
    if (refused !== undefined) return refused;
  }
  if (operation.deprecated) io.stderr.write(`iql ${command}: ${definition.title} is deprecated by the service.\n`);
  const session = openServiceSession(io, command);
  if (!session.ok) return session.exitCode;
  const query = queryOf(values.query ?? []);
  const answer = await session.client.call(operation.id as OperationId, { params, body, query } as never, io.signal ? { signal: io.signal } : {});
  if (!answer.ok) return reportFailure(io, command, session.target, answer.error);
  if (definition.answerFormat === 'csv' && typeof answer.value === 'string') io.stdout.write(answer.value);
  else writeJson(io, answer.value);
  return ExitCode.ok;
}

function chosen(name: string): KnownOperation {
  const lookup = findOperation(name);
  if ('found' in lookup) return lookup.found;
  const names = lookup.candidates.map((candidate) => candidate.id);
  if (lookup.candidates.length > 1 && lookup.candidates.every((candidate) => candidate.operationId?.toLowerCase() === name.toLowerCase())) {
    throw new UsageError(`'${name}' is the operationId of ${names.length} operations (one per API version): call it by its table id, ${names.join(' or ')}`);
  }
  throw new UsageError(`unknown operation '${name}'${names.length > 0 ? `; did you mean ${names.join(', ')}?` : ''} ('iql call --list' lists them)`);
}

function listOperations(io: CliIo, format: 'text' | 'json'): number {
  const all = knownOperations();
  if (format === 'json') {
    writeJson(io, all.map(({ id, definition, operationId, deprecated }) => ({ id, operationId: operationId ?? null, method: definition.method, path: definition.path, title: definition.title, deprecated, destructive: isDestructive(definition) })));
    return ExitCode.ok;
  }
  const rows = all.map(({ id, definition, operationId, deprecated }) => [id, operationId ?? '', definition.method, definition.path, deprecated ? 'deprecated' : '']);
  for (const line of formatTextTable(['Operation', 'Swagger operationId', 'Method', 'Path', ''], rows)) io.stdout.write(`${line}\n`);
  return ExitCode.ok;
}

/** `name=value` options as an object; the name must be non-empty. */
function pairs(items: readonly string[], option: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const item of items) {
    const at = item.indexOf('=');
    if (at <= 0) throw new UsageError(`${option} takes NAME=VALUE, not '${item}'`);
    result[item.slice(0, at)] = item.slice(at + 1);
  }
  return result;
}

/** Query parameters; a name given twice becomes a repeated parameter. */
function queryOf(items: readonly string[]): WireQuery {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of items.map((item) => Object.entries(pairs([item], '--query'))[0] ?? ['', ''])) {
    const before = query[name];
    query[name] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value];
  }
  return query;
}

/**
 * The body to send, checked against the operation's request schema: `--body`, or `{}` when the
 * operation takes one and none is given (so a missing required field is named here, not by the
 * service). Refuses a body for an operation that sends none.
 */
async function bodyOf(operation: KnownOperation, option: string | undefined, io: CliIo): Promise<unknown> {
  const schema: ZodType | undefined = operation.definition.request;
  if (schema === undefined) {
    if (option !== undefined) throw new UsageError(`${operation.id} sends no body: drop --body`);
    return undefined;
  }
  const body = option === undefined ? {} : await readJsonArgument(option, '--body', io);
  const checked = schema.safeParse(body);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new UsageError(`--body does not fit ${operation.definition.title}: ${formatFieldPath(issue?.path ?? [])}: ${issue?.message ?? 'unexpected shape'}`);
  }
  return body;
}
