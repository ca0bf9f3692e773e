import assert from 'node:assert/strict';
import type { ExtensionServices } from '../../../client/src/extension-services';
import { runInsightQuery, ServiceClient, type QueryRun } from '../../../service/src';

/**
 * The emulator's own answer to `query`, asked by the test itself with the profile's URL and
 * key (not through the extension or its server), to compare with what the editor shows.
 */
export async function askDirectly(services: ExtensionServices, profile: string | undefined, query: string): Promise<QueryRun> {
  const name = profile ?? services.profiles.defaultProfile();
  const entry = name === undefined ? undefined : services.profiles.get(name);
  const apiKey = name === undefined ? undefined : await services.profiles.apiKey(name);
  assert.ok(entry && apiKey, `profile ${name ?? '(default)'} has a URL and a key`);
  const created = ServiceClient.create({ name: entry.name, baseUrl: entry.baseUrl, apiKey }, { version: 'test' });
  assert.ok(created.ok, created.ok ? '' : created.error.message);
  try {
    const direct = await runInsightQuery(created.value, { query }, { poll: { initialDelayMs: 20, maxDelayMs: 100 } });
    assert.ok(direct.ok, direct.ok ? '' : direct.error.message);
    return direct.value;
  } finally {
    await created.value.close();
  }
}
