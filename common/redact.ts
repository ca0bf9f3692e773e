/**
 * Keeps API keys out of every message the service layer produces.
 */
import type { ServiceError } from './service-result';

export const REDACTED = '[redacted]';

/**
 * The strings to hide for a key. Legacy 1.0 keys have the shape `<public>/<private>`; the
 * private half is a secret on its own, so each long enough half is hidden too.
 */
export function listSecrets(apiKey: string): string[] {
  const secrets = new Set<string>();
  const key = apiKey.trim();
  if (key.length > 0) secrets.add(key);
  if (apiKey.length > 0) secrets.add(apiKey);
  for (const part of key.split('/')) {
    // Very short fragments would turn ordinary words into "[redacted]"; real key halves are long.
    if (part.length >= 8) secrets.add(part);
  }
  // Longest first, so a whole key is replaced before its halves.
  return [...secrets].sort((a, b) => b.length - a.length);
}

/**
 * Replaces every occurrence of each secret in `text`, also in its percent-encoded form (a
 * secret can reach a message through a URL) and as escaped inside a JSON string (a connector's
 * password with a quote or backslash, in a traced request's parameters). Contract: never throws.
 */
export function redactText(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length === 0) continue;
    result = result.split(secret).join(REDACTED);
    for (const form of [encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]) {
      if (form !== secret) result = result.split(form).join(REDACTED);
    }
  }
  return result;
}

/** Returns `error` with every text field redacted. */
export function redactError(error: ServiceError, secrets: readonly string[]): ServiceError {
  const clean = (value: string | undefined): string | undefined => (value === undefined ? undefined : redactText(value, secrets));
  return {
    ...error,
    message: redactText(error.message, secrets),
    serviceMessage: clean(error.serviceMessage),
    code: clean(error.code),
    requestId: clean(error.requestId),
    ...(error.kind === 'invalid-response' ? { field: redactText(error.field, secrets) } : {}),
    ...(error.kind === 'network' && error.cause !== undefined ? { cause: redactText(error.cause, secrets) } : {}),
  } as ServiceError;
}
