/**
 * `iql collaboration <verb>`: collaborations for scripts and CI — list and read them, create,
 * close and leave them, add and remove datasets, and read their event log. Output is text for
 * people or `--format json` (the service's answers); destructive verbs need `--yes`.
 */
import { ExitCode, UsageError, type CliIo } from '../io';
import { parseCommandLine } from '../parse-command-line';
import { COLLABORATION_OPTIONS } from './collaboration-context';
import { runCollaborationRead } from './collaboration-read';
import { runCollaborationWrite } from './collaboration-write';
import { openServiceSession } from './service-session';

export const COLLABORATION_USAGE = `usage: iql collaboration <verb> [options]
  list [--format text|json]                      the collaborations the key belongs to
  get ID [--format text|json]                    one collaboration: members, datasets, rules
  events ID [--format csv|json]                  its event log (needs the detailed_logs right)
  create --name NAME [--description TEXT] [--member COMPANY_ID[:operator,contributor,detailed_logs]]...
                                                 prints the new collaboration's ID
  add-dataset ID --name NAME --dataset DATASET_ID [--kind insight|activation]
        [--intersection-only] [--allowed-attribute NAME]... [--activation-allowed] [--exportable-to COMPANY_ID]...
  remove-dataset ID NAME --yes                   removes one of your datasets from it
  add-destination ID DESTINATION                 attaches one of your destinations ('iql destination list')
  remove-destination ID DESTINATION --yes        detaches it: segments can no longer be exported to it
  close ID --yes                                 closes it for good (owner only)
  leave ID --yes                                 leaves it; you lose its datasets and log`;

const READ_VERBS = new Set(['list', 'get', 'events']);
const WRITE_VERBS = new Set(['create', 'add-dataset', 'remove-dataset', 'add-destination', 'remove-destination', 'close', 'leave']);

export async function runCollaborationCommand(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandLine(args, COLLABORATION_OPTIONS);
  const [verb, ...rest] = positionals;
  if (values.help || verb === undefined) {
    io.stdout.write(`${COLLABORATION_USAGE}\n`);
    return verb === undefined && !values.help ? ExitCode.usage : ExitCode.ok;
  }
  if (!READ_VERBS.has(verb) && !WRITE_VERBS.has(verb)) throw new UsageError(`unknown verb '${verb}'`);
  const session = openServiceSession(io, `collaboration ${verb}`);
  if (!session.ok) return session.exitCode;
  const context = { io, client: session.client, target: session.target, verb, args: rest, options: values };
  return READ_VERBS.has(verb) ? runCollaborationRead(context) : runCollaborationWrite(context);
}
