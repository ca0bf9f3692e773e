/**
 * The credits the emulator's queries spend (seed 000 §2.5: datasets and permissions carry
 * credit allocations and usage). The documents do not say what a query costs; the emulator's
 * rule (emulator/README.md, "Credit usage"): every run of a query — Create a Query, Queue an
 * Activation, Calculate Activation Segment, a PAIR activation query — spends one credit on each
 * dataset it names, charged to the company that ran it. Re-sending an identical Create a Query
 * or Queue an Activation returns the existing job and spends nothing. Every spend is stamped
 * with the emulator's fixed clock.
 */
import { EMULATOR_EPOCH } from '../http/wire-time';

/** Credits each dataset may spend per usage period; the permissions draw on it (`uses_parent_allocation`). */
export const DATASET_CREDIT_ALLOCATION = 10_000;

export interface CreditSpend {
  /** The dataset's 1.0 private ID and its owner: together they name the dataset. */
  readonly privateId: string;
  readonly ownerCompanyId: string;
  /** The company that ran the query. */
  readonly spenderCompanyId: string;
  readonly credits: number;
  /** RFC 3339. */
  readonly time: string;
}

export class CreditLedger {
  private readonly spends: CreditSpend[] = [];

  /** Records one credit on each dataset, for `spenderCompanyId`. */
  spend(datasets: readonly { readonly privateId: string; readonly ownerCompanyId: string }[], spenderCompanyId: string): void {
    for (const dataset of datasets) this.spends.push({ ...dataset, spenderCompanyId, credits: 1, time: EMULATOR_EPOCH });
  }

  /** The spends on one dataset, oldest first. */
  spendsOn(privateId: string, ownerCompanyId: string): readonly CreditSpend[] {
    return this.spends.filter((spend) => spend.privateId === privateId && spend.ownerCompanyId === ownerCompanyId);
  }
}
