/**
 * `iql vault <verb>`: cloud vaults, the staging areas data is imported into (seed 002 §2.2,
 * §4.2), and their files — list, read, create in a region, rename, delete (`--yes`; `--force`
 * when in use), list the files under a path and delete a file or a prefix (`PATH/*`, up to
 * 1000 files a call: the answer says whether more remain).
 */
import { operations } from '../../../common/api/operations';
import { UsageError, type CliIo } from '../io';
import { listVerb, objectSchemaOf } from './supply-common';
import { argument, COMMON_VERB_OPTIONS, deleteWithYes, refuseWithoutYes, required, runVerbCommand, show, type Verb, type VerbContextOf } from './verb-command';

export const VAULT_USAGE = `usage: iql vault <verb> [options]
  list [--format text|json]                      your company's cloud vaults
  get VAULT [--format text|json]                 one vault
  create --name NAME --region REGION [--description TEXT]
                                                 prints the new vault's ID (REGION: AWS_EU_WEST_2, …)
  update VAULT [--name NAME] [--description TEXT]
  delete VAULT --yes [--force]                   deletes it (--force: even when in use)
  files VAULT [PATH] [--format text|json]        the files under PATH (a file or a folder; all without)
  delete-file VAULT PATH --yes                   deletes a file; PATH ending in /* deletes up to 1000
                                                 files with that prefix and says whether more remain`;

const VAULT_OPTIONS = {
  ...COMMON_VERB_OPTIONS,
  name: { type: 'string' },
  region: { type: 'string' },
  description: { type: 'string' },
  force: { type: 'boolean' },
} as const;

type VaultContext = VerbContextOf<typeof VAULT_OPTIONS>;

function vaultOf(context: VaultContext): string {
  return argument(context, 0, "the vault's ID", 'VLT.1');
}

/** The region, checked against the service's enum so a typo is a usage error listing them. */
function regionOf(value: string | undefined): string {
  const region = required(value, '--region');
  const regions = (objectSchemaOf(operations.createCloudVault.request).shape.region as unknown as { options: readonly string[] }).options.filter((known) => known !== 'UNKNOWN');
  if (!regions.includes(region)) throw new UsageError(`--region must be one of ${regions.join(', ')}, not '${region}'`);
  return region;
}

const VERBS: Readonly<Record<string, Verb<VaultContext['options']>>> = {
  list: async (context) =>
    listVerb(context, 'listCloudVaults', {}, {
      empty: 'Your company has no cloud vault.',
      header: ['ID', 'Name', 'Region', 'Created'],
      row: (item) => [item.id ?? '', item.name ?? '', item.region ?? '', item.created_date_time ?? ''],
    }),
  get: async (context) => {
    const id = vaultOf(context);
    return show(context, (call) => context.client.call('getCloudVault', { params: { cloud_vault_id: id } }, call), (value) => [
      `${value.cloud_vault?.id ?? id}  ${value.cloud_vault?.name ?? ''}  (${value.cloud_vault?.region ?? 'no region'})`,
      ...(value.cloud_vault?.description ? [value.cloud_vault.description] : []),
      ...(value.cloud_vault?.created_date_time ? [`Created: ${value.cloud_vault.created_date_time}`] : []),
    ]);
  },
  create: async (context) => {
    const { options } = context;
    const body = { name: required(options.name, '--name'), region: regionOf(options.region) as 'AWS_EU_WEST_2', ...(options.description !== undefined ? { description: options.description } : {}) };
    return show(context, (call) => context.client.call('createCloudVault', { body }, call), (value) => [value.cloud_vault?.id ?? '']);
  },
  update: async (context) => {
    const id = vaultOf(context);
    const { name, description, region } = context.options;
    if (region !== undefined) throw new UsageError("a vault's region cannot change: create a new vault");
    if (name === undefined && description === undefined) throw new UsageError('say what to change: --name or --description');
    const body = { ...(name !== undefined ? { name } : {}), ...(description !== undefined ? { description } : {}) };
    return show(context, (call) => context.client.call('updateCloudVault', { params: { cloud_vault_id: id }, body }, call), () => [`Updated ${id}.`]);
  },
  delete: async (context) => {
    const id = vaultOf(context);
    const force = context.options.force === true;
    return deleteWithYes(context, id, `deletes the vault and every file in it${force ? ', even while in use' : ''}`, (call) =>
      context.client.call('deleteCloudVault', { params: { cloud_vault_id: id }, ...(force ? { query: { force: true } } : {}) }, call),
    );
  },
  files: async (context) => {
    const id = vaultOf(context);
    const path = context.args[1] ?? '';
    return listVerb(context, 'listVaultFiles', { params: { cloud_vault_id: id, name: path } }, {
      empty: path === '' ? `${id} holds no file.` : `${id} holds no file under ${path}.`,
      header: ['Name', 'Size', 'Created'],
      row: (item) => [item.name ?? '', String(item.size ?? ''), item.created_date_time ?? ''],
    });
  },
  'delete-file': async (context) => {
    const id = vaultOf(context);
    const path = argument(context, 1, 'the path of the file (or PREFIX/* for many)', `${id} uploads/people.csv`);
    const prefix = path.endsWith('/*');
    const refused = refuseWithoutYes(context.io, context.command, context.options.yes, prefix ? `deletes up to 1000 files under ${path.slice(0, -2)}` : `deletes ${path}`);
    if (refused !== undefined) return refused;
    return show(context, (call) => context.client.call('deleteVaultFile', { params: { cloud_vault_id: id, name: path } }, call), (value) => [
      prefix ? `Deleted files under ${path.slice(0, -2)}; files_remaining: ${value.files_remaining === true}${value.files_remaining === true ? ' (run it again)' : ''}.` : `Deleted ${path}.`,
    ]);
  },
};

export async function runVaultCommand(args: readonly string[], io: CliIo): Promise<number> {
  return runVerbCommand({ name: 'vault', usage: VAULT_USAGE, options: VAULT_OPTIONS, verbs: VERBS }, args, io);
}
