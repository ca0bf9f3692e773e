/**
 * Matching a request path against a path template such as
 * `/api/v2/collaborations/{collaboration_id}`: for the emulator's router (operations.ts) and
 * for recognising an operation of the swagger it does not serve. Data only, no zod.
 */

/**
 * The decoded path parameters when `pathname` (without query string, trailing slashes
 * ignored) fits `template`, else undefined. An empty or malformed percent-encoded parameter
 * fits nothing. Never throws.
 */
export function matchPathTemplate(template: string, pathname: string): Record<string, string> | undefined {
  const actual = pathname.replace(/\/+$/, '').split('/');
  const expected = template.split('/');
  if (expected.length !== actual.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < expected.length; i++) {
    const part = expected[i] ?? '';
    const value = actual[i] ?? '';
    const name = /^\{([a-z_]+)\}$/.exec(part)?.[1];
    if (name === undefined) {
      if (part !== value) return undefined;
      continue;
    }
    const decoded = safeDecode(value);
    if (decoded === undefined || decoded === '') return undefined;
    params[name] = decoded;
  }
  return params;
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    // A malformed escape such as `%E0%A4%A` cannot name any resource.
    return undefined;
  }
}
