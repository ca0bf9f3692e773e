/**
 * The profile the "Start Local Emulator" command writes, and how the emulator says whom that
 * profile signs in as. The emulator is a separate program (the bundled CLI's `iql emulator`),
 * so the extension carries none of its code: started with `--demo-profile-json`, it prints its
 * demo user on stdout, just before its ready line.
 */

/** The name of the profile that points at the local emulator. */
export const EMULATOR_PROFILE = 'Local emulator';

/**
 * Set to `1` by `npm start` (scripts/editor/start-editor.mjs) next to IQL_BASE_URL and
 * IQL_API_KEY: the environment's profile is a local emulator started for this editor, so Start
 * Local Emulator reuses it instead of running a second one beside it.
 */
export const SHARED_EMULATOR_VARIABLE = 'IQL_LOCAL_EMULATOR';

/** The URL of the emulator `npm start` runs for this editor, when it started one. */
export function sharedEmulatorUrl(env: NodeJS.ProcessEnv): string | undefined {
  return env[SHARED_EMULATOR_VARIABLE] === '1' ? env.IQL_BASE_URL?.trim() || undefined : undefined;
}

/** The argument that makes `iql emulator` announce its demo user (cli/src/commands/emulator.ts). */
export const DEMO_PROFILE_ARG = '--demo-profile-json';

/** The demo user the emulator announced. */
export interface EmulatorDemoProfile {
  /** For messages: "the profile signs in as Ana". */
  readonly displayName: string;
  /** The key the profile stores (in secret storage: demo keys are public, but keys are keys). */
  readonly apiKey: string;
  /** Every demo key, all hidden from the log; includes `apiKey`. */
  readonly apiKeys: readonly string[];
}

const DEMO_PROFILE_LINE = /^demo-profile (\{.*\})\s*$/;

/**
 * The demo user in the emulator's line `demo-profile {"displayName": …, "apiKey": …,
 * "apiKeys": […]}`; undefined for any other line, and for one whose JSON lacks a field, has a
 * field of the wrong type or an empty key. Never throws.
 */
export function parseDemoProfileLine(line: string): EmulatorDemoProfile | undefined {
  const json = DEMO_PROFILE_LINE.exec(line)?.[1];
  if (json === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { displayName, apiKey, apiKeys } = value as Record<string, unknown>;
  if (typeof displayName !== 'string' || typeof apiKey !== 'string' || apiKey === '' || !Array.isArray(apiKeys)) return undefined;
  const keys = apiKeys.filter((key): key is string => typeof key === 'string' && key !== '');
  if (keys.length !== apiKeys.length) return undefined;
  return { displayName, apiKey, apiKeys: keys.includes(apiKey) ? keys : [apiKey, ...keys] };
}
