/**
 * What a tree shows when it cannot show the service's data: one calm sentence, the full
 * explanation for the tooltip, and the action that fixes it when there is one. Never a stack
 * trace, never a pop-up: the tree row is the whole report.
 */
import type { ServiceError } from '../../../common/service-result';
import type { NodeAction } from './explorer-node';

/** A message in place of a tree's content, before it becomes a MessageNode. */
export interface ExplorerProblem {
  readonly text: string;
  readonly detail?: string;
  readonly action?: NodeAction;
}

/** Command ids the problems point to (declared in package.json). */
export const FIX_COMMANDS = {
  setApiKey: 'iql.setApiKey',
  addProfile: 'iql.addProfile',
  manageTrust: 'workbench.trust.manage',
} as const;

/**
 * The problem to show for a failed service call of profile `profile`; `retry` is the refresh
 * command of the view showing it. Undefined for a cancellation, which is no problem: a newer
 * load replaces the cancelled one. Never throws.
 */
export function problemForServiceError(error: ServiceError, profile: string, retry: NodeAction): ExplorerProblem | undefined {
  const detail = error.requestId === undefined ? error.message : `${error.message} (request id ${error.requestId})`;
  switch (error.kind) {
    case 'cancelled':
      return undefined;
    case 'unauthorized':
      return {
        text: `The service refused the API key of profile "${profile}".`,
        detail,
        action: { command: FIX_COMMANDS.setApiKey, title: 'Set API Key…', arguments: [profile] },
      };
    case 'forbidden':
      return {
        text: error.missingRight === undefined ? 'The service did not allow this.' : `This needs the "${error.missingRight}" right, which your company lacks here.`,
        detail,
      };
    case 'network':
    case 'timeout':
      return { text: `Cannot reach the clean-room service of profile "${profile}".`, detail, action: retry };
    case 'rate-limited':
    case 'server':
    case 'invalid-response':
      return { text: 'The clean-room service could not answer just now.', detail, action: retry };
    case 'not-found':
      return { text: 'The service no longer has this item.', detail, action: retry };
    case 'invalid':
    case 'misconfigured':
      return { text: firstSentence(error.message), detail, action: retry };
  }
}

/** The first sentence of `text` (up to the first ". "), for a one-line tree label. */
export function firstSentence(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.indexOf('. ');
  return end < 0 ? flat : flat.slice(0, end + 1);
}
