import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Activation, QueryDimension, QueryResult } from '../../common/api';
import { findCaller } from '../../emulator/src/access/access-rules';
import { createQueryEngine } from '../../emulator/src/engine-adapter';
import { resolveQueryScope } from '../../emulator/src/http/query-scope';
import { startEmulator, type RunningEmulator } from '../../emulator/src/start-emulator';
import { ServiceClient } from '../../service/src/service-client';
import { makeTree, runInProcess } from './cli-harness';
import { createQuery } from '../../service/src';

interface RunEntry {
  index: number;
  line: number;
  type: 'insight' | 'activation';
  query: string;
  query_id?: string;
  result?: QueryResult;
  activation_id?: string;
  activation?: Activation;
  error?: { kind: string; message: string; service_message?: string };
}

const TWO_DIMENSIONS = "SELECT AGGREGATE(Retail.Gender {'Female', 'Male'}, Retail.Region) FROM Retail INTERSECT Bank";

/** The rows of a nested result, walked here rather than by the code under test. */
function leafRows(dimensions: readonly QueryDimension[], above: string[] = []): string[][] {
  return dimensions.flatMap((bin) =>
    bin.dimensions && bin.dimensions.length > 0 ? leafRows(bin.dimensions, [...above, bin.value ?? '']) : [[...above, bin.value ?? '', String(bin.count)]],
  );
}

/** The body of the aligned table whose header line matches `header`: cells split on runs of 2+ spaces. */
function tableBody(stdout: string, header: RegExp): string[][] {
  const lines = stdout.split('\n');
  const start = lines.findIndex((line) => header.test(line));
  assert.ok(start >= 0, `no header ${header} in:\n${stdout}`);
  assert.match(lines[start + 1] ?? '', /^-+( +-+)*$/, 'a rule under the header');
  const body: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (line === '' || /^(Audience|Redacted|—|The rows)/.test(line)) break;
    body.push(line.trim().split(/ {2,}/));
  }
  return body;
}

describe('iql run (against the emulator)', () => {
  let emulator: RunningEmulator;
  let env: NodeJS.ProcessEnv;
  const engine = createQueryEngine();

  /** What the emulator's engine computes for `query`, asked directly, without HTTP or the CLI. */
  function expectedResult(query: string, collaborationId?: string): QueryResult {
    const caller = findCaller(emulator.data, 'demo-key-ana');
    assert.ok(caller);
    const outcome = engine.runInsight(query, resolveQueryScope(emulator.data, caller, collaborationId).datasets);
    assert.ok(outcome.ok, outcome.ok ? '' : outcome.problem.message);
    return outcome.value;
  }

  before(async () => {
    const started = await startEmulator({ port: 0 });
    assert.ok(started.ok);
    emulator = started.emulator;
    env = { IQL_BASE_URL: emulator.url, IQL_API_KEY: 'demo-key-ana' };
  });
  after(() => emulator.close());

  it("prints the engine's counts as an aligned table, with progress on stderr only", async () => {
    const expected = expectedResult(TWO_DIMENSIONS);
    const rows = leafRows(expected.dimensions);
    assert.ok(rows.length >= 4, 'a real breakdown');
    const root = makeTree({ 'q.iql': `${TWO_DIMENSIONS}\n` });
    const run = await runInProcess(['run', join(root, 'q.iql')], env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^The query \(line 1\), query id Q\w+: SELECT AGGREGATE/);
    assert.match(run.stdout, /^Retail\.Gender +Retail\.Region +count$/m);
    assert.deepEqual(tableBody(run.stdout, /^Retail\.Gender/).map((cells) => cells.join('|')), rows.map((cells) => cells.join('|')));
    assert.ok(run.stdout.includes(`Audience: ${expected.audience}.`));
    assert.doesNotMatch(run.stdout, /submitting|polling|done in/);
    assert.match(run.stderr, /^iql run: the query \(line 1\): submitting the query$/m);
    assert.match(run.stderr, /^iql run: the query \(line 1\): polling Q\w+ \(attempt 1, \d+\.\d s\)$/m);
    assert.match(run.stderr, /^iql run: the query \(line 1\): done in \d+\.\d s$/m);
  });

  it('prints the same numbers as CSV and JSON: one CSV block per query, separated by an empty line', async () => {
    const root = makeTree({ 'q.iql': `${TWO_DIMENSIONS};\nSELECT COUNT() FROM Retail\n` });
    const file = join(root, 'q.iql');
    const [csv, json] = await Promise.all([runInProcess(['run', '--format', 'csv', file], env), runInProcess(['run', '--format', 'json', file], env)]);
    assert.equal(csv.code, 0, csv.stderr);
    assert.equal(json.code, 0, json.stderr);

    const entries = JSON.parse(json.stdout) as RunEntry[];
    assert.deepEqual(
      entries.map((entry) => [entry.index, entry.line, entry.type]),
      [
        [1, 1, 'insight'],
        [2, 2, 'insight'],
      ],
    );
    assert.deepEqual(entries[0]?.result, expectedResult(TWO_DIMENSIONS), "JSON carries the service's result unchanged");
    const count = expectedResult('SELECT COUNT() FROM Retail').audience;
    assert.equal(entries[1]?.result?.audience, count);

    const blocks = csv.stdout.split('\n\n');
    assert.equal(blocks.length, 2, 'two blocks, one empty line between them');
    const first = parseCsv(blocks[0] ?? '') as string[][];
    assert.deepEqual(first[0], ['Retail.Gender', 'Retail.Region', 'count']);
    assert.deepEqual(first.slice(1), leafRows(entries[0]?.result?.dimensions ?? []));
    assert.deepEqual(parseCsv(blocks[1] ?? ''), [['count'], [String(count)]]);
    assert.match(csv.stderr, /Audience: \d+\./, 'what a CSV cannot hold goes to stderr');
  });

  it('prints SUM and AVG as measure columns of a total row', async () => {
    const query = "SELECT SUM(Retail.Spend), AVG(Retail.Spend) FROM Retail WHERE Retail.Region = 'North'";
    const expected = expectedResult(query);
    const run = await runInProcess(['run', '--format', 'csv', join(makeTree({ 'q.iql': query }), 'q.iql')], env);
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(parseCsv(run.stdout), [
      ['count', 'sum', 'user_average', 'value_average'],
      [String(expected.audience), String(expected.sum), String(expected.user_average?.mean), String(expected.value_average?.mean)],
    ]);
  });

  it('runs against the collaboration named by IQL_COLLABORATION or the directive', async () => {
    const query = 'SELECT COUNT() FROM self INTERSECT them';
    const count = expectedResult(query, 'CLB.demo').audience;
    const root = makeTree({ 'plain.iql': `${query}\n`, 'directive.iql': `-- @collaboration CLB.demo\n${query}\n` });
    const byEnvironment = await runInProcess(['run', '--format', 'csv', join(root, 'plain.iql')], { ...env, IQL_COLLABORATION: 'CLB.demo' });
    assert.equal(byEnvironment.code, 0, byEnvironment.stderr);
    assert.deepEqual(parseCsv(byEnvironment.stdout), [['count'], [String(count)]]);
    const byDirective = await runInProcess(['run', '--format', 'csv', join(root, 'directive.iql')], env);
    assert.equal(byDirective.stdout, byEnvironment.stdout);
    const outside = await runInProcess(['run', join(root, 'plain.iql')], env);
    assert.equal(outside.code, 1, 'outside the collaboration the names are unknown');
  });

  it('queues an activation query and prints what the service says of it', async () => {
    const query = "SELECT self.ID, self.EmailHash FROM self INTERSECT them WHERE them.Interest IN ('Cycling', 'Running')";
    const caller = findCaller(emulator.data, 'demo-key-ana');
    assert.ok(caller);
    const rows = engine.runActivation(query, resolveQueryScope(emulator.data, caller, 'CLB.demo').datasets);
    assert.ok(rows.ok);
    const root = makeTree({ 'a.iql': `-- @collaboration CLB.demo\n${query}\n` });
    const table = await runInProcess(['run', join(root, 'a.iql')], env);
    assert.equal(table.code, 0, table.stderr);
    const [cells] = tableBody(table.stdout, /^activation_id/);
    assert.match(cells?.[0] ?? '', /^ACT\./);
    assert.deepEqual(cells?.slice(1), ['QUERY_COMPLETED', String(rows.value.rows.length), 'ID EmailHash']);
    assert.match(table.stderr, /submitting the activation/);

    const json = JSON.parse((await runInProcess(['run', '--format', 'json', join(root, 'a.iql')], env)).stdout) as RunEntry[];
    assert.equal(json[0]?.type, 'activation');
    assert.equal(json[0]?.activation?.summary?.total_rows, rows.value.rows.length);
  });

  it("reports a refused query with the service's message, runs the others, and exits 1", async () => {
    const bad = 'SELECT SUM(Retail.Spend), SUM(Retail.Spend) FROM Retail';
    const client = ServiceClient.create({ name: 'direct', baseUrl: emulator.url, apiKey: 'demo-key-ana' }, { version: 'test' });
    assert.ok(client.ok);
    const direct = await createQuery(client.value, { query: bad });
    await client.value.close();
    assert.ok(!direct.ok && direct.error.serviceMessage);

    const root = makeTree({ 'q.iql': `${bad};\nSELECT COUNT() FROM Retail\n` });
    const table = await runInProcess(['run', join(root, 'q.iql')], env);
    assert.equal(table.code, 1);
    assert.ok(table.stderr.includes(`q.iql:1:27: error: query 1 of 2 (line 1): ${direct.error.serviceMessage}`), table.stderr);
    assert.match(table.stdout, /^Query 2 of 2 \(line 2\), query id /m);
    assert.doesNotMatch(table.stdout, /Query 1 of 2/);

    const json = await runInProcess(['run', '--format', 'json', join(root, 'q.iql')], env);
    assert.equal(json.code, 1);
    const entries = JSON.parse(json.stdout) as RunEntry[];
    assert.equal(entries[0]?.error?.kind, 'invalid');
    assert.equal(entries[0]?.error?.service_message, direct.error.serviceMessage);
    assert.ok(entries[1]?.result);
  });

  it('exits 2 and stops when the service cannot be reached or refuses the key', async () => {
    const closed = await startEmulator({ port: 0 });
    assert.ok(closed.ok);
    const deadUrl = closed.emulator.url;
    await closed.emulator.close();
    const root = makeTree({ 'q.iql': 'SELECT COUNT() FROM Retail;\nSELECT COUNT() FROM Bank\n' });

    const unreachable = await runInProcess(['run', join(root, 'q.iql')], { IQL_BASE_URL: deadUrl, IQL_API_KEY: 'demo-key-ana' });
    assert.equal(unreachable.code, 2);
    assert.equal(unreachable.stdout, '');
    assert.match(unreachable.stderr, /connection was refused/);
    assert.doesNotMatch(unreachable.stderr, /query 2 of 2/, 'the run stops at the first query');

    const refused = await runInProcess(['run', '--format', 'json', join(root, 'q.iql')], { ...env, IQL_API_KEY: 'wrong-key' });
    assert.equal(refused.code, 2);
    assert.equal(refused.stdout, '', 'no partial JSON');
    assert.match(refused.stderr, /HTTP 401/);

    const none = await runInProcess(['run', join(root, 'q.iql')], { IQL_BASE_URL: emulator.url });
    assert.equal(none.code, 2);
    assert.match(none.stderr, /IQL_BASE_URL is set but IQL_API_KEY is not/);
  });

  it('refuses bad usage with the usage line', async () => {
    const extra = await runInProcess(['run', 'a.iql', 'b.iql'], env);
    assert.equal(extra.code, 2);
    assert.match(extra.stderr, /name one query file, not 2/);
    assert.match(extra.stderr, /usage: iql run \[--format table\|json\|csv\] <file\.iql>/);
    const format = await runInProcess(['run', '--format', 'xml', 'a.iql'], env);
    assert.equal(format.code, 2);
    assert.match(format.stderr, /use table, json or csv/);
  });
});
