import type { SegmentRef } from '../../../service/src';
import { UsageError, type CliIo } from '../io';
import type { parseCommandLine } from '../parse-command-line';
import { argument, COMMON_VERB_OPTIONS, type VerbContext } from './verb-command';

/** The options of `iql segment`, for every verb (each reads the ones it needs). */
export const SEGMENT_OPTIONS = {
  ...COMMON_VERB_OPTIONS,
  collaboration: { type: 'string' },
  name: { type: 'string' },
  query: { type: 'string' },
  destination: { type: 'string' },
  'push-config': { type: 'string' },
  'no-wait': { type: 'boolean' },
  'column-separator': { type: 'string' },
  'multi-value-delimiter': { type: 'string' },
  'inaccuracy-proportion': { type: 'string' },
  'header-override': { type: 'string', multiple: true },
} as const;

export type SegmentOptions = ReturnType<typeof parseCommandLine<typeof SEGMENT_OPTIONS>>['values'];
export type SegmentContext = VerbContext<SegmentOptions>;

/** The collaboration a verb acts in: `--collaboration`, else IQL_COLLABORATION. */
export function collaborationOption(options: { readonly collaboration?: string | undefined }, io: CliIo): string {
  const id = options.collaboration ?? (io.env ?? process.env).IQL_COLLABORATION;
  if (id === undefined || id.trim() === '') throw new UsageError('say which collaboration: --collaboration ID or IQL_COLLABORATION, e.g. --collaboration CLB.demo');
  return id;
}

/** The segment the verb names (its first argument) in the collaboration of the options. */
export function segmentOf(context: SegmentContext): SegmentRef {
  const segmentId = argument(context, 0, "the segment's ID", 'ATS.demo1 --collaboration CLB.demo');
  return { collaborationId: collaborationOption(context.options, context.io), segmentId };
}
