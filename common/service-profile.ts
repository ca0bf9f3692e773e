/**
 * A service profile: where to send requests and with which key. Profiles are supplied by the
 * caller (settings and secret storage live in the client); this module only checks them.
 */
import type { ServiceError } from './service-result';

export interface ServiceProfile {
  /** Shown in messages, e.g. "production" or "emulator". */
  readonly name: string;
  /** e.g. `https://api.infosum.com`, or `http://127.0.0.1:8787` for the local emulator. */
  readonly baseUrl: string;
  /** The raw key, sent as `Authorization: <key>` (no `Bearer`). Legacy `<public>/<private>` works too. */
  readonly apiKey: string;
}

/** The profile name used for the environment variables' connection (IQL_BASE_URL, IQL_API_KEY). */
export const ENVIRONMENT_PROFILE = 'environment';

/** The production base URL of the service. */
export const PRODUCTION_BASE_URL = 'https://api.infosum.com';

/**
 * True for hosts that never leave the machine: `localhost`, 127.0.0.0/8 and `::1`. Only these
 * may be reached over plain HTTP, because a key sent in clear text elsewhere can be read on
 * the way.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host === '::1') return true;
  const octets = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return octets !== null && octets.slice(1).every((octet) => Number(octet) <= 255);
}

/**
 * Checks a profile before any request is made. Returns undefined when it is usable, else a
 * `misconfigured` error whose message names the problem and the fix. Never throws.
 */
export function checkProfile(profile: ServiceProfile): ServiceError | undefined {
  const label = `profile "${profile.name}"`;
  let url: URL;
  try {
    url = new URL(profile.baseUrl);
  } catch {
    return misconfigured(`The base URL of ${label} is not a URL: "${profile.baseUrl}". Use a full URL such as ${PRODUCTION_BASE_URL}.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return misconfigured(`The base URL of ${label} uses "${url.protocol}"; use https:// (for example ${PRODUCTION_BASE_URL}).`);
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return misconfigured(
      `The base URL of ${label} uses plain http:// for ${url.hostname}, which would send the API key unencrypted. ` +
        'Use https://, or http:// only for a service on this machine (localhost, 127.0.0.1, ::1).',
    );
  }
  if (url.username !== '' || url.password !== '') {
    return misconfigured(`The base URL of ${label} contains a user name or password; remove it and store the API key with the profile instead.`);
  }
  if (url.search !== '' || url.hash !== '') {
    return misconfigured(`The base URL of ${label} contains a query string or fragment; use only the scheme, host and optional path prefix.`);
  }
  if (profile.apiKey.trim().length === 0) {
    return { kind: 'unauthorized', message: `No API key is set for ${label}: the API key is missing, wrong or expired. Create a key in the service's account pages and store it for this profile.` };
  }
  // A line break would let the key inject further headers; Node's HTTP client would also refuse it.
  if (hasControlCharacter(profile.apiKey.trim())) {
    return misconfigured(`The API key of ${label} contains a line break or control character. Paste the key again as one line.`);
  }
  return undefined;
}

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function misconfigured(message: string): ServiceError {
  return { kind: 'misconfigured', message };
}
