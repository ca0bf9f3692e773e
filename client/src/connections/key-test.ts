/**
 * Whether a profile's API key works, found by one cheap authenticated call (the service's Health
 * check, which answers 401 to a wrong key), read into the few outcomes Set API Key acts on.
 * Free of the editor API: the call is passed in.
 */
import type { ServiceResult } from '../../../common/service-result';

export type KeyTestOutcome =
  /** The service accepted the key. */
  | { readonly kind: 'works' }
  /** The service refused it (401 or 403), in its own words. */
  | { readonly kind: 'refused'; readonly message: string }
  /** The key could not be tested (no connection, untrusted workspace, the service failing). */
  | { readonly kind: 'untested'; readonly message: string };

/** The outcome of the test call's `answer`. Never throws. */
export function readKeyTest(answer: ServiceResult<unknown>): KeyTestOutcome {
  if (answer.ok) return { kind: 'works' };
  const error = answer.error;
  const message = error.serviceMessage ?? error.message;
  if (error.kind === 'unauthorized' || error.kind === 'forbidden') return { kind: 'refused', message };
  return { kind: 'untested', message };
}
