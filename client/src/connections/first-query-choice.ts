/**
 * Which query file a first launch opens: the first `.iql` file at the top of the workspace
 * (demo/workspace's, when `npm start` opened it), else none, and the walkthrough's example
 * opens instead. Pure, so that the choice is tested without an editor.
 */

/** The name among `names` (a folder's top-level file names) to open first, or undefined. */
export function chooseFirstQueryFile(names: readonly string[]): string | undefined {
  return names.filter((name) => name.toLowerCase().endsWith('.iql')).sort((a, b) => a.localeCompare(b))[0];
}
