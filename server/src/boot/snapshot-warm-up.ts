/**
 * What Node making the server's startup snapshot runs before it saves the heap (server.ts). V8
 * keeps the bytecode of the functions that ran, and a start from the snapshot has no code cache
 * for the others: each would be compiled on its first call, in the first document's
 * diagnostics (~1.6 ms more with the parser alone warmed up). So the builder runs a server of
 * its own, in this process, over in-memory streams, through what a start's first minute takes:
 * initialize, a document opened, its diagnostics, a keystroke, completion after FROM and after
 * a dataset's dot, hover, shutdown. With no profile (an empty environment) it has no target:
 * nothing is read or sent outside this process. Having no catalog either, it is followed by the
 * checks and completions that need one, on a made-up catalog of two datasets.
 *
 * node:crypto is loaded too (the stored catalog's name and digest need it at once on a warm
 * start), being one of the built-ins Node saves in a snapshot; node:http is not (Node 20
 * cannot evaluate it while making one), and is loaded on the first service call as before.
 */
import type * as Crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import { createConnection, createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-languageserver/node';
import { checkFileAgainstCatalog, createCatalog, getCompletions, parseIql, type Catalog } from '../../../language/src';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { startLanguageServer } from '../language-server';

const URI = 'file:///snapshot-warm-up.iql';
/** Most of the grammar, a mistake and two unfinished queries: what the first documents of a session hold. */
const TEXT = [
  '-- what a file begins with',
  'SELECT AGGREGATE(Sample.Age {0, 10, 20}, Sample."Home Region") FROM Sample INTERSECT Other',
  "WHERE Sample.Age > 5 AND Sample.Gender IN ('F', 'M') AND Sample.\"Home Region\" IN ('North')",
  'ENRICH WITH Other LINK WITH Other;',
  'SELECT TOPN(Sample.Gender, 5) FROM Sample UNION Other EXCLUDE Sample;',
  'SELECT SUM(Sample.Age), AVG(Sample.Age) FROM Sample;',
  'SELECT COUNT() FROM Unknown WHERE',
  'SELECT COUNT FROM ',
].join('\n');
const LAST_LINE = TEXT.split('\n').length - 1;

export async function warmUpForSnapshot(): Promise<void> {
  // Into the snapshot: a later require of it (service/src/lazy-node.ts) finds it loaded.
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- only while a snapshot is made
  (require('node:crypto') as typeof Crypto).createHash('sha256').update(TEXT).digest('hex');
  // The streams are left open: vscode-languageserver exits the process when its input ends.
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  startLanguageServer(server, {});
  const client = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  client.listen();
  try {
    await session(client);
  } finally {
    client.dispose();
    server.dispose();
  }
  withCatalog();
  // Last, a timer that fires once every other is cleared or done: see startFromSnapshot (server.ts).
  await new Promise((resolve) => setTimeout(resolve, 0));
}

/** The checks and completions a loaded catalog brings, on a made-up one. */
function withCatalog(): void {
  const catalog = sampleCatalog();
  checkFileAgainstCatalog(parseIql(TEXT).ast, catalog);
  const document = TextDocument.create(URI, 'iql', 1, TEXT);
  getCompletions(document, TEXT.length, catalog, { sharedEditRange: true, sharedData: true });
  getCompletions(document, TEXT.indexOf('Sample.Age') + 'Sample.'.length, catalog, { sharedEditRange: true, sharedData: true });
}

function sampleCatalog(): Catalog {
  const categories = [
    { label: 'Age', representations: [{ label: 'Age', dataType: 'INTEGERS' }] },
    { label: 'Gender', representations: [{ label: 'Gender', dataType: 'STRINGS', possibleValues: ['F', 'M'] }] },
    { label: 'Home Region', representations: [{ label: 'Home Region', dataType: 'STRINGS' }] },
  ];
  const dataset = (name: string) => ({ name, privateId: name, publicName: `${name} customers`, keys: ['email'], outputColumns: [], activation: false, categoriesKnown: true, categories });
  return createCatalog([dataset('Sample'), dataset('Other')]);
}

async function session(client: MessageConnection): Promise<void> {
  const diagnostics = (): Promise<unknown> => new Promise((resolve) => {
    const listening = client.onNotification('textDocument/publishDiagnostics', (params) => {
      listening.dispose();
      resolve(params);
    });
  });
  // No processId: the server would watch this process's id with an interval, which would keep the builder alive.
  await client.sendRequest('initialize', { processId: null, rootUri: null, capabilities: { textDocument: { completion: { completionList: { itemDefaults: ['editRange', 'data'] } } } } });
  await client.sendNotification('initialized', {});
  const opened = diagnostics();
  await client.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'iql', version: 1, text: TEXT } });
  await opened;
  const edited = diagnostics();
  await client.sendNotification('textDocument/didChange', { textDocument: { uri: URI, version: 2 }, contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: ' ' }] });
  await edited;
  await client.sendRequest('textDocument/completion', { textDocument: { uri: URI }, position: { line: LAST_LINE, character: 'SELECT COUNT FROM '.length } });
  await client.sendRequest('textDocument/completion', { textDocument: { uri: URI }, position: { line: 1, character: 'SELECT AGGREGATE(Sample.'.length } });
  await client.sendRequest('textDocument/hover', { textDocument: { uri: URI }, position: { line: 1, character: 'SELECT AGGREGATE(Sam'.length } });
  await client.sendRequest('shutdown');
}
