/**
 * The push configuration of a segment export, collected from input boxes: one box per path
 * the destination lets the caller edit at push time (`editable_paths`, with the instance's
 * value as the default), or, when it names none, one optional JSON object. What the user
 * types is turned into the JSON the service expects here, without 'vscode'.
 */

/** The value at `path` (dot- or slash-separated; a leading `/` or `$.` is ignored) in `config`. */
export function readPath(config: Readonly<Record<string, unknown>> | undefined, path: string): unknown {
  let current: unknown = config;
  for (const part of splitPath(path)) {
    if (typeof current !== 'object' || current === null || Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** A copy of `config` with `value` at `path`, creating objects on the way. Never throws. */
export function writePath(config: Readonly<Record<string, unknown>>, path: string, value: unknown): Record<string, unknown> {
  const parts = splitPath(path);
  if (parts.length === 0) return { ...config };
  const [head, ...rest] = parts;
  if (rest.length === 0) return { ...config, [head]: value };
  const inner = config[head];
  const child = typeof inner === 'object' && inner !== null && !Array.isArray(inner) ? (inner as Record<string, unknown>) : {};
  return { ...config, [head]: writePath(child, rest.join('.'), value) };
}

/** The text an input box starts with for a default value: strings as they are, others as JSON. */
export function formatDefault(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export type Parsed<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly message: string };

/**
 * What the user typed for a path, typed like its default: a number for a number, true/false
 * for a boolean, JSON for an object or array, else the text itself. Never throws.
 */
export function parseFieldInput(text: string, defaultValue: unknown): Parsed<unknown> {
  const trimmed = text.trim();
  if (typeof defaultValue === 'number') {
    const value = Number(trimmed);
    return trimmed !== '' && Number.isFinite(value) ? { ok: true, value } : { ok: false, message: 'Enter a number.' };
  }
  if (typeof defaultValue === 'boolean') {
    if (/^(true|false)$/i.test(trimmed)) return { ok: true, value: trimmed.toLowerCase() === 'true' };
    return { ok: false, message: 'Enter true or false.' };
  }
  if (typeof defaultValue === 'object' && defaultValue !== null) {
    try {
      return { ok: true, value: JSON.parse(trimmed) as unknown };
    } catch {
      return { ok: false, message: `Enter JSON, like the default: ${JSON.stringify(defaultValue)}` };
    }
  }
  return { ok: true, value: text };
}

/**
 * The optional free-form push configuration: empty text means "the destination's defaults"
 * (undefined); otherwise it must be a JSON object. Never throws.
 */
export function parsePushConfigJson(text: string): Parsed<Record<string, unknown> | undefined> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch (error) {
    return { ok: false, message: `Not JSON: ${error instanceof Error ? error.message : String(error)}. Write an object, e.g. {"path": "/incoming"}, or leave it empty.` };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { ok: false, message: 'The push configuration must be a JSON object, e.g. {"path": "/incoming"}, or empty for the defaults.' };
  }
  return { ok: true, value: parsed as Record<string, unknown> };
}

function splitPath(path: string): string[] {
  return path
    .trim()
    .replace(/^\$\.?/, '')
    .split(/[./]/)
    .filter((part) => part !== '');
}
