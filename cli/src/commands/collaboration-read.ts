/**
 * The reading verbs of `iql collaboration`: `list`, `get` and `events`. Names and messages come
 * from the service, so they are printed through `printable` (no control characters reach the
 * terminal).
 */
import type { Collaboration, CollaborationSummary } from '../../../common/api';
import { collectAllPages, exportCollaborationEvents, getCollaboration } from '../../../service/src';
import { ExitCode, UsageError } from '../io';
import type { CollaborationContext } from './collaboration-context';
import { reportFailure } from './service-session';
import { formatTextTable, printable } from './text-table';

export async function runCollaborationRead(context: CollaborationContext): Promise<number> {
  switch (context.verb) {
    case 'list':
      return listCollaborations(context);
    case 'get':
      return showCollaboration(context);
    default:
      return exportEvents(context);
  }
}

function formatOf(context: CollaborationContext, allowed: readonly string[]): string {
  const format = context.options.format ?? allowed[0];
  if (!allowed.includes(format)) throw new UsageError(`--format must be ${allowed.join(' or ')}, not '${format}'`);
  return format;
}

/** The collaboration ID, the verb's first argument. */
export function collaborationIdOf(context: CollaborationContext): string {
  const id = context.args[0];
  if (id === undefined || id.trim() === '') throw new UsageError(`'${context.verb}' needs the collaboration's ID, e.g. iql collaboration ${context.verb} CLB.demo`);
  return id;
}

async function listCollaborations(context: CollaborationContext): Promise<number> {
  const format = formatOf(context, ['text', 'json']);
  const listed = await collectAllPages(context.client, 'listCollaborations', {}, context.io.signal ? { signal: context.io.signal } : {});
  if (!listed.ok) return reportFailure(context.io, `collaboration ${context.verb}`, context.target, listed.error);
  if (format === 'json') {
    context.io.stdout.write(`${JSON.stringify(listed.value, null, 2)}\n`);
    return ExitCode.ok;
  }
  if (listed.value.length === 0) {
    context.io.stdout.write('This key belongs to no collaboration.\n');
    return ExitCode.ok;
  }
  const rows = listed.value.map((summary: CollaborationSummary) => [summary.id, summary.name ?? '', readableStatus(summary.status), summary.owner?.display_name ?? '', String(summary.members.length)].map(printable));
  for (const line of formatTextTable(['ID', 'Name', 'Status', 'Owner', 'Members'], rows, [false, false, false, false, true])) context.io.stdout.write(`${line}\n`);
  return ExitCode.ok;
}

async function showCollaboration(context: CollaborationContext): Promise<number> {
  const format = formatOf(context, ['text', 'json']);
  const id = collaborationIdOf(context);
  const answer = await getCollaboration(context.client, id, context.io.signal ? { signal: context.io.signal } : {});
  if (!answer.ok) return reportFailure(context.io, `collaboration ${context.verb}`, context.target, answer.error);
  if (format === 'json') {
    context.io.stdout.write(`${JSON.stringify(answer.value, null, 2)}\n`);
    return ExitCode.ok;
  }
  for (const line of describeCollaboration(answer.value.collaboration)) context.io.stdout.write(`${printable(line)}\n`);
  return ExitCode.ok;
}

function describeCollaboration(collaboration: Collaboration): string[] {
  const lines = [`${collaboration.id}  ${collaboration.name ?? ''}  (${readableStatus(collaboration.status)})`];
  if (collaboration.description) lines.push(collaboration.description);
  lines.push(`Owner: ${collaboration.owner?.display_name ?? collaboration.owner?.id ?? 'unknown'}`);
  for (const member of collaboration.members) {
    const rights = Object.entries(member.rights ?? {}).filter(([, granted]) => granted).map(([right]) => right);
    lines.push(`Member: ${member.display_name ?? member.id} — ${rights.length > 0 ? rights.join(', ') : 'no rights'}`);
  }
  for (const dataset of collaboration.datasets ?? []) {
    const rules = [
      dataset.intersection_only ? 'intersection only' : undefined,
      dataset.attribute_restriction ? `attributes: ${(dataset.allowed_attributes ?? []).join(', ') || 'none'}` : undefined,
      dataset.activation_allowed ? 'activation allowed' : undefined,
      dataset.exportable_to_members && dataset.exportable_to_members.length > 0 ? `exportable to: ${dataset.exportable_to_members.join(', ')}` : undefined,
    ].filter((rule): rule is string => rule !== undefined);
    lines.push(`Dataset: ${dataset.collaboration_dataset_name ?? dataset.dataset_id ?? '?'}${rules.length > 0 ? ` — ${rules.join('; ')}` : ''}`);
  }
  for (const destination of collaboration.destination_ids ?? []) lines.push(`Destination: ${destination}`);
  return lines;
}

async function exportEvents(context: CollaborationContext): Promise<number> {
  const format = formatOf(context, ['csv', 'json']);
  const id = collaborationIdOf(context);
  const options = context.io.signal ? { signal: context.io.signal } : {};
  if (format === 'csv') {
    const exported = await exportCollaborationEvents(context.client, id, undefined, options);
    if (!exported.ok) return reportFailure(context.io, `collaboration ${context.verb}`, context.target, exported.error);
    context.io.stdout.write(String(exported.value));
    return ExitCode.ok;
  }
  const listed = await collectAllPages(context.client, 'listCollaborationEvents', { params: { collaboration_id: id } }, options);
  if (!listed.ok) return reportFailure(context.io, `collaboration ${context.verb}`, context.target, listed.error);
  context.io.stdout.write(`${JSON.stringify(listed.value, null, 2)}\n`);
  return ExitCode.ok;
}

/** `STATUS_ACTIVE` → `active`. */
function readableStatus(status: string | undefined): string {
  return (status ?? 'unknown').replace(/^STATUS_/, '').toLowerCase();
}
