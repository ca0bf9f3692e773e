/**
 * `iql segment <verb>`: the activation segments of a collaboration (Document 2 §4.5) for
 * scripts and CI — list, read, create, update and delete them, calculate them and export them
 * to the collaboration's destinations, each waited for with progress on stderr. The
 * collaboration is `--collaboration ID` or IQL_COLLABORATION.
 */
import type { CliIo } from '../io';
import { SEGMENT_OPTIONS } from './segment-context';
import { SEGMENT_JOB_VERBS } from './segment-jobs';
import { SEGMENT_READ_VERBS } from './segment-read';
import { SEGMENT_WRITE_VERBS } from './segment-write';
import { runVerbCommand } from './verb-command';

export const SEGMENT_USAGE = `usage: iql segment <verb> [options] --collaboration ID   (or IQL_COLLABORATION)
  list [--format text|json]                      the collaboration's activation segments
  get SEGMENT [--format text|json]               one segment: its query, state and settings
  status SEGMENT [--format text|json]            its state, rows and last export
  create --name NAME (FILE | --query TEXT) [settings]   prints the new segment's ID; FILE holds one
                                                 activation query (its '-- @collaboration' is used)
  update SEGMENT [settings]                      settings: --column-separator C --multi-value-delimiter C
                                                 --inaccuracy-proportion 0..1 --header-override COLUMN=HEADER...
  delete SEGMENT --yes                           deletes it and its results
  calculate SEGMENT [--no-wait]                  recalculates it, waiting for the audience (progress on stderr)
  destinations SEGMENT [--format text|json]      the destinations an export of it may go to
  push-schema SEGMENT DESTINATION                the JSON Schema of an export's --push-config
  export SEGMENT --destination ID [--push-config FILE|-|JSON] [--no-wait]
                                                 exports it, waiting for the final state: rows and rejected rows
  exports SEGMENT [--format text|json]           its exports`;

export async function runSegmentCommand(args: readonly string[], io: CliIo): Promise<number> {
  return runVerbCommand({ name: 'segment', usage: SEGMENT_USAGE, options: SEGMENT_OPTIONS, verbs: { ...SEGMENT_READ_VERBS, ...SEGMENT_WRITE_VERBS, ...SEGMENT_JOB_VERBS } }, args, io);
}
