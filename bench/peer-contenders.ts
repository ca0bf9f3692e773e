/**
 * The servers the peer benchmark compares, each with a catalog of the same size and shape and
 * the same three documents in its own language: a ~2 KB query that names a dozen catalog
 * entries (opened, then edited a keystroke at a time), and a document with two completion
 * sites — the list of catalog entries (IQL after FROM, SQL after `FROM `, GraphQL at a type
 * position) and the columns of one entry (after `Dataset0.`, `table0.`, inside `table0`'s
 * selection set).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { languageServerEnv } from '../common/language-server-env';
import { compileCacheDir } from '../common/server-cache-dir';
import { languageServerNodeArgs } from '../common/startup-snapshot';
import { SERVER_BUNDLE } from '../test/lsp/lsp-session';
import type { Position, ServerLaunch } from './lsp-driver';
import type { PeerInstall } from './peer-install';

export interface BenchDocument {
  readonly uri: string;
  readonly languageId: string;
  readonly text: string;
}

export interface Contender {
  readonly launch: ServerLaunch;
  /** The query that is opened and edited; `editAt` is the end of a catalog name in it. */
  readonly query: BenchDocument & { readonly editAt: Position };
  readonly completions: BenchDocument & { readonly listAt: Position; readonly memberAt: Position };
  /** A name the catalog list shows once the catalog is loaded. */
  readonly catalogEntry: string;
}

const QUERY_ENTRIES = 12;

/** The IQL server against the emulator serving `serverEnv`'s catalog. */
/** `extra.script`: another build's dist/server.js (bench/iql-compare.ts runs two builds in turn). */
export function iqlContender(dir: string, serverEnv: NodeJS.ProcessEnv, extra: { env?: NodeJS.ProcessEnv; initializationOptions?: unknown; script?: string } = {}): Contender {
  const list = 'SELECT COUNT FROM ';
  const member = 'SELECT AGGREGATE(Dataset0.) FROM Dataset0';
  const query = iqlQuery();
  const script = extra.script ?? SERVER_BUNDLE;
  const env = languageServerEnv(process.env, { ...serverEnv, ...extra.env });
  return {
    launch: {
      name: 'IQL',
      script,
      // As the editor starts it (client/src/language-client.ts): from its startup snapshot when there is one.
      nodeArgs: () => languageServerNodeArgs(compileCacheDir({ ...process.env, ...env }), dirname(script), { ...process.env, ...env }),
      args: ['--stdio'],
      cwd: dir,
      env,
      rootPath: dir,
      initializationOptions: extra.initializationOptions,
    },
    query: { uri: `file://${dir}/query.iql`, languageId: 'iql', text: query.text, editAt: query.editAt },
    completions: completionDocument(`file://${dir}/complete.iql`, 'iql', member, 'SELECT AGGREGATE(Dataset0.'.length, list),
    catalogEntry: 'Dataset0',
  };
}

/** A 2 KB IQL query over 12 datasets: dimensions, INTERSECT, filters. */
export function iqlQuery(): { text: string; editAt: Position } {
  // Odd indices not divisible by 5: plain INTEGERS categories.
  const numeric = [1, 3, 7, 9, 11, 13, 17, 19, 21, 23, 27, 29];
  const dims = numeric.map((c, i) => `    Dataset${i}.Category${c} {0, 10, 20, 30, 40}`).join(',\n');
  const filters = Array.from({ length: 20 }, (_, i) => `  AND Dataset${i % QUERY_ENTRIES}."Category Number ${(i % 5) * 10}" IN ('Alpha', 'Beta')`).join('\n');
  const datasets = Array.from({ length: QUERY_ENTRIES }, (_, i) => `Dataset${i}`).join(' INTERSECT ');
  const text = `SELECT AGGREGATE(\n${dims}\n)\nFROM ${datasets}\nWHERE Dataset0.Category1 > 5\n${filters}\n`;
  const padded = text.length < 2048 ? text + `-- ${'x'.repeat(2048 - text.length - 4)}\n` : text;
  return { text: padded, editAt: lineEnd(padded, 'WHERE Dataset0.Category1', 'WHERE Dataset0.Category1'.length) };
}

/** graphql-lsp over an SDL schema of `tables` object types × `columns` fields, each a root field of Query. */
export async function graphqlContender(dir: string, peers: PeerInstall, tables: number, columns: number): Promise<Contender> {
  await mkdir(join(dir, 'queries'), { recursive: true });
  const root = Array.from({ length: tables }, (_, t) => `  table${t}: Table${t}`).join('\n');
  const types = Array.from({ length: tables }, (_, t) => `type Table${t} {\n${columnList(columns, (c) => `  column${c}: ${c % 2 === 0 ? 'String' : 'Int'}`)}\n}`);
  await writeFile(join(dir, 'schema.graphql'), `type Query {\n${root}\n}\n\n${types.join('\n\n')}\n`);
  await writeFile(join(dir, '.graphqlrc.json'), JSON.stringify({ schema: 'schema.graphql', documents: 'queries/*.graphql' }));

  const selections = Array.from({ length: QUERY_ENTRIES }, (_, t) => `  table${t} {\n${columnList(14, (c) => `    column${c}`)}\n  }`).join('\n');
  const text = `query Bench {\n${selections}\n}\n`;
  const member = 'query Columns { table0 {  } }';
  const list = 'fragment Pick on ';
  return {
    launch: { name: 'graphql-lsp', script: peers.graphqlLsp, args: ['server', '--method', 'stream'], cwd: dir, rootPath: dir },
    query: { uri: `file://${dir}/queries/query.graphql`, languageId: 'graphql', text, editAt: lineEnd(text, '    column1', '    column1'.length) },
    completions: completionDocument(`file://${dir}/queries/complete.graphql`, 'graphql', member, 'query Columns { table0 { '.length, list),
    catalogEntry: 'Table0',
  };
}

/** sql-language-server with its JSON adapter: a schema file of `tables` tables × `columns` columns. */
export async function sqlContender(dir: string, peers: PeerInstall, tables: number, columns: number): Promise<Contender> {
  const schema = {
    tables: Array.from({ length: tables }, (_, t) => ({
      catalog: null,
      database: 'bench',
      tableName: `table${t}`,
      columns: Array.from({ length: columns }, (_, c) => ({ columnName: `column${c}`, description: c % 2 === 0 ? 'text' : 'integer' })),
    })),
    functions: [],
  };
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'schema.json'), JSON.stringify(schema));
  await writeFile(join(dir, '.sqllsrc.json'), JSON.stringify({ name: 'bench', adapter: 'json', filename: join(dir, 'schema.json') }));

  const select = Array.from({ length: QUERY_ENTRIES }, (_, t) => `  table${t}.column${2 * t + 1}`).join(',\n');
  const joins = Array.from({ length: QUERY_ENTRIES - 1 }, (_, t) => `  JOIN table${t + 1} ON table${t + 1}.column0 = table0.column0`).join('\n');
  const filters = Array.from({ length: 20 }, (_, i) => `  AND table${i % QUERY_ENTRIES}.column${(i % 5) * 10} IN ('Alpha', 'Beta')`).join('\n');
  const body = `SELECT\n${select}\nFROM table0\n${joins}\nWHERE table0.column1 > 5\n${filters}\n`;
  const text = body.length < 2048 ? body + `-- ${'x'.repeat(2048 - body.length - 4)}\n` : body;
  const member = 'SELECT table0. FROM table0';
  const list = 'SELECT * FROM ';
  return {
    launch: {
      name: 'sql-language-server',
      script: peers.sqlLanguageServer,
      args: ['up', '--method', 'stdio'],
      cwd: dir,
      // Its personal config is read from $HOME and its debug log written to the temp dir: both kept in the bench's folder.
      env: { HOME: dir, TMPDIR: dir },
      rootPath: dir,
    },
    query: { uri: `file://${dir}/query.sql`, languageId: 'sql', text, editAt: lineEnd(text, 'WHERE table0.column1', 'WHERE table0.column1'.length) },
    completions: completionDocument(`file://${dir}/complete.sql`, 'sql', member, 'SELECT table0.'.length, list),
    catalogEntry: 'table0',
  };
}

/**
 * The completion document: the columns site on its first line, the list site at the end of
 * its third. It ends with a newline: graphql-lsp answers nothing on the last line of a
 * document it cannot parse.
 */
function completionDocument(uri: string, languageId: string, member: string, memberCharacter: number, list: string): Contender['completions'] {
  return {
    uri,
    languageId,
    text: `${member}\n\n${list}\n`,
    memberAt: { line: 0, character: memberCharacter },
    listAt: { line: 2, character: list.length },
  };
}

function columnList(count: number, line: (index: number) => string): string {
  return Array.from({ length: count }, (_, c) => line(c)).join('\n');
}

/** The position `offset` characters into the first line that starts with `prefix`. */
function lineEnd(text: string, prefix: string, offset: number): Position {
  const line = text.split('\n').findIndex((l) => l.startsWith(prefix));
  if (line < 0) throw new Error(`no line starts with ${prefix}`);
  return { line, character: offset };
}
