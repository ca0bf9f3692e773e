/**
 * How the activation-time scenario reports its figure: one log line `<marker><milliseconds>`,
 * forwarded by the workbench to the runner. Shared by the scenario and bench/editor.bench.ts,
 * which runs only this scenario (IQL_EDITOR_GREP set to the title) in fresh windows.
 */
export const ACTIVATION_TIME_TITLE = 'the extension exports how long its activation took';
export const ACTIVATION_TIME_MARKER = 'iql-activation-ms=';
/** The line of its parts (client/src/activation-clock.ts), as JSON, written just before the time's. */
export const ACTIVATION_PARTS_MARKER = 'iql-activation-parts=';

export interface ActivationPartsLine {
  readonly evaluationMs: number;
  readonly waitMs: number;
  readonly activateMs: number;
}

/** The parts in a log line written by the scenario, or undefined for any other line. */
export function readActivationParts(line: string): ActivationPartsLine | undefined {
  const at = line.indexOf(ACTIVATION_PARTS_MARKER);
  if (at < 0) return undefined;
  try {
    const parts = JSON.parse(line.slice(at + ACTIVATION_PARTS_MARKER.length)) as Partial<ActivationPartsLine>;
    const values = [parts.evaluationMs, parts.waitMs, parts.activateMs];
    return values.every((value) => typeof value === 'number' && Number.isFinite(value)) ? (parts as ActivationPartsLine) : undefined;
  } catch {
    return undefined;
  }
}

/** The milliseconds in a log line written by the scenario, or undefined for any other line. */
export function readActivationTime(line: string): number | undefined {
  const at = line.indexOf(ACTIVATION_TIME_MARKER);
  if (at < 0) return undefined;
  const value = Number.parseFloat(line.slice(at + ACTIVATION_TIME_MARKER.length));
  return Number.isFinite(value) ? value : undefined;
}
