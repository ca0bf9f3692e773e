/**
 * The destination instances of one emulator (Document 2 §2.5, §4.6): those the catalog
 * attaches to collaborations, copied in on first use, and those created since. A collaboration's
 * destination is an instance by ID, so Get Destination shows an instance's changes. In memory
 * only, like the rest of the state. Visibility is decided by the routes: an instance belongs
 * to the company that owns it.
 */
import type { CatalogCollaboration } from '../data/catalog-schema';

export interface DestinationInstanceRecord {
  readonly id: string;
  name: string;
  description: string;
  readonly destinationTypeId: string;
  readonly ownerCompanyId: string;
  /** The user who created it (for the catalog's, the owner company's first user). */
  readonly creatorId: string;
  config: Record<string, unknown>;
  editablePaths: string[];
  readonly createdTime: string;
  updatedTime: string;
  /** Creation order, for a stable listing. */
  readonly serial: number;
}

export type NewDestinationInstance = Omit<DestinationInstanceRecord, 'id' | 'serial'>;

export class DestinationInstances {
  private readonly byId = new Map<string, DestinationInstanceRecord>();
  private seeded = false;
  private counter = 0;

  /**
   * `collaborations` are read once, on first use; `creatorOf` names the user shown as the
   * creator of a catalog destination.
   */
  constructor(
    private readonly collaborations: readonly CatalogCollaboration[],
    private readonly creatorOf: (companyId: string) => string,
    private readonly epoch: string,
  ) {}

  /** Every instance, in creation order (the catalog's first). */
  all(): DestinationInstanceRecord[] {
    this.seed();
    return [...this.byId.values()];
  }

  find(id: string): DestinationInstanceRecord | undefined {
    this.seed();
    return this.byId.get(id);
  }

  /** Stores a new instance under a fresh `DST.` ID (Document 2 §5) and answers it. */
  add(instance: NewDestinationInstance): DestinationInstanceRecord {
    this.seed();
    let id: string;
    do {
      this.counter++;
      id = `DST.new${this.counter}`;
    } while (this.byId.has(id));
    const record = { ...instance, id, serial: this.byId.size };
    this.byId.set(id, record);
    return record;
  }

  delete(id: string): boolean {
    this.seed();
    return this.byId.delete(id);
  }

  private seed(): void {
    if (this.seeded) return;
    this.seeded = true;
    for (const collaboration of this.collaborations) {
      for (const destination of collaboration.destinations) {
        if (this.byId.has(destination.id)) continue;
        this.byId.set(destination.id, {
          id: destination.id,
          name: destination.name,
          description: destination.description,
          destinationTypeId: destination.destination_type_id,
          ownerCompanyId: destination.owner_company_id,
          creatorId: this.creatorOf(destination.owner_company_id),
          config: structuredClone(destination.config),
          editablePaths: [...destination.editable_paths],
          createdTime: this.epoch,
          updatedTime: this.epoch,
          serial: this.byId.size,
        });
      }
    }
  }
}
