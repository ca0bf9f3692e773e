/**
 * The event log of every collaboration (seed 001 §2.8, §6), kept in memory like the rest of
 * the emulator's state. Events are stored in their wire shape, oldest first. Their time comes
 * from a logical clock, one second after the previous event of this server starting at the
 * emulator's epoch: answers stay reproducible byte for byte, and ordering by
 * `event_date_time` still means something.
 */
import type { CollaborationEvent, CollaborationEventEntity } from '../../../common/api';
import type { CatalogCollaboration } from '../data/catalog-schema';
import type { EmulatorData } from '../data/loaded-data';
import { EMULATOR_EPOCH } from '../http/wire-time';

/** An event as a route describes it; the log adds the time. */
export interface NewEvent {
  readonly type: string;
  /** The company that acted. */
  readonly companyId: string;
  readonly message: string;
  readonly entities: readonly CollaborationEventEntity[];
  readonly metadata?: Readonly<Record<string, string>>;
}

export class CollaborationEventLog {
  private readonly logs = new Map<string, CollaborationEvent[]>();
  private ticks = 0;

  /**
   * The events of a collaboration, oldest first. A catalog collaboration's log starts with its
   * creation by its owner, at the epoch, so that no collaboration has an empty history.
   */
  eventsOf(data: EmulatorData, collaboration: CatalogCollaboration): readonly CollaborationEvent[] {
    return this.logOf(data, collaboration);
  }

  /** Appends an event to the collaboration's log. */
  append(data: EmulatorData, collaboration: CatalogCollaboration, event: NewEvent): void {
    this.ticks++;
    this.logOf(data, collaboration).push(toWire(event, wireTimeAfter(this.ticks)));
  }

  /** Starts the log of a collaboration created through the API (no catalog creation event). */
  startEmpty(collaborationId: string): void {
    this.logs.set(collaborationId, []);
  }

  private logOf(data: EmulatorData, collaboration: CatalogCollaboration): CollaborationEvent[] {
    let log = this.logs.get(collaboration.id);
    if (log === undefined) {
      const owner = companyEntity(data, collaboration.owner_company_id);
      log = [
        toWire(
          {
            type: 'TYPE_COLLABORATION_CREATED',
            companyId: collaboration.owner_company_id,
            message: `${owner.name} created the collaboration`,
            entities: [owner],
          },
          EMULATOR_EPOCH,
        ),
      ];
      this.logs.set(collaboration.id, log);
    }
    return log;
  }
}

/** A company as an event names it. */
export function companyEntity(data: EmulatorData, companyId: string): CollaborationEventEntity {
  const name = data.catalog.companies.find((company) => company.id === companyId)?.name ?? companyId;
  return { company_id: companyId, id: companyId, name, type: 'ENTITY_COMPANY' };
}

function toWire(event: NewEvent, time: string): CollaborationEvent {
  return {
    company_id: event.companyId,
    entities: event.entities.map((entity) => ({ ...entity })),
    event_date_time: time,
    message: event.message,
    metadata: { ...(event.metadata ?? {}) },
    type: event.type,
  };
}

/** The epoch plus `seconds`, in the wire's `…Z` form. */
function wireTimeAfter(seconds: number): string {
  return new Date(Date.parse(EMULATOR_EPOCH) + seconds * 1000).toISOString().replace('.000Z', 'Z');
}
