/**
 * `iql account <verb>`: what Document 2 §4.1 offers an account beyond collaborations — the
 * display names of users (as the IDs in collaborations, segments and logs name them), the PAIR
 * match rate of two datasets, PAIR activation queries and private paths. Named `account`
 * because every verb acts as the key's account on its own datasets and the users it deals with,
 * in no collaboration (a private path is not listed among the collaborations).
 */
import { UsageError, type CliIo } from '../io';
import type { parseCommandLine } from '../parse-command-line';
import { formatTextTable } from './text-table';
import { argument, COMMON_VERB_OPTIONS, required, runVerbCommand, show, type Verb, type VerbContext } from './verb-command';
import { calculateMatchRate, createPairQuery, createPrivatePath, getPrivatePath, listDisplayNames } from '../../../service/src';

export const ACCOUNT_USAGE = `usage: iql account <verb> [options] [--format text|json]
  display-names USER_ID...                       users' display names and companies
  match-rate --advertiser DATASET_ID --publisher DATASET_ID
                                                 the share of the advertiser's records the publisher's match (PAIR)
  pair-query create --dataset DATASET_ID --collaborator-dataset DATASET_ID --column NAME
        [--column-type PAIR_COLUMN_TYPE_EMAIL] [--name NAME]
                                                 queues a PAIR activation; prints its ID ('iql list activations')
  private-path create DATASET_ID...              a private path over these datasets; prints its ID
  private-path get ID                            its datasets and when each was used`;

const ACCOUNT_OPTIONS = {
  ...COMMON_VERB_OPTIONS,
  advertiser: { type: 'string' },
  publisher: { type: 'string' },
  dataset: { type: 'string' },
  'collaborator-dataset': { type: 'string' },
  column: { type: 'string' },
  'column-type': { type: 'string' },
  name: { type: 'string' },
} as const;

type AccountContext = VerbContext<ReturnType<typeof parseCommandLine<typeof ACCOUNT_OPTIONS>>['values']>;

/** The second word of a two-word verb (`private-path create`), checked against `allowed`. */
function action(context: AccountContext, allowed: readonly string[]): string {
  const word = context.args[0];
  if (word === undefined || !allowed.includes(word)) throw new UsageError(`'${context.command}' takes ${allowed.join(' or ')}, e.g. iql ${context.command} ${allowed[0]} …`);
  return word;
}

const VERBS: Readonly<Record<string, Verb<AccountContext['options']>>> = {
  'display-names': async (context) => {
    argument(context, 0, 'user IDs', 'USR.ana USR.ben');
    return show(context, (call) => listDisplayNames(context.client, context.args, { perPage: 500 }, call), ({ users = [] }) =>
      users.length === 0 ? ['None of these users is known to your account.'] : formatTextTable(['User', 'Name', 'Company', 'Company name'], users.map((user) => [user.user_id ?? '', user.user_display_name ?? '', user.company_id ?? '', user.company_name ?? ''])),
    );
  },
  'match-rate': async (context) => {
    const body = { advertiser_dataset_id: required(context.options.advertiser, '--advertiser'), publisher_dataset_id: required(context.options.publisher, '--publisher') };
    return show(context, (call) => calculateMatchRate(context.client, body, call), (value) => [`Match rate: ${String(value.match_rate_percentage ?? 0)}%`]);
  },
  'pair-query': async (context) => {
    action(context, ['create']);
    const columnType = context.options['column-type'] ?? 'PAIR_COLUMN_TYPE_EMAIL';
    if (columnType !== 'PAIR_COLUMN_TYPE_EMAIL' && columnType !== 'PAIR_COLUMN_TYPE_INVALID') throw new UsageError(`--column-type must be PAIR_COLUMN_TYPE_EMAIL, not '${columnType}'`);
    const body = {
      dataset_id: required(context.options.dataset, '--dataset'),
      collaborator_dataset_id: required(context.options['collaborator-dataset'], '--collaborator-dataset'),
      column_identifier: { column_name: required(context.options.column, '--column'), column_type: columnType },
      ...(context.options.name !== undefined ? { query_name: context.options.name } : {}),
    } as const;
    return show(context, (call) => createPairQuery(context.client, body, call), (value) => [value.query_id ?? '']);
  },
  'private-path': async (context) => {
    if (action(context, ['create', 'get']) === 'create') {
      const datasets = context.args.slice(1);
      if (datasets.length === 0) throw new UsageError("'account private-path create' needs the dataset IDs, e.g. iql account private-path create DATASET_ID DATASET_ID");
      return show(context, (call) => createPrivatePath(context.client, { dataset_ids: datasets }, call), (value) => [value.collaboration_id ?? '']);
    }
    const id = argument({ ...context, args: context.args.slice(1), command: 'account private-path get' }, 0, "the private path's ID", 'CLB.…');
    return show(context, (call) => getPrivatePath(context.client, id, call), ({ private_path_datasets: datasets = [] }) =>
      formatTextTable(['Dataset', 'Used'], datasets.map((dataset) => [dataset.dataset_id ?? '', dataset.use_time ?? ''])),
    );
  },
};

export async function runAccountCommand(args: readonly string[], io: CliIo): Promise<number> {
  return runVerbCommand({ name: 'account', usage: ACCOUNT_USAGE, options: ACCOUNT_OPTIONS, verbs: VERBS }, args, io);
}
