/**
 * Fault injection for tests: `--faults "validate:500:0.5,datasets:timeout:1"` makes half of the
 * ValidateQuery calls answer 500 and every dataset call hang. Decisions come from a seeded
 * generator, so the same requests in the same order meet the same faults on every run.
 */
import type { OperationId } from '../../../common/api';
import { createPrng } from '../demo/prng';
import type { Prng } from '../demo/prng';
import { listFaultNames, resolveFaultName } from './fault-names';

/** What a fault does: answer with an HTTP status, never answer, or drop the connection. */
export type FaultAction = { readonly kind: 'status'; readonly status: number } | { readonly kind: 'timeout' } | { readonly kind: 'reset' };

export interface FaultRule {
  /** As written in the spec. */
  readonly name: string;
  readonly operations: readonly OperationId[];
  readonly action: FaultAction;
  /** 0 to 1. */
  readonly probability: number;
}

export type FaultSpecResult = { readonly ok: true; readonly rules: readonly FaultRule[] } | { readonly ok: false; readonly message: string };

/**
 * Parses a fault spec: comma-separated `operation:action[:probability]` items, where action is
 * an HTTP status (400–599), `timeout` or `reset`, and probability defaults to 1. An empty spec
 * means no faults. Never throws; a bad item is answered with a message naming it.
 */
export function parseFaultSpec(spec: string): FaultSpecResult {
  const rules: FaultRule[] = [];
  for (const item of spec.split(',').map((part) => part.trim()).filter((part) => part !== '')) {
    const [name = '', actionText = '', probabilityText, ...rest] = item.split(':').map((part) => part.trim());
    const where = `fault '${item}'`;
    if (rest.length > 0 || actionText === '') {
      return { ok: false, message: `${where}: write operation:action[:probability], e.g. validate:500:0.5` };
    }
    const operations = resolveFaultName(name);
    if (!operations) {
      return { ok: false, message: `${where}: unknown operation '${name}'; known names: ${listFaultNames().join(', ')}` };
    }
    let action: FaultAction;
    if (actionText === 'timeout' || actionText === 'reset') {
      action = { kind: actionText };
    } else if (/^\d{3}$/.test(actionText) && Number(actionText) >= 400 && Number(actionText) <= 599) {
      action = { kind: 'status', status: Number(actionText) };
    } else {
      return { ok: false, message: `${where}: the action must be an HTTP status from 400 to 599, 'timeout' or 'reset'` };
    }
    const probability = probabilityText === undefined ? 1 : Number(probabilityText);
    if (probabilityText === '' || !Number.isFinite(probability) || probability < 0 || probability > 1) {
      return { ok: false, message: `${where}: the probability must be a number from 0 to 1` };
    }
    rules.push({ name, operations, action, probability });
  }
  return { ok: true, rules };
}

/** Decides, request by request, which fault (if any) strikes. One per server. */
export class FaultInjector {
  private readonly prng: Prng;

  constructor(
    private readonly rules: readonly FaultRule[],
    seed: number | string = 'iql-faults',
  ) {
    this.prng = createPrng(seed);
  }

  /** The fault for one call of `operation`, or undefined. The first matching rule that fires wins. */
  decide(operation: OperationId): FaultAction | undefined {
    for (const rule of this.rules) {
      if (!rule.operations.includes(operation)) continue;
      // Always draw, even for probability 1, so that adding a certain rule does not shift the
      // decisions of the others for the same request sequence.
      const roll = this.prng.next();
      if (roll < rule.probability) return rule.action;
    }
    return undefined;
  }
}
