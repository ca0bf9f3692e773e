import type { ServiceState } from '../../common/protocol';
import type { ServiceError } from '../../common/service-result';

/**
 * How service trouble is shown: one state and one calm sentence for the status bar, never a
 * diagnostic per file. The service's own words are kept when it gave any.
 */
export function describeServiceTrouble(error: ServiceError, profile: string): { state: ServiceState; message: string } {
  const own = error.serviceMessage && error.serviceMessage !== error.message ? ` The service said: "${error.serviceMessage}"` : '';
  switch (error.kind) {
    case 'unauthorized':
      return { state: 'unauthorized', message: `Profile '${profile}': ${error.message}${own}` };
    case 'network':
    case 'timeout':
      return { state: 'unreachable', message: `Profile '${profile}': ${error.message}` };
    default:
      return { state: 'error', message: `Profile '${profile}': ${error.message}${own}` };
  }
}
