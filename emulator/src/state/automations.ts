/**
 * Automation configs and their executions (seed 001 §4.3), per server, in creation order.
 * A config belongs to the company that created it; its executions go with it when it is
 * deleted. `scheduledThrough` is the instant up to which the config's schedule was fired
 * (automation/fire-schedules.ts).
 */
import type { AutomationStep } from '../../../common/api';
import type { Caller } from '../access/access-rules';

export interface AutomationConfigRecord {
  readonly id: string;
  readonly companyId: string;
  /** Who created it: scheduled executions run as this user. */
  readonly creator: Caller;
  name: string;
  description: string;
  cloudVaultId: string;
  cronTimer: string;
  timeZone: string;
  enabled: boolean;
  /** RFC 3339 texts as sent (or absent), and their instants. */
  startDateTime?: string;
  endDateTime?: string;
  readonly steps: readonly AutomationStep[];
  readonly createdAt: number;
  updatedAt: number;
  scheduledThrough: number;
}

/** A step's or an execution's status (AutomationExecutionV1Status, the ones the emulator uses). */
export type TaskStatus = 'WAITING' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELED';

/** The outcome of a step's work, done when the step starts and shown when it ends. */
export interface StepOutcome {
  /** The ID of the work the step started (a query or export ID), when it started any. */
  readonly taskId: string;
  readonly status: 'COMPLETED' | 'FAILED';
  readonly error?: string;
}

/** What a data-supply step made, for the step after it: the files an import brought, or a recordset. */
export type SupplyProduct =
  | { readonly kind: 'files'; readonly vaultId: string; readonly importExecutionId: string }
  | { readonly kind: 'recordset'; readonly vaultId: string; readonly recordsetId: string };

/** A data-supply step's work in progress (automation/supply-steps.ts): undefined from `settle` while it runs. */
export interface PendingWork {
  readonly taskId: string;
  settle(): (StepOutcome & { readonly product?: SupplyProduct }) | undefined;
}

export interface ExecutionStepRecord {
  readonly taskType: string;
  readonly taskConfigId: string;
  taskId: string;
  status: TaskStatus;
  error?: string;
  /** While RUNNING: what the step's work gave (shown at the next poll), or the work still running. */
  pending?: StepOutcome | PendingWork;
  /** What a completed data-supply step made, for the next step. */
  product?: SupplyProduct;
  /** When the step started running and when its status last changed (absent while WAITING). */
  startedAt?: number;
  updatedAt?: number;
}

/**
 * An execution moves one step per poll (automation/run-execution.ts `advanceExecution`):
 * WAITING (the first read), then each step RUNNING in turn, then COMPLETED, or FAILED at the first failed step.
 */
export interface ExecutionRecord {
  readonly id: string;
  readonly configId: string;
  readonly companyId: string;
  readonly cloudVaultId: string;
  readonly executedBy: string;
  readonly startedAt: number;
  status: TaskStatus;
  updatedAt: number;
  /** How many times it was read: the first read sees it WAITING. */
  reads: number;
  readonly steps: ExecutionStepRecord[];
}

export class Automations {
  readonly configs: AutomationConfigRecord[] = [];
  readonly executions: ExecutionRecord[] = [];
  private configCounter = 0;
  private executionCounter = 0;

  nextConfigId(): string {
    this.configCounter++;
    return `ATM.${this.configCounter}`;
  }

  nextExecutionId(): string {
    this.executionCounter++;
    return `EXE.${this.executionCounter}`;
  }

  /** The company's config with this ID; another company's reads as missing. */
  findConfig(companyId: string, id: string): AutomationConfigRecord | undefined {
    return this.configs.find((config) => config.id === id && config.companyId === companyId);
  }

  findExecution(companyId: string, id: string): ExecutionRecord | undefined {
    return this.executions.find((execution) => execution.id === id && execution.companyId === companyId);
  }

  /** Removes the config and every execution of it. */
  deleteConfig(config: AutomationConfigRecord): void {
    this.configs.splice(this.configs.indexOf(config), 1);
    for (let index = this.executions.length - 1; index >= 0; index--) {
      if (this.executions[index]?.configId === config.id) this.executions.splice(index, 1);
    }
  }
}
