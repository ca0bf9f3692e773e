/**
 * The private-path collaborations created on one server (Document 2 §4.1): which company made
 * each and which datasets it allows. Kept in memory like everything the emulator is asked to
 * create, and numbered in creation order so that IDs stay reproducible.
 */
export interface PrivatePath {
  readonly id: string;
  readonly creatorCompanyId: string;
  /** The 2.0 IDs of the datasets allowed in it, as sent. */
  readonly datasetIds: readonly string[];
  /** The companies that own those datasets: with the creator, those who may read the path. */
  readonly ownerCompanyIds: readonly string[];
}

export class PrivatePaths {
  private readonly byId = new Map<string, PrivatePath>();
  private created = 0;

  /** The number of the next private path, from 1. */
  nextNumber(): number {
    this.created++;
    return this.created;
  }

  add(path: PrivatePath): void {
    this.byId.set(path.id, path);
  }

  get(id: string): PrivatePath | undefined {
    return this.byId.get(id);
  }
}
