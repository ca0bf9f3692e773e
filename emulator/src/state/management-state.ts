/**
 * What collaboration management adds to the emulator's memory: the event logs, and the count
 * of collaborations created through the API (their IDs are numbered in request order, like
 * segments, so that a fresh request gives a fresh collaboration and the same run the same IDs).
 */
import { CollaborationEventLog } from './collaboration-event-log';

export class ManagementState {
  readonly events = new CollaborationEventLog();
  private created = 0;

  /** The number of the next collaboration created through the API, from 1. */
  nextCollaborationNumber(): number {
    this.created++;
    return this.created;
  }
}
