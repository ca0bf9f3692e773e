/**
 * Results kept by earlier versions of the extension hold the integer counts of a result
 * (`audience`, `dimensions[].count`) and of an activation summary (`total_rows`,
 * `original_record_count`) as decimal strings: the local emulator used to send them that way.
 * The wire schemas now read them as the integers the swagger types them as, so a kept file is
 * brought up to date here before it is checked, instead of the wire reader accepting both
 * forms for every service answer. Pure; anything that is not such a string is left as it is.
 */

/** The kept result with its string counts turned into numbers; the input is not changed. */
export function upgradeKeptCounts(kept: { result?: unknown; activation?: unknown }): { result?: unknown; activation?: unknown } {
  return {
    ...(kept.result === undefined ? {} : { result: upgradeResult(kept.result) }),
    ...(kept.activation === undefined ? {} : { activation: upgradeActivation(kept.activation) }),
  };
}

function upgradeResult(result: unknown): unknown {
  if (!isRecord(result)) return result;
  return { ...result, ...countField(result, 'audience'), ...dimensionsField(result) };
}

function upgradeDimension(dimension: unknown): unknown {
  if (!isRecord(dimension)) return dimension;
  return { ...dimension, ...countField(dimension, 'count'), ...dimensionsField(dimension) };
}

function dimensionsField(holder: Record<string, unknown>): Record<string, unknown> {
  return Array.isArray(holder.dimensions) ? { dimensions: holder.dimensions.map(upgradeDimension) } : {};
}

function upgradeActivation(activation: unknown): unknown {
  if (!isRecord(activation) || !isRecord(activation.summary)) return activation;
  const summary = activation.summary;
  return { ...activation, summary: { ...summary, ...countField(summary, 'total_rows'), ...countField(summary, 'original_record_count') } };
}

/** `{[name]: number}` when the field holds a decimal string of a safe integer, else nothing. */
function countField(holder: Record<string, unknown>, name: string): Record<string, number> {
  const value = holder[name];
  if (typeof value !== 'string' || !/^-?\d+$/.test(value)) return {};
  const count = Number(value);
  return Number.isSafeInteger(count) ? { [name]: count } : {};
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
