import type { ServiceClient, ServiceTarget } from '../../../service/src';
import type { CliIo } from '../io';
import type { parseCommandLine } from '../parse-command-line';
import { COMMON_VERB_OPTIONS } from './verb-command';

/** The options of `iql collaboration`, for every verb (each reads the ones it needs). */
export const COLLABORATION_OPTIONS = {
  ...COMMON_VERB_OPTIONS,
  name: { type: 'string' },
  description: { type: 'string' },
  member: { type: 'string', multiple: true },
  dataset: { type: 'string' },
  kind: { type: 'string' },
  'intersection-only': { type: 'boolean' },
  'allowed-attribute': { type: 'string', multiple: true },
  'activation-allowed': { type: 'boolean' },
  'exportable-to': { type: 'string', multiple: true },
} as const;

export type CollaborationOptions = ReturnType<typeof parseCommandLine<typeof COLLABORATION_OPTIONS>>['values'];

/** What each verb of `iql collaboration` is given. */
export interface CollaborationContext {
  readonly io: CliIo;
  readonly client: ServiceClient;
  readonly target: ServiceTarget;
  readonly verb: string;
  /** The verb's own arguments (the collaboration ID first). */
  readonly args: readonly string[];
  readonly options: CollaborationOptions;
}
