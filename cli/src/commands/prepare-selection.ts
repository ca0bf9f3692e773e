/**
 * The verbs of `iql prepare` that change one selection of a saved prepare config without
 * replacing it (seed 002 §4.7: its keys, categories and export columns are sub-resources):
 * list them, add some, remove those a filter matches. One table drives the three, so each
 * selection reads and is written the same way.
 */
import type { ServiceResult } from '../../../common/service-result';
import { UsageError } from '../io';
import { listVerb } from './supply-common';
import { argument, callOptions, formatOf, printAnswer, refuseWithoutYes, required, type Verb, type VerbContext } from './verb-command';

interface SelectionVerbs {
  /** `keys`, `categories`, `export-columns`: the verbs are this, `add-`this and `remove-`this. */
  readonly noun: string;
  /** What one item is, for messages. */
  readonly item: string;
  readonly example: string;
  list(context: VerbContext<SelectionOptions>, config: string): Promise<number>;
  add(context: VerbContext<SelectionOptions>, config: string, items: readonly string[]): Promise<ServiceResult<unknown>>;
  remove(context: VerbContext<SelectionOptions>, config: string, filter: string): Promise<ServiceResult<unknown>>;
}

interface SelectionOptions {
  readonly format?: string | undefined;
  readonly yes?: boolean | undefined;
  readonly filter?: string | undefined;
}

/** IDs of keys and categories go on the wire as integers (int64). */
function ids(items: readonly string[], what: string): number[] {
  return items.map((item) => {
    if (!/^\d+$/.test(item)) throw new UsageError(`'${item}' is not a ${what} ID: give the number List Global Schema Keys or Categories shows`);
    return Number(item);
  });
}

const SELECTIONS: readonly SelectionVerbs[] = [
  {
    noun: 'keys',
    item: 'key',
    example: '1',
    list: (context, config) => listVerb(context, 'listPrepareConfigKeys', { params: { config_id: config } }, { empty: 'The config selects no key.', header: ['Key ID'], row: (item) => [item] }),
    add: (context, config, items) => context.client.call('addPrepareConfigKeys', { params: { config_id: config }, body: { keys: ids(items, 'key') } }, callOptions(context.io)),
    remove: (context, config, filter) => context.client.call('deletePrepareConfigKeys', { params: { config_id: config }, query: { filter } }, callOptions(context.io)),
  },
  {
    noun: 'categories',
    item: 'category',
    example: '2',
    list: (context, config) =>
      listVerb(context, 'listPrepareConfigCategories', { params: { config_id: config } }, { empty: 'The config selects no category.', header: ['Category ID'], row: (item) => [item] }),
    add: (context, config, items) => context.client.call('addPrepareConfigCategories', { params: { config_id: config }, body: { categories: ids(items, 'category') } }, callOptions(context.io)),
    remove: (context, config, filter) => context.client.call('deletePrepareConfigCategories', { params: { config_id: config }, query: { filter } }, callOptions(context.io)),
  },
  {
    noun: 'export-columns',
    item: 'export column',
    example: 'ID',
    list: (context, config) =>
      listVerb(context, 'listPrepareConfigExportColumns', { params: { config_id: config } }, { empty: 'The config selects no export column.', header: ['Export column'], row: (item) => [item] }),
    add: (context, config, items) => context.client.call('addPrepareConfigExportColumns', { params: { config_id: config }, body: { export_columns: [...items] } }, callOptions(context.io)),
    remove: (context, config, filter) => context.client.call('deletePrepareConfigExportColumns', { params: { config_id: config }, query: { filter } }, callOptions(context.io)),
  },
];

export const SELECTION_USAGE = SELECTIONS.map((selection) =>
  [
    `  ${selection.noun} CONFIG [--format text|json]`.padEnd(49) + `the ${selection.noun.replace('-', ' ')} a saved config selects`,
    `  add-${selection.noun} CONFIG ${selection.item.toUpperCase().replace(' ', '_')}…`.padEnd(49) + `adds ${selection.noun.replace('-', ' ')} to its selection`,
    `  remove-${selection.noun} CONFIG --filter FILTER --yes`.padEnd(49) + `removes those the filter matches (e.g. "name eq Age")`,
  ].join('\n'),
).join('\n');

export const SELECTION_OPTIONS = { filter: { type: 'string' } } as const;

/** The nine verbs: NOUN, add-NOUN and remove-NOUN for each selection. */
export function selectionVerbs<O extends SelectionOptions>(): Record<string, Verb<O>> {
  const verbs: Record<string, Verb<O>> = {};
  for (const selection of SELECTIONS) {
    const configOf = (context: VerbContext<O>): string => argument(context, 0, "the prepare config's ID", `PRC.1 ${selection.example}`);
    verbs[selection.noun] = async (context) => selection.list(context, configOf(context));
    verbs[`add-${selection.noun}`] = async (context) => {
      const config = configOf(context);
      const items = context.args.slice(1);
      if (items.length === 0) argument(context, 1, `the ${selection.item}s to add`, `${config} ${selection.example}`);
      const format = formatOf(context.options.format, ['text', 'json']);
      return printAnswer(context, await selection.add(context, config, items), format, () => [`Added ${items.join(', ')} to the ${selection.noun.replace('-', ' ')} of ${config}.`]);
    };
    verbs[`remove-${selection.noun}`] = async (context) => {
      const config = configOf(context);
      const filter = required(context.options.filter, '--filter');
      const refused = refuseWithoutYes(context.io, context.command, context.options.yes, `removes the ${selection.noun.replace('-', ' ')} matching ${JSON.stringify(filter)} from ${config}`);
      if (refused !== undefined) return refused;
      const format = formatOf(context.options.format, ['text', 'json']);
      return printAnswer(context, await selection.remove(context, config, filter), format, () => [`Removed the ${selection.noun.replace('-', ' ')} matching ${filter} from ${config}.`]);
    };
  }
  return verbs;
}
