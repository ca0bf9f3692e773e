/**
 * Everything the emulator remembers between requests: queries, activations, activation
 * segments and their exports. One state per server (never module-level), created empty; the
 * catalog's segments are copied in on first use so that edits never touch the catalog.
 *
 * IDs are deterministic: queries and activations are named by a hash of who asked what (the
 * same request gives the same ID and the same bytes), segments and exports by a counter (a
 * fresh resource per request, numbered in request order).
 */
import { createHash } from 'node:crypto';
import type { QueryResult } from '../../../common/api';
import type { CatalogCollaboration } from '../data/catalog-schema';
import type { DestinationInstances } from '../destinations/destination-instances';
import type { ActivationRows, QueryOutcome, ValidatedQuery } from '../query-engine';
import { CreditLedger } from './credit-ledger';
import { InsightReports } from './insight-reports';
import { Automations } from './automations';
import { ManualClock } from './emulator-clock';
import type { EmulatorClock } from './emulator-clock';
import { ManagementState } from './management-state';
import { PolledJob } from './polled-job';
import { PrivatePaths } from './private-paths';
import { SupplyState } from '../supply/supply-state';
import type { SupplyOptions } from '../supply/supply-state';
import type { Pollable } from './polled-job';

export interface QueryJob {
  readonly id: string;
  readonly companyId: string;
  readonly job: Pollable<QueryOutcome<QueryResult>>;
}

export interface ActivationRecord {
  readonly id: string;
  readonly companyId: string;
  readonly collaborationId?: string;
  readonly campaignName: string;
  readonly query: string;
  readonly columnSeparator: string;
  readonly stringLiteralColumns: readonly { column_name?: string; column_literal?: string }[];
  readonly stringLiteralColumn?: { column_name?: string; column_literal?: string };
  /** The activation dataset's 2.0 ID. */
  readonly datasetId: string;
  readonly outputColumns: readonly string[];
  readonly job: PolledJob<QueryOutcome<ActivationRows>>;
  /** Position in arrival order, for stable listing. */
  readonly serial: number;
}

/** Options of a segment that Update may change. */
export interface SegmentOptions {
  column_separator: string;
  header_overrides: Record<string, string>;
  identity_flattening?: { identity_to_flatten?: string };
  inaccuracy_proportion: number;
  multi_value_delimiter: string;
  string_literal_columns: { column_literal?: string; column_name?: string }[];
  path_overrides: { destination_dataset?: string; source_dataset?: { dataset_id?: string; keys?: string[] } }[];
}

export interface SegmentRecord {
  readonly id: string;
  readonly collaborationId: string;
  readonly name: string;
  readonly query: string;
  /** As the wire shows it: the creating user's ID (for catalog segments, the one `segmentsOf` was given). */
  readonly createdBy: string;
  /** The company that created the segment (the collaboration's owner for catalog segments): it may change or delete it. */
  readonly creatorCompanyId: string;
  options: SegmentOptions;
  /** The query checked against the collaboration, on first use (catalog segments) or at creation. */
  validation?: QueryOutcome<ValidatedQuery>;
  /** Every calculation, oldest first; the last one is the segment's current state. */
  readonly calculations: { readonly queryId: string; readonly job: Pollable<QueryOutcome<ActivationRows>> }[];
}

/** Rows delivered to a destination instance: a segment export or a deprecated push. */
interface DeliveryRecord {
  readonly id: string;
  readonly destinationId: string;
  readonly destinationTypeId: string;
  /** The instance's config with what the request sent on top, secrets as the redaction marker. */
  readonly pushConfig: Record<string, unknown>;
  readonly job: Pollable<QueryOutcome<ActivationRows>>;
}

export interface ExportRecord extends DeliveryRecord {
  readonly segmentId: string;
  readonly collaborationId: string;
}

/** A deprecated query-based push (seed 001 §4.5) of an activation's rows to a destination instance. */
export interface PushRecord extends DeliveryRecord {
  /** The activation's ID: the `query_id` of the push operations. */
  readonly activationId: string;
  readonly companyId: string;
}

export const DEFAULT_SEGMENT_OPTIONS: SegmentOptions = {
  column_separator: ',',
  header_overrides: {},
  inaccuracy_proportion: 0,
  multi_value_delimiter: '|',
  string_literal_columns: [],
  path_overrides: [],
};

export class EmulatorState {
  readonly queries = new Map<string, QueryJob>();
  readonly activations = new Map<string, ActivationRecord>();
  readonly exports = new Map<string, ExportRecord>();
  /** Deprecated query-based pushes, by push ID. */
  readonly pushes = new Map<string, PushRecord>();
  /** The credits spent by queries run on this server (credit-ledger.ts). */
  readonly credits = new CreditLedger();
  /** Event logs and created collaborations (the collaborations themselves live in the server's copy of the data). */
  readonly management = new ManagementState();
  /** Private-path collaborations (Document 2 §4.1), apart from the catalog's collaborations. */
  readonly privatePaths = new PrivatePaths();
  /** Insight reports (Document 2 §4.2). */
  readonly reports = new InsightReports();
  /** Automation configs and executions (Document 2 §4.3). */
  readonly automations = new Automations();
  private readonly segments = new Map<string, SegmentRecord[]>();
  /** Destination instances, made from the catalog on first use (http/destination-access.ts). */
  destinationInstances?: DestinationInstances;
  private segmentCounter = 0;
  private exportCounter = 0;
  private pushCounter = 0;

  /** Data supply (seed 002): vaults, imports, recordsets, normalization, prepare, published datasets. */
  readonly supply: SupplyState;

  constructor(
    readonly pollsBeforeDone: number,
    /** What time it is for schedules (default: standing still at the fixed instant). */
    readonly clock: EmulatorClock = new ManualClock(),
    supplyOptions: SupplyOptions = {},
  ) {
    this.supply = new SupplyState(() => this.clock.now(), pollsBeforeDone, supplyOptions);
  }

  /** Starts computing `compute` as a job that clients poll. */
  startJob<T>(compute: () => T): PolledJob<T> {
    return new PolledJob(compute, this.pollsBeforeDone);
  }

  /**
   * The live segments of a collaboration (the catalog's, as edited since). `catalogCreatorId`
   * is the user shown as `created_by` of the catalog's segments, which record none.
   */
  segmentsOf(collaboration: CatalogCollaboration, catalogCreatorId: string): SegmentRecord[] {
    let list = this.segments.get(collaboration.id);
    if (list === undefined) {
      list = collaboration.activation_segments.map((segment) => ({
        id: segment.id,
        collaborationId: collaboration.id,
        name: segment.name,
        query: segment.query,
        createdBy: catalogCreatorId,
        creatorCompanyId: collaboration.owner_company_id,
        options: cloneOptions(DEFAULT_SEGMENT_OPTIONS),
        calculations: [],
      }));
      this.segments.set(collaboration.id, list);
    }
    return list;
  }

  /** A fresh segment ID. */
  nextSegmentId(): string {
    this.segmentCounter++;
    return `ATS.new${this.segmentCounter}`;
  }

  /** A fresh export ID. */
  nextExportId(): string {
    this.exportCounter++;
    return `EXP.${this.exportCounter}`;
  }

  /** A fresh push ID. */
  nextPushId(): string {
    this.pushCounter++;
    return `PSH.${this.pushCounter}`;
  }
}

/** A short, stable ID from the parts of a request: `prefix` + 20 hex digits of their hash. */
export function hashId(prefix: string, parts: readonly string[]): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part).update('\u0000');
  return `${prefix}${hash.digest('hex').slice(0, 20)}`;
}

export function cloneOptions(options: SegmentOptions): SegmentOptions {
  return JSON.parse(JSON.stringify(options)) as SegmentOptions;
}
