/** How an event names who acted: the calling user and its company (seed 001 §2.8 entities). */
import type { CollaborationEventEntity } from '../../../common/api';
import { companyEntity } from '../state/collaboration-event-log';
import type { RouteContext } from './route-context';

/** The calling user, then its company, as event entities. */
export function actorEntities(context: RouteContext): CollaborationEventEntity[] {
  const { user } = context.caller;
  return [{ company_id: user.company_id, id: user.id, name: user.display_name, type: 'ENTITY_USER' }, companyEntity(context.data, user.company_id)];
}

/** "Ann (Alpha)": the start of an event message. */
export function actorName(context: RouteContext): string {
  return `${context.caller.user.display_name} (${companyEntity(context.data, context.caller.companyId).name})`;
}
