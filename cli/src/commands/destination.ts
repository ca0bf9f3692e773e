/**
 * `iql destination <verb>`: the company's destination instances and the destination types
 * (Document 2 §4.6) for scripts — the types, a type's config schema and external config, and
 * the instances' whole life: list, get, create, update, duplicate, delete (`--yes`). A config
 * is given as a file, `-` or the JSON itself; secrets in answers are the service's marker.
 */
import type { DestinationInstance } from '../../../common/api';
import { collectAllPages, createDestinationInstance, deleteDestinationInstance, duplicateDestinationInstance, getDestinationInstance, getDestinationTypeExternalConfig, getDestinationTypeSchema, listDestinationTypes, updateDestinationInstance } from '../../../service/src';
import { UsageError, type CliIo } from '../io';
import type { parseCommandLine } from '../parse-command-line';
import { readJsonObjectArgument } from './json-argument';
import { formatTextTable } from './text-table';
import { argument, callOptions, COMMON_VERB_OPTIONS, deleteWithYes, formatOf, printAnswer, required, runVerbCommand, show, type Verb, type VerbContext } from './verb-command';

export const DESTINATION_USAGE = `usage: iql destination <verb> [options]
  types [--format text|json]                     the destination types
  type-schema TYPE                               the JSON Schema a TYPE's --config follows
  external-config TYPE                           what the TYPE needs set up outside the service
  list [--format text|json]                      your company's destinations
  get DESTINATION [--format text|json]           one destination and its config (secrets hidden)
  create --type TYPE --name NAME --config FILE|-|JSON [--description TEXT] [--editable-path PATH]...
                                                 prints the new destination's ID
  update DESTINATION [--name NAME] [--description TEXT] [--config FILE|-|JSON] [--editable-path PATH]...
                                                 a --config replaces the whole config
  duplicate DESTINATION                          a copy (secrets kept); prints its ID
  delete DESTINATION --yes                       deletes it; exports to it stop working
Attach one to a collaboration with 'iql collaboration add-destination'.`;

const DESTINATION_OPTIONS = {
  ...COMMON_VERB_OPTIONS,
  type: { type: 'string' },
  name: { type: 'string' },
  description: { type: 'string' },
  config: { type: 'string' },
  'editable-path': { type: 'string', multiple: true },
} as const;

type DestinationContext = VerbContext<ReturnType<typeof parseCommandLine<typeof DESTINATION_OPTIONS>>['values']>;

const EXAMPLE_ID = 'DST.retail-sftp';

function destinationOf(context: DestinationContext): string {
  return argument(context, 0, "the destination's ID", EXAMPLE_ID);
}

function typeOf(context: DestinationContext): string {
  return argument(context, 0, 'the destination type', 'sftp');
}

/** The body fields the options give (create and update). */
async function fieldsOf(context: DestinationContext): Promise<{ name?: string; description?: string; config?: Record<string, unknown>; editable_paths?: string[] }> {
  const { options } = context;
  return {
    ...(options.name !== undefined ? { name: options.name } : {}),
    ...(options.description !== undefined ? { description: options.description } : {}),
    ...(options.config !== undefined ? { config: await readJsonObjectArgument(options.config, '--config', context.io) } : {}),
    ...(options['editable-path'] !== undefined ? { editable_paths: options['editable-path'] } : {}),
  };
}

const VERBS: Readonly<Record<string, Verb<DestinationContext['options']>>> = {
  types: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const answer = await listDestinationTypes(context.client, callOptions(context.io));
    return printAnswer(context, answer, format, (value) => formatTextTable(['Type', 'Name'], value.destination_types.map((type) => [type.id, type.name ?? ''])));
  },
  'type-schema': async (context) => printAnswer(context, await getDestinationTypeSchema(context.client, typeOf(context), callOptions(context.io)), 'json', () => []),
  'external-config': async (context) => printAnswer(context, await getDestinationTypeExternalConfig(context.client, typeOf(context), callOptions(context.io)), 'json', () => []),
  list: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const listed = await collectAllPages(context.client, 'listDestinationInstances', {}, callOptions(context.io));
    return printAnswer(context, listed, format, (items) =>
      items.length === 0
        ? ['Your company has no destination.']
        : formatTextTable(['ID', 'Name', 'Type', 'Owner', 'Created'], items.map((item) => [item.id, item.name ?? '', item.destination_type_id ?? '', item.owner_id ?? '', item.created_time ?? ''])),
    );
  },
  get: async (context) => show(context, (call) => getDestinationInstance(context.client, destinationOf(context), call), (value) => describeDestination(value.destination)),
  create: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const type = required(context.options.type, '--type');
    required(context.options.name, '--name');
    required(context.options.config, '--config');
    const created = await createDestinationInstance(context.client, { destination_type_id: type, ...(await fieldsOf(context)) }, callOptions(context.io));
    return printAnswer(context, created, format, (value) => [value.destination_id]);
  },
  update: async (context) => {
    const format = formatOf(context.options.format, ['text', 'json']);
    const id = destinationOf(context);
    if (context.options.type !== undefined) throw new UsageError("a destination's type cannot change: create a new one with --type");
    const fields = await fieldsOf(context);
    if (Object.keys(fields).length === 0) throw new UsageError('say what to change: --name, --description, --config or --editable-path');
    const updated = await updateDestinationInstance(context.client, id, fields, callOptions(context.io));
    return printAnswer(context, updated, format, (value) => [`Updated ${value.destination.id}.`]);
  },
  duplicate: async (context) => show(context, (call) => duplicateDestinationInstance(context.client, destinationOf(context), call), (value) => [value.destination_id ?? '']),
  delete: async (context) => {
    const id = destinationOf(context);
    return deleteWithYes(context, id, 'deletes the destination: collaborations lose it and exports to it stop working', (call) => deleteDestinationInstance(context.client, id, call));
  },
};

function describeDestination(destination: DestinationInstance): string[] {
  return [
    `${destination.id}  ${destination.name ?? ''}  (${destination.destination_type_id ?? 'unknown type'})`,
    ...(destination.description ? [destination.description] : []),
    ...(destination.owner_id ? [`Owner: ${destination.owner_id}`] : []),
    ...Object.entries(destination.config ?? {}).map(([key, value]) => `Config: ${key} = ${JSON.stringify(value)}`),
    ...(destination.editable_paths && destination.editable_paths.length > 0 ? [`Editable at export: ${destination.editable_paths.join(', ')}`] : []),
  ];
}

export async function runDestinationCommand(args: readonly string[], io: CliIo): Promise<number> {
  return runVerbCommand({ name: 'destination', usage: DESTINATION_USAGE, options: DESTINATION_OPTIONS, verbs: VERBS }, args, io);
}
