/**
 * The demo workspace's query files (demo/workspace/), read as they are, so that the browser
 * scenarios run exactly what `npm start` shows a new user.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const DEMO_WORKSPACE = join(__dirname, '..', '..', '..', 'demo', 'workspace');

/** `{ [name]: text }` for the named files of demo/workspace/, ready for `UiScenario.files`. */
export function demoFiles(...names: string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, readFileSync(join(DEMO_WORKSPACE, name), 'utf8')]));
}
