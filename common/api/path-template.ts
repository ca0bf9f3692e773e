/**
 * Matching a request path against a path template such as
 * `/api/v2/collaborations/{collaboration_id}`: for the emulator's router (operations.ts) and
 * for recognising an operation of the swagger it does not serve. Data only, no zod.
 */

/**
 * The decoded path parameters when `pathname` (without query string, trailing slashes
 * ignored) fits `template`, else undefined. An empty or malformed percent-encoded parameter
 * fits nothing. With `restParam`, the template's last parameter takes the rest of the path,
 * slashes included, and may be blank (a path inside a vault). Never throws.
 */
export function matchPathTemplate(template: string, pathname: string, restParam = false): Record<string, string> | undefined {
  if (restParam) return matchWithRest(template, pathname);
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

function matchWithRest(template: string, pathname: string): Record<string, string> | undefined {
  const cut = template.lastIndexOf('/{');
  const name = /^\/\{([a-z_]+)\}$/.exec(template.slice(cut))?.[1];
  if (name === undefined) return undefined;
  const trimmed = pathname.replace(/\/+$/, '');
  const head = trimmed.split('/').slice(0, template.slice(0, cut).split('/').length).join('/');
  const params = matchPathTemplate(template.slice(0, cut), head);
  if (params === undefined) return undefined;
  const rest = trimmed.slice(head.length).replace(/^\//, '');
  const decoded = rest.split('/').map(safeDecode);
  if (decoded.some((part) => part === undefined)) return undefined;
  return { ...params, [name]: decoded.join('/') };
}

function safeDecode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    // A malformed escape such as `%E0%A4%A` cannot name any resource.
    return undefined;
  }
}
