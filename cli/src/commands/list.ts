/**
 * `iql list <what>`: the account's API 1.0 listings for scripts — the permissions it gave and
 * received, the connections between its datasets, and its activations — as a table for
 * people or the service's JSON (`--format json`).
 */
import type { ActivationSummary, Connection, Permission } from '../../../common/api';
import type { ServiceResult } from '../../../common/service-result';
import type { CallOptions, ServiceClient } from '../../../service/src';
import { ExitCode, UsageError, type CliIo } from '../io';
import { parseCommandLine } from '../parse-command-line';
import { openServiceSession, reportFailure } from './service-session';
import { formatTextTable, printable } from './text-table';
import { listActivations, listConnections, listPermissions } from '../../../service/src';

export const LIST_USAGE = 'usage: iql list permissions|connections|activations [--format text|json]';

/** One listing: the items as the service gave them (for JSON) and as table rows. */
interface Listed {
  readonly items: readonly unknown[];
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
  readonly empty: string;
}

type Lister = (client: ServiceClient, options: CallOptions) => Promise<ServiceResult<Listed>>;

const LISTERS: Readonly<Record<string, Lister>> = {
  permissions: async (client, options) =>
    mapListed(await listPermissions(client, undefined, options), (answer) => answer.permissions, 'No permission given or received.', ['Dataset', 'Name', 'Owner', 'Recipient', 'Accepted'], (permission: Permission) => [
      permission.private_id ?? '',
      permission.dataset_public_name ?? '',
      permission.owner?.display_name ?? '',
      permission.recipient?.display_name ?? '',
      permission.accepted ? 'yes' : 'no',
    ]),
  connections: async (client, options) =>
    mapListed(await listConnections(client, undefined, options), (answer) => answer.connections, 'No connection between datasets this key can see.', ['From', 'To', 'Keys', 'Selected key'], (connection: Connection) => [
      connection.from_dataset_private_id ?? '',
      connection.to_dataset_private_id ?? '',
      String(connection.keys.length),
      connection.selected_key_name ?? '',
    ]),
  activations: async (client, options) =>
    mapListed(await listActivations(client, undefined, options), (answer) => answer.activations, 'No activation yet.', ['Activation', 'Campaign', 'Status', 'Rows', 'Submitted'], (activation: ActivationSummary) => [
      activation.activation_id ?? '',
      activation.campaign_name ?? '',
      activation.status ?? '',
      activation.total_rows === undefined ? '' : String(activation.total_rows),
      activation.submitted_at ?? '',
    ]),
};

function mapListed<A, T>(answer: ServiceResult<A>, itemsOf: (answer: A) => readonly T[], empty: string, header: readonly string[], row: (item: T) => readonly string[]): ServiceResult<Listed> {
  if (!answer.ok) return answer;
  const items = itemsOf(answer.value);
  return { ok: true, value: { items, header, rows: items.map((item) => row(item).map(printable)), empty } };
}

export async function runListCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(args, { format: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (values.help) {
    io.stdout.write(`${LIST_USAGE}\n`);
    return ExitCode.ok;
  }
  const what = positionals[0];
  if (what === undefined || !Object.hasOwn(LISTERS, what)) throw new UsageError(what === undefined ? 'say what to list' : `cannot list '${what}'`);
  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not '${format}'`);
  const session = openServiceSession(io, `list ${what}`);
  if (!session.ok) return session.exitCode;
  const listed = await LISTERS[what](session.client, io.signal ? { signal: io.signal } : {});
  if (!listed.ok) return reportFailure(io, `list ${what}`, session.target, listed.error);
  const { items, header, rows, empty } = listed.value;
  if (format === 'json') io.stdout.write(`${JSON.stringify(items, null, 2)}\n`);
  else if (rows.length === 0) io.stdout.write(`${empty}\n`);
  else for (const line of formatTextTable(header, rows)) io.stdout.write(`${line}\n`);
  return ExitCode.ok;
}
