/**
 * What the data-supply commands (`vault`, `import`, `recordset`, `normalization`, `prepare`,
 * `dataset`; seed 002) share: the object schema of a config file taken from the operation
 * table's lazy schema when a verb first needs it (the CLI's start never evaluates the supply
 * schemas), starting an execution and following it with `--wait` (one progress line per read
 * on stderr; a FAILED execution exits 1 with the service's error), and output that hides the
 * secrets a connector file's environment variables supplied.
 */
import { Writable } from 'node:stream';
import type { ZodObject, ZodRawShape, ZodType } from 'zod';
import { REDACTED } from '../../../common/redact';
import type { PagedItem, PagedOperationId } from '../../../common/api/operations';
import type { CallInput } from '../../../common/service-call';
import type { ServiceResult } from '../../../common/service-result';
import { collectAllPages, followSupplyExecution, readExecution, type SupplyExecutionKind, type SupplyExecutionState } from '../../../service/src';
import { ExitCode, type CliIo } from '../io';
import { writeIdToFile, type ServiceFile } from './service-file';
import { formatTextTable } from './text-table';
import { callOptions, formatOf, printAnswer, progressOf, readableStatus, type VerbContext } from './verb-command';

/**
 * The object a lazy (or optional) schema of the operation table stands for, or the object at
 * `field` inside it (`config` of Create Import Connector). Evaluates the supply schemas.
 */
export function objectSchemaOf(schema: ZodType, field?: string): ZodObject<ZodRawShape> {
  let inner = schema as ZodType & { readonly def: { readonly type: string }; unwrap?: () => ZodType };
  // Lazy and optional wrappers both answer unwrap(); checked by name, as the CLI takes no zod values.
  while ((inner.def.type === 'lazy' || inner.def.type === 'optional') && inner.unwrap) inner = inner.unwrap() as typeof inner;
  if (inner.def.type !== 'object') throw new Error(`a data-supply request schema is a ${inner.def.type}, not an object`);
  const object = inner as unknown as ZodObject<ZodRawShape>;
  return field === undefined ? object : objectSchemaOf(object.shape[field] as ZodType);
}

type FormatContext = VerbContext<{ readonly format?: string | undefined; readonly wait?: boolean | undefined }>;

/**
 * The answer of a verb that starts an execution (`{execution_id}`): its ID printed, or with
 * `--wait` the execution followed to its end.
 */
export async function startedExecution(context: FormatContext, kind: SupplyExecutionKind, started: ServiceResult<{ readonly execution_id?: string | undefined }>): Promise<number> {
  const format = formatOf(context.options.format, ['text', 'json']);
  const id = started.ok ? started.value.execution_id : undefined;
  if (context.options.wait !== true || id === undefined) return printAnswer(context, started, format, () => [id ?? '']);
  return followExecution(context, kind, id);
}

/**
 * Follows an execution to its end: one line per read on stderr, then the final state (its
 * status, what it made, its history with `--format json`). FAILED or CANCELED: exit 1 with the
 * service's error.
 */
export async function followExecution(context: FormatContext, kind: SupplyExecutionKind, id: string): Promise<number> {
  const format = formatOf(context.options.format, ['text', 'json']);
  const say = progressOf(context, id);
  const final = await followSupplyExecution(context.client, kind, id, {
    ...callOptions(context.io),
    onState: (state) => say(`${readableStatus(state.status)} ${Math.round(state.completionPercentage)}%`),
  });
  const code = printAnswer(context, final, format, describeState);
  if (code !== ExitCode.ok || !final.ok || final.value.status === 'COMPLETED') return code;
  context.io.stderr.write(`iql ${context.command}: ${id} did not complete: ${final.value.error ?? readableStatus(final.value.status)}\n`);
  return ExitCode.findings;
}

/** `execution ID`: one read of it in the common shape, or with `--wait` followed to its end. */
export async function showExecution(context: FormatContext, kind: SupplyExecutionKind, id: string): Promise<number> {
  if (context.options.wait === true) return followExecution(context, kind, id);
  const format = formatOf(context.options.format, ['text', 'json']);
  return printAnswer(context, await readExecution(context.client, kind, id, { signal: context.io.signal }), format, describeState);
}

/** An execution state as lines: `EXE.1: completed (made RS.2)` and its history. */
export function describeState(state: SupplyExecutionState): string[] {
  return [
    `${state.id}: ${readableStatus(state.status)} ${Math.round(state.completionPercentage)}%${state.resultId && state.status === 'COMPLETED' ? ` (${state.kind === 'prepare' || state.kind === 'publish' ? 'dataset' : 'recordset'} ${state.resultId})` : ''}`,
    ...(state.history.length === 0 ? [] : formatTextTable(['At', 'Status', 'Message'], state.history.map((entry) => [entry.at, readableStatus(entry.status), entry.error ?? entry.message]))),
  ];
}

/** The same streams, with every one of `secrets` replaced by `[redacted]` on the way out. */
export function redactingIo(io: CliIo, secrets: readonly string[]): CliIo {
  const hidden = secrets.filter((secret) => secret.length > 0).sort((a, b) => b.length - a.length);
  if (hidden.length === 0) return io;
  const redacting = (target: NodeJS.WritableStream): Writable =>
    new Writable({
      write(chunk: Buffer | string, _encoding, done): void {
        let text = chunk.toString();
        for (const secret of hidden) text = text.split(secret).join(REDACTED).split(JSON.stringify(secret).slice(1, -1)).join(REDACTED);
        target.write(text);
        done();
      },
    });
  return { ...io, stdout: redacting(io.stdout), stderr: redacting(io.stderr) };
}

type SaveContext = VerbContext<{ readonly format?: string | undefined; readonly 'write-id'?: boolean | undefined }>;

/**
 * `save FILE`: a file with an `id` updates that thing; else it is created, its ID printed and,
 * with `--write-id`, written into the file so the next save updates it.
 */
export async function saveServiceFile<T>(
  context: SaveContext,
  file: ServiceFile,
  calls: {
    readonly create: (options: { signal?: AbortSignal }) => Promise<ServiceResult<T>>;
    readonly createdId: (value: T) => string | undefined;
    readonly update: (id: string, options: { signal?: AbortSignal }) => Promise<ServiceResult<unknown>>;
  },
): Promise<number> {
  const format = formatOf(context.options.format, ['text', 'json']);
  if (file.id !== undefined) {
    const id = file.id;
    return printAnswer(context, await calls.update(id, callOptions(context.io)), format, () => [`Updated ${id}.`]);
  }
  const created = await calls.create(callOptions(context.io));
  const id = created.ok ? calls.createdId(created.value) : undefined;
  if (id !== undefined && context.options['write-id'] === true) await writeIdToFile(file, id);
  return printAnswer(context, created, format, () => [id ?? '']);
}

/** A config read from the service as `field: value` lines (objects and lists as compact JSON). */
export function fieldLines(object: object | undefined): string[] {
  return Object.entries(object ?? {}).map(([field, value]) => `${field}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
}

/**
 * A list verb: every page of `operation` (the items `keep` keeps), as the service's JSON or
 * a table with one row per item, or `empty` when there is none.
 */
export async function listVerb<K extends PagedOperationId>(
  context: VerbContext<{ readonly format?: string | undefined }>,
  operation: K,
  input: Omit<CallInput<K>, 'query'>,
  table: { readonly empty: string; readonly header: readonly string[]; readonly row: (item: PagedItem<K>) => string[]; readonly keep?: (item: PagedItem<K>) => boolean },
): Promise<number> {
  const format = formatOf(context.options.format, ['text', 'json']);
  const listed = await collectAllPages(context.client, operation, input, callOptions(context.io));
  const kept = listed.ok && table.keep ? { ok: true as const, value: listed.value.filter(table.keep) } : listed;
  return printAnswer(context, kept, format, (items) => (items.length === 0 ? [table.empty] : formatTextTable(table.header, items.map(table.row))));
}

/** `42%` of an execution's progress. */
export function percent(progress: { readonly completion_percentage?: number | undefined } | undefined): string {
  return `${Math.round(progress?.completion_percentage ?? 0)}%`;
}
