import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveGeneratedCatalog } from './catalog-fixture';
import { iqlContender } from './peer-contenders';
import { LspDriver } from './lsp-driver';
async function main(): Promise<void> {
  const served = await serveGeneratedCatalog(10000, 50, { warm: true });
  const dir = await mkdtemp(join(tmpdir(), 'iql-size-'));
  const c = iqlContender(dir, served.serverEnv);
  const { driver } = await LspDriver.start(c.launch);
  await driver.open(c.completions.uri, c.completions.languageId, c.completions.text, false);
  for (;;) { const a = await driver.complete(c.completions.uri, c.completions.listAt); if (a.labels.includes(c.catalogEntry)) break; }
  const conn = (driver as unknown as { connection: { sendRequest(m: string, p: unknown): Promise<unknown> } }).connection;
  const member = await conn.sendRequest('textDocument/completion', { textDocument: { uri: c.completions.uri }, position: c.completions.memberAt });
  const list = await conn.sendRequest('textDocument/completion', { textDocument: { uri: c.completions.uri }, position: c.completions.listAt });
  const m = JSON.stringify(member); const l = JSON.stringify(list);
  console.log('member bytes', m.length, 'list bytes', l.length);
  console.log(JSON.stringify((member as { items: unknown[] }).items.slice(0, 2), null, 1));
  console.log(JSON.stringify((member as { itemDefaults?: unknown }).itemDefaults));
  await driver.close(); await served.close();
}
void main();
