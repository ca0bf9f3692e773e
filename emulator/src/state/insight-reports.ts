/**
 * The insight reports created on this server (seed 001 §4.2), in creation order. A report is
 * computed as a polled job (polled-job.ts): its status moves WAITING → RUNNING → COMPLETED
 * (or FAILED) as clients read it.
 */
import type { QueryOutcome } from '../query-engine';
import type { ReportPlan, SingleResult } from '../reports/compute-report';
import type { Pollable } from './polled-job';

export interface InsightReportRecord {
  readonly id: string;
  /** The company that created it: only its users see it. */
  readonly companyId: string;
  readonly createdBy: string;
  readonly name: string;
  readonly seedDatasetId: string;
  readonly baselineDatasetId: string;
  readonly seedFilter: string;
  readonly baselineFilter: string;
  readonly plan: ReportPlan;
  readonly job: Pollable<QueryOutcome<SingleResult[]>>;
}

export class InsightReports {
  private readonly records: InsightReportRecord[] = [];
  private counter = 0;

  /** A fresh report ID (numbered in request order, so answers are reproducible). */
  nextId(): string {
    this.counter++;
    return `RPT.${this.counter}`;
  }

  add(record: InsightReportRecord): void {
    this.records.push(record);
  }

  /** The reports of one company, oldest first. */
  ofCompany(companyId: string): InsightReportRecord[] {
    return this.records.filter((record) => record.companyId === companyId);
  }

  /** The company's report with this ID; another company's reads as missing. */
  find(companyId: string, id: string): InsightReportRecord | undefined {
    return this.records.find((record) => record.id === id && record.companyId === companyId);
  }
}
