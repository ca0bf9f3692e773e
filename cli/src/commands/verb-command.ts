/**
 * The shape shared by the `iql <noun> <verb>` commands (`segment`, `destination`, `account`):
 * parse the options once, answer `--help`, refuse an unknown verb, open the service session
 * and hand each verb a context. Also the small pieces every verb needs: `--format text|json`,
 * a required argument, the `--yes` of a destructive verb, and printing an answer (the
 * service's JSON, or lines for people, or the service's own message on failure).
 */
import type { ServiceResult } from '../../../common/service-result';
import type { ServiceClient, ServiceTarget } from '../../../service/src';
import { ExitCode, UsageError, type CliIo } from '../io';
import { parseCommandLine } from '../parse-command-line';
import { openServiceSession, reportFailure } from './service-session';
import { printable } from './text-table';

type OptionsConfig = Parameters<typeof parseCommandLine>[1];

/** The options every verb command takes: `--format`, `--yes` for destructive verbs, `--help`. */
export const COMMON_VERB_OPTIONS = {
  format: { type: 'string' },
  yes: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** What each verb is given. */
export interface VerbContext<O> {
  readonly io: CliIo;
  readonly client: ServiceClient;
  readonly target: ServiceTarget;
  /** `segment list`: for messages. */
  readonly command: string;
  /** The verb's own positional arguments. */
  readonly args: readonly string[];
  readonly options: O;
}

/** The context of a verb of a command whose options are `C`. */
export type VerbContextOf<C extends OptionsConfig> = VerbContext<ReturnType<typeof parseCommandLine<C>>['values']>;

export type Verb<O> = (context: VerbContext<O>) => Promise<number>;

export interface VerbCommand<C extends OptionsConfig> {
  readonly name: string;
  readonly usage: string;
  readonly options: C;
  readonly verbs: Readonly<Record<string, Verb<ReturnType<typeof parseCommandLine<C>>['values']>>>;
}

/** Runs `iql <name> <verb> …`: help, unknown verbs (exit 2), the session, then the verb. */
export async function runVerbCommand<C extends OptionsConfig>(spec: VerbCommand<C>, args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(args, spec.options);
  const [verb, ...rest] = positionals;
  if ((values as { help?: boolean }).help === true || verb === undefined) {
    io.stdout.write(`${spec.usage}\n`);
    return verb === undefined && (values as { help?: boolean }).help !== true ? ExitCode.usage : ExitCode.ok;
  }
  const run = Object.hasOwn(spec.verbs, verb) ? spec.verbs[verb] : undefined;
  if (run === undefined) throw new UsageError(`unknown verb '${verb}': the verbs are ${Object.keys(spec.verbs).join(', ')}`);
  const command = `${spec.name} ${verb}`;
  const session = openServiceSession(io, command);
  if (!session.ok) return session.exitCode;
  return run({ io, client: session.client, target: session.target, command, args: rest, options: values });
}

/** The `--signal` part of every call: Ctrl-C stops waiting for the service. */
export function callOptions(io: CliIo): { signal?: AbortSignal } {
  return io.signal ? { signal: io.signal } : {};
}

/** `--format`, checked against `allowed` (the first is the default). */
export function formatOf<F extends string>(value: string | undefined, allowed: readonly [F, ...F[]]): F {
  const format = allowed.find((known) => known === (value ?? allowed[0]));
  if (format === undefined) throw new UsageError(`--format must be ${allowed.join(' or ')}, not '${value}'`);
  return format;
}

/** An option the verb cannot do without. */
export function required(value: string | undefined, option: string): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`${option} is required`);
  return value;
}

/** The verb's positional argument `index`, e.g. the segment ID; `example` shows how to give it. */
export function argument(context: { readonly args: readonly string[]; readonly command: string }, index: number, what: string, example: string): string {
  const value = context.args[index];
  if (value === undefined || value.trim() === '') throw new UsageError(`'${context.command}' needs ${what}, e.g. iql ${context.command} ${example}`);
  return value;
}

/**
 * A destructive verb without `--yes`: says what it would lose and returns exit 2; undefined
 * when the verb may go on.
 */
export function refuseWithoutYes(io: CliIo, command: string, yes: boolean | undefined, loss: string): number | undefined {
  if (yes === true) return undefined;
  io.stderr.write(`iql ${command}: this ${loss}. Add --yes to do it.\n`);
  return ExitCode.usage;
}

/** Writes a value as indented JSON on stdout. */
export function writeJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Writes lines from the service on stdout, each made safe for the terminal. */
export function writeLines(io: CliIo, lines: readonly string[]): void {
  for (const line of lines) io.stdout.write(`${printable(line)}\n`);
}

/**
 * Prints an answer: the service's message and exit 1/2 on failure; the answer's JSON with
 * `--format json`; else the lines `text` makes of it.
 */
export function printAnswer<T>(context: VerbContext<unknown>, answer: ServiceResult<T>, format: 'text' | 'json', text: (value: T) => readonly string[]): number {
  if (!answer.ok) return reportFailure(context.io, context.command, context.target, answer.error);
  if (format === 'json') writeJson(context.io, answer.value);
  else writeLines(context.io, text(answer.value));
  return ExitCode.ok;
}

/** A verb that reads or changes one thing: `--format`, the call, then printAnswer. */
export async function show<T>(context: VerbContext<{ readonly format?: string | undefined }>, call: (options: { signal?: AbortSignal }) => Promise<ServiceResult<T>>, text: (value: T) => readonly string[]): Promise<number> {
  const format = formatOf(context.options.format, ['text', 'json']);
  return printAnswer(context, await call(callOptions(context.io)), format, text);
}

/** A delete verb: refused without `--yes` (saying what it loses), else the call and `Deleted ID.` (or the answer's JSON). */
export async function deleteWithYes(
  context: VerbContext<{ readonly format?: string | undefined; readonly yes?: boolean | undefined }>,
  id: string,
  loss: string,
  call: (options: { signal?: AbortSignal }) => Promise<ServiceResult<unknown>>,
): Promise<number> {
  const refused = refuseWithoutYes(context.io, context.command, context.options.yes, loss);
  if (refused !== undefined) return refused;
  return show(context, call, () => [`Deleted ${id}.`]);
}

/** One line per step on stderr, about `subject`: `iql segment calculate: ATS.demo1: …`. */
export function progressOf(context: { readonly io: CliIo; readonly command: string }, subject: string): (text: string) => void {
  return (text) => context.io.stderr.write(`iql ${context.command}: ${printable(subject)}: ${text}\n`);
}

/** `STATUS_ACTIVE`, `EXPORT_STATUS_SUCCESSFUL` → `active`, `successful`. */
export function readableStatus(status: string | undefined, prefix: RegExp = /^[A-Z_]*STATUS_/): string {
  return (status ?? 'unknown').replace(prefix, '').toLowerCase();
}
