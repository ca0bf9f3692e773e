/**
 * Checks what a person types when adding a profile: its name and the service's base URL.
 * Pure functions with messages that name the problem and the fix, so that the same words
 * appear under an input box and in a warning when a command is given bad arguments.
 */
import { isLoopbackHost, PRODUCTION_BASE_URL } from '../../../common/service-profile';

/** Longest accepted profile name: it appears in directives and in the status bar. */
export const MAX_PROFILE_NAME_LENGTH = 40;

/** Words of letters, digits, `_`, `-` and `.`, one space between them: "Local emulator", "prod-eu". */
const PROFILE_NAME = /^[A-Za-z0-9_.-]+(?: [A-Za-z0-9_.-]+)*$/;

/** The rule of `PROFILE_NAME`, as every message that refuses a name states it. */
export const PROFILE_NAME_RULE = 'letters, digits, spaces, -, _ and . (one space between words)';

/**
 * Returns why `raw` cannot name a new profile, or undefined when it can. A name is what the rest
 * of a `-- @profile NAME` line holds, so words with single spaces read unambiguously there, in
 * settings and as a secret's key ("Local emulator", the emulator's own profile, is one); it
 * differs from every name in `taken` regardless of case, so that two profiles are never confused.
 */
export function checkProfileName(raw: string, taken: readonly string[]): string | undefined {
  const name = raw.trim();
  if (name.length === 0) return 'Enter a name for the profile, e.g. staging.';
  if (name.length > MAX_PROFILE_NAME_LENGTH) return `Use a shorter name: at most ${MAX_PROFILE_NAME_LENGTH} characters.`;
  if (!PROFILE_NAME.test(name)) return `A profile name may hold ${PROFILE_NAME_RULE} only, e.g. ${suggestProfileName(name)}.`;
  const clash = taken.find((existing) => existing.toLowerCase() === name.toLowerCase());
  if (clash !== undefined) return `A profile named '${clash}' already exists. Choose another name, or remove '${clash}' first.`;
  return undefined;
}

export type BaseUrlCheck = { readonly ok: true; readonly baseUrl: string } | { readonly ok: false; readonly message: string };

/**
 * Checks a base URL and returns it normalised (no trailing slash), or a message saying what
 * to change. https is required, except for a service on this machine (localhost,
 * 127.0.0.0/8, ::1), because an API key sent over plain http elsewhere can be read on the way.
 * Never throws.
 */
export function checkBaseUrl(raw: string): BaseUrlCheck {
  const text = raw.trim();
  if (text.length === 0) return fail(`Enter the service's base URL, e.g. ${PRODUCTION_BASE_URL}.`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail(`'${clip(text)}' is not a URL. Enter a full URL starting with https://, e.g. ${PRODUCTION_BASE_URL}.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return fail(`'${url.protocol}' is not supported. Use https://, e.g. ${PRODUCTION_BASE_URL}.`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return fail(
      `Plain http:// would send your API key unencrypted to ${url.hostname}. Use https://${url.host}${trimSlashes(url.pathname)}, ` +
        'or http:// only for a service on this machine (localhost, 127.0.0.1, ::1).',
    );
  }
  if (url.username !== '' || url.password !== '') {
    return fail('Remove the user name and password from the URL; the API key is stored separately, in the editor\'s secret storage.');
  }
  if (url.search !== '' || url.hash !== '') return fail('Remove the query string and fragment (after ? or #): only the scheme, host and an optional path are used.');
  return { ok: true, baseUrl: `${url.protocol}//${url.host}${trimSlashes(url.pathname)}` };
}

/**
 * Returns why `raw` cannot be stored as an API key, or undefined when it can. A key is one
 * line without spaces inside: a line break would let it inject further HTTP headers.
 */
export function checkApiKey(raw: string): string | undefined {
  const key = raw.trim();
  if (key.length === 0) return 'Paste the API key; it is kept in the editor\'s secret storage, never in settings.';
  if (key.length > 4096) return 'That is too long for an API key: paste only the key itself.';
  if (hasSpaceOrControl(key)) return 'The key contains a space, line break or control character. Paste it again as one line.';
  return undefined;
}

function hasSpaceOrControl(text: string): boolean {
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (code <= 0x20 || code === 0x7f || /\s/.test(char)) return true;
  }
  return false;
}

/** `raw` with what a name may not hold dropped and spaces made single, shown as an accepted name. */
function suggestProfileName(raw: string): string {
  const words = raw.replace(/[^A-Za-z0-9_.\s-]+/g, ' ').trim().split(/\s+/).join(' ');
  return words.length > 0 ? words.slice(0, MAX_PROFILE_NAME_LENGTH).trim() : 'staging';
}

function trimSlashes(path: string): string {
  return path.replace(/\/+$/, '');
}

function clip(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function fail(message: string): BaseUrlCheck {
  return { ok: false, message };
}
