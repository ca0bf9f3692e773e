/**
 * The names queries use for the 2.0 dataset ids report files name, per profile. Each id is
 * read alone with Get Dataset (2.0) when a report first names it, and kept a while: a report
 * names two datasets, so checking it never reads the company's whole list (at 10,000 datasets,
 * a hundred pages of List Datasets 2.0).
 */
import { LRUCache } from 'lru-cache';
import { getDatasetV2, type ServiceClient } from '../../../service/src';

/** How long an id's name (or its absence) is trusted before it is read again. */
const NAME_TTL_MS = 5 * 60_000;
/** Ids kept per profile: every id typed into a report is read once, so the oldest go first rather than the map growing for the editor's life. */
const IDS_KEPT = 500;

interface KnownName {
  /** Undefined when the company has no dataset of that id, or the read failed. */
  readonly name: string | undefined;
  readonly at: number;
  /** False for a failure that may pass (network, cancellation): not kept. */
  readonly keep: boolean;
}

export class ReportDatasetNames {
  /** Per profile key, per dataset id: its read, shared by concurrent checks. */
  private readonly known = new Map<string, LRUCache<string, Promise<KnownName>>>();

  /** The names of `ids` that the profile's company has; an id it has not, or that could not be read, is left out. Never rejects. */
  async namesOf(profileKey: string, client: ServiceClient, ids: readonly string[], signal: AbortSignal): Promise<ReadonlyMap<string, string>> {
    const names = await Promise.all(ids.map(async (id) => [id, (await this.nameOf(profileKey, client, id, signal)).name] as const));
    return new Map(names.filter((entry): entry is readonly [string, string] => entry[1] !== undefined));
  }

  private async nameOf(profileKey: string, client: ServiceClient, id: string, signal: AbortSignal): Promise<KnownName> {
    let ids = this.known.get(profileKey);
    if (ids === undefined) {
      ids = new LRUCache({ max: IDS_KEPT });
      this.known.set(profileKey, ids);
    }
    const cached = ids.get(id);
    if (cached !== undefined) {
      const known = await cached;
      // A read another check's cancellation cut short is read again with this check's signal.
      if (known.keep && Date.now() - known.at < NAME_TTL_MS) return known;
    }
    const read = readName(client, id, signal);
    ids.set(id, read);
    const known = await read;
    if (!known.keep && ids.get(id) === read) ids.delete(id);
    return known;
  }
}

async function readName(client: ServiceClient, id: string, signal: AbortSignal): Promise<KnownName> {
  try {
    const answer = await getDatasetV2(client, id, { signal });
    if (answer.ok) return { name: answer.value.dataset.private_id ?? answer.value.dataset.dataset_id, at: Date.now(), keep: true };
    // Not the company's dataset (or not an id at all): the report's id is unknown, and stays so a while.
    return { name: undefined, at: Date.now(), keep: answer.error.kind === 'not-found' || answer.error.kind === 'invalid' };
  } catch {
    return { name: undefined, at: Date.now(), keep: false };
  }
}
