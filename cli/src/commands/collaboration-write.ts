/**
 * The changing verbs of `iql collaboration`: `create`, `add-dataset`, `remove-dataset`,
 * `add-destination`, `remove-destination`, `close` and `leave`. Those that lose something
 * (`remove-dataset`, `remove-destination`, `close`, `leave`) need
 * `--yes`: a script says so on purpose, a typo does not close a collaboration.
 */
import type { MemberRights } from '../../../common/api';
import { ExitCode, UsageError } from '../io';
import type { CollaborationContext } from './collaboration-context';
import { collaborationIdOf } from './collaboration-read';
import { reportFailure } from './service-session';
import { required } from './verb-command';
import { addActivationDataset, addCollaborationDestination, addInsightDataset, closeCollaboration, createCollaboration, leaveCollaboration, removeCollaborationDataset, removeCollaborationDestination } from '../../../service/src';

const RIGHTS = ['operator', 'contributor', 'detailed_logs'] as const;

/** What each destructive verb loses, for the refusal without `--yes`. */
const LOSSES: Readonly<Record<string, string>> = {
  'remove-dataset': 'removes the dataset from the collaboration: queries and segments that use it stop working',
  'remove-destination': 'removes the destination from the collaboration: segments can no longer be exported to it',
  close: 'closes the collaboration for good: no query, change or export is accepted afterwards',
  leave: 'leaves the collaboration: your company loses it, its log, and the datasets and destinations it added',
};

export async function runCollaborationWrite(context: CollaborationContext): Promise<number> {
  const loss = LOSSES[context.verb];
  if (loss !== undefined && context.options.yes !== true) {
    context.io.stderr.write(`iql collaboration ${context.verb}: this ${loss}. Add --yes to do it.\n`);
    return ExitCode.usage;
  }
  const done = await change(context);
  if (!done.ok) return reportFailure(context.io, `collaboration ${context.verb}`, context.target, done.error);
  context.io.stdout.write(`${done.value}\n`);
  return ExitCode.ok;
}

type Outcome = { readonly ok: true; readonly value: string } | { readonly ok: false; readonly error: Parameters<typeof reportFailure>[3] };

async function change(context: CollaborationContext): Promise<Outcome> {
  const { client, options } = context;
  const call = context.io.signal ? { signal: context.io.signal } : {};
  if (context.verb === 'create') {
    const name = required(options.name, '--name');
    const created = await createCollaboration(client, 
      {
        name,
        ...(options.description !== undefined ? { description: options.description } : {}),
        creator_rights: { operator: true, contributor: true, detailed_logs: true },
        collaborators: (options.member ?? []).map(parseMember),
      },
      call,
    );
    return created.ok ? { ok: true, value: created.value.collaboration_id ?? '' } : created;
  }
  const id = collaborationIdOf(context);
  switch (context.verb) {
    case 'add-dataset': {
      const body = {
        collaboration_dataset_name: required(options.name, '--name'),
        dataset_id: required(options.dataset, '--dataset'),
        ...(options['intersection-only'] ? { intersection_only: true } : {}),
      };
      const kind = options.kind ?? 'insight';
      const added =
        kind === 'activation'
          ? await addActivationDataset(client, id, { ...body, exportable_to_members: options['exportable-to'] ?? [] }, call)
          : kind === 'insight'
            ? await addInsightDataset(client, 
                id,
                {
                  ...body,
                  ...(options['activation-allowed'] ? { activation_allowed: true } : {}),
                  ...(options['allowed-attribute'] ? { attribute_restriction: true, allowed_attributes: options['allowed-attribute'] } : {}),
                },
                call,
              )
            : invalidKind(kind);
      return added.ok ? { ok: true, value: `Added ${body.collaboration_dataset_name} to ${id}.` } : added;
    }
    case 'remove-dataset': {
      const name = context.args[1];
      if (name === undefined) throw new UsageError("'remove-dataset' needs the collaboration's ID and the dataset's collaboration name");
      const removed = await removeCollaborationDataset(client, id, name, call);
      return removed.ok ? { ok: true, value: `Removed ${name} from ${id}.` } : removed;
    }
    case 'add-destination': {
      const destination = destinationArgument(context);
      const added = await addCollaborationDestination(client, id, { destination_id: destination }, call);
      return added.ok ? { ok: true, value: `Added destination ${destination} to ${id}.` } : added;
    }
    case 'remove-destination': {
      const destination = destinationArgument(context);
      const removed = await removeCollaborationDestination(client, id, destination, call);
      return removed.ok ? { ok: true, value: `Removed destination ${destination} from ${id}.` } : removed;
    }
    case 'close': {
      const closed = await closeCollaboration(client, id, call);
      return closed.ok ? { ok: true, value: `Closed ${id}.` } : closed;
    }
    default: {
      const left = await leaveCollaboration(client, id, call);
      return left.ok ? { ok: true, value: `Left ${id}.` } : left;
    }
  }
}

function destinationArgument(context: CollaborationContext): string {
  const destination = context.args[1];
  if (destination === undefined) throw new UsageError(`'${context.verb}' needs the collaboration's ID and the destination's ID, e.g. iql collaboration ${context.verb} CLB.demo DST.retail-sftp`);
  return destination;
}

function invalidKind(kind: string): never {
  throw new UsageError(`--kind must be insight or activation, not '${kind}'`);
}

/** `CMP.b` or `CMP.b:operator,detailed_logs`: a company and the rights it gets. */
function parseMember(text: string): { company_id: string; rights: MemberRights } {
  const [company, rightsText] = text.split(':', 2);
  if (!company) throw new UsageError(`--member needs a company ID, e.g. --member CMP.b:operator`);
  const granted = rightsText === undefined || rightsText === '' ? [] : rightsText.split(',');
  const unknown = granted.filter((right) => !(RIGHTS as readonly string[]).includes(right));
  if (unknown.length > 0) throw new UsageError(`unknown right '${unknown[0]}' in --member ${text}: the rights are ${RIGHTS.join(', ')}`);
  return { company_id: company, rights: Object.fromEntries(RIGHTS.map((right) => [right, granted.includes(right)])) as MemberRights };
}
