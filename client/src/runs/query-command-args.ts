/**
 * Reading command arguments, which come from code lenses, menus, keybindings, other
 * extensions or the Command Palette: anything at all. Never throws; unusable input is undefined.
 */
import type { QueryCommandArgs } from '../../../common/protocol';

/** `{uri, offset}` as the server's code lenses pass it, else undefined (use the cursor). */
export function readQueryCommandArgs(arg: unknown): QueryCommandArgs | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const { uri, offset } = arg as { uri?: unknown; offset?: unknown };
  if (typeof uri !== 'string' || uri === '' || typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) return undefined;
  return { uri, offset };
}

/** The run a history command is about: a run id, or anything with a string `id` (a tree element, a RunRecord). */
export function readRunId(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg === '' ? undefined : arg;
  if (typeof arg !== 'object' || arg === null) return undefined;
  const id = (arg as { id?: unknown }).id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}
