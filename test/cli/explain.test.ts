import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { ExplainQueryResponse, PlanJoin } from '../../common/api';
import { startEmulator, type RunningEmulator } from '../../emulator/src/start-emulator';
import { ServiceClient } from '../../service/src/service-client';
import { makeTree, runInProcess } from './cli-harness';
import { explainQuery } from '../../service/src';

/** Every join of a plan tree that goes from one dataset to another. */
function joinsOf(join: PlanJoin | undefined): PlanJoin[] {
  if (!join) return [];
  const own = join.to_private_id && join.to_private_id !== join.from_private_id ? [join] : [];
  return [...own, ...(join.combinator?.joins ?? []).flatMap(joinsOf)];
}

async function startOrFail(options: Parameters<typeof startEmulator>[0]): Promise<RunningEmulator> {
  const started = await startEmulator(options);
  assert.ok(started.ok, started.ok ? '' : started.message);
  return started.emulator;
}

describe('iql explain (against the emulator)', () => {
  let emulator: RunningEmulator;
  let env: NodeJS.ProcessEnv;
  before(async () => {
    emulator = await startOrFail({ port: 0 });
    env = { IQL_BASE_URL: emulator.url, IQL_API_KEY: 'demo-key-ana' };
  });
  after(() => emulator.close());

  it("prints each query's plan: datasets, join keys with the service's figures, dimensions, thresholds", async () => {
    const root = makeTree({
      'q.iql': "SELECT COUNT() FROM Retail;\nSELECT AGGREGATE(Retail.Gender {'Female', 'Male'}) FROM Retail INTERSECT Bank WHERE Retail.Age >= 30\n",
    });
    const text = await runInProcess(['explain', join(root, 'q.iql')], env);
    assert.equal(text.code, 0, text.stderr);
    assert.equal(text.stderr, '');
    const json = await runInProcess(['explain', '--format', 'json', join(root, 'q.iql')], env);
    assert.equal(json.code, 0, json.stderr);
    const plans = JSON.parse(json.stdout) as ExplainQueryResponse[];
    assert.equal(plans.length, 2, 'one answer per query');
    assert.equal(plans[0]?.query_plan?.query, 'SELECT COUNT() FROM Retail');

    assert.match(text.stdout, /^Query 1 of 2 \(line 1\): SELECT COUNT\(\) FROM Retail$/m);
    assert.match(text.stdout, /^Query 2 of 2 \(line 2\): SELECT AGGREGATE/m);
    assert.match(text.stdout, /Audience, counted in Retail:/);
    const joins = joinsOf(plans[1]?.query_plan?.plan?.aggregation_joins);
    assert.ok(joins.length > 0, 'the demo plan joins Retail to Bank');
    for (const planJoin of joins) {
      const used = planJoin.keys?.used ?? [];
      assert.ok(used.length > 0);
      assert.ok(text.stdout.includes(`${planJoin.from_private_id} → ${planJoin.to_private_id} on ${used.join(', ')}`), `join ${planJoin.from_private_id} → ${planJoin.to_private_id}`);
      for (const key of planJoin.keys?.keys ?? []) {
        const figures = [key.overlap, key.from_dataset_size, key.to_dataset_size].map((n) => Number(n).toLocaleString('en-GB'));
        assert.ok(
          text.stdout.includes(`${key.key_name}: overlap ${figures[0]} of ${figures[1]} → ${figures[2]}, duplicates ${Number(key.duplicates).toLocaleString('en-GB')}`),
          `figures of key ${key.key_name}`,
        );
      }
    }
    assert.match(text.stdout, /Retail\.Gender +.+Female, Male \(from the query\)/);
    assert.match(text.stdout, /Filter: Retail\.Age >= 30/);
    const redaction = plans[1]?.query_plan?.results?.redaction_threshold?.threshold;
    assert.ok(text.stdout.includes(`Redaction threshold ${redaction} (`));
  });

  it('explains against the collaboration named by the directive or IQL_COLLABORATION', async () => {
    const root = makeTree({
      'directive.iql': '-- @collaboration CLB.demo\nSELECT COUNT() FROM self INTERSECT them\n',
      'plain.iql': 'SELECT COUNT() FROM self INTERSECT them\n',
    });
    const byDirective = await runInProcess(['explain', join(root, 'directive.iql')], env);
    assert.equal(byDirective.code, 0, byDirective.stderr);
    assert.match(byDirective.stdout, /self → them on /);
    const byEnvironment = await runInProcess(['explain', join(root, 'plain.iql')], { ...env, IQL_COLLABORATION: 'CLB.demo' });
    assert.equal(byEnvironment.code, 0, byEnvironment.stderr);
    assert.equal(byEnvironment.stdout.replace('(line 1)', '(line 2)'), byDirective.stdout);
    const without = await runInProcess(['explain', join(root, 'plain.iql')], env);
    assert.equal(without.code, 1, 'outside the collaboration, self and them are unknown');
  });

  it("reports a refused query with the service's own message, at its position, and exits 1", async () => {
    const query = 'SELECT SUM(Retail.Spend), SUM(Retail.Spend)\nFROM Retail';
    const root = makeTree({ 'bad.iql': `-- a comment first\n${query}\n` });
    const client = ServiceClient.create({ name: 'direct', baseUrl: emulator.url, apiKey: 'demo-key-ana' }, { version: 'test' });
    assert.ok(client.ok);
    const direct = await explainQuery(client.value, { query });
    await client.value.close();
    assert.ok(!direct.ok && direct.error.serviceMessage);

    const run = await runInProcess(['explain', join(root, 'bad.iql')], env);
    assert.equal(run.code, 1);
    assert.equal(run.stdout, '');
    assert.ok(run.stderr.includes(direct.error.serviceMessage), run.stderr);
    assert.match(run.stderr, /bad\.iql:2:\d+: error: the query \(line 2\): /);
  });

  it('prints JSON even when a query is refused, with the answers it got', async () => {
    const root = makeTree({ 'q.iql': 'SELECT COUNT() FROM Nowhere;\nSELECT COUNT() FROM Retail\n' });
    const run = await runInProcess(['explain', '--format', 'json', join(root, 'q.iql')], env);
    assert.equal(run.code, 1);
    const plans = JSON.parse(run.stdout) as ExplainQueryResponse[];
    assert.deepEqual(
      plans.map((plan) => plan.query_plan?.query),
      ['SELECT COUNT() FROM Retail'],
    );
  });

  it('explains an activation query when the service does, and skips it with a note when it does not', async () => {
    const root = makeTree({ 'activation.iql': '-- @collaboration CLB.demo\nSELECT self.ID FROM self INTERSECT them\n' });
    const explained = await runInProcess(['explain', join(root, 'activation.iql')], env);
    assert.equal(explained.code, 0, explained.stderr);
    assert.match(explained.stdout, /— activation query: SELECT self\.ID/);

    const refusing = await startOrFail({ port: 0, faults: 'explain:400' });
    try {
      const skipped = await runInProcess(['explain', join(root, 'activation.iql')], { IQL_BASE_URL: refusing.url, IQL_API_KEY: 'demo-key-ana' });
      assert.equal(skipped.code, 0, skipped.stderr);
      assert.equal(skipped.stdout, '');
      assert.match(skipped.stderr, /is an activation query, and the service did not explain it \(it said: fault injected/);
      assert.match(skipped.stderr, /Explain applies to insight queries; skipped\./);
    } finally {
      await refusing.close();
    }
  });

  it('exits 2 with the fix when the service cannot be reached, the key is refused, or no target is set', async () => {
    const root = makeTree({ 'q.iql': 'SELECT COUNT() FROM Retail\n' });
    const file = join(root, 'q.iql');
    const closed = await startOrFail({ port: 0 });
    const deadUrl = closed.url;
    await closed.close();

    const unreachable = await runInProcess(['explain', file], { IQL_BASE_URL: deadUrl, IQL_API_KEY: 'demo-key-ana' });
    assert.equal(unreachable.code, 2);
    assert.equal(unreachable.stdout, '');
    assert.match(unreachable.stderr, /connection was refused/);
    assert.ok(unreachable.stderr.includes(`IQL_BASE_URL: ${deadUrl}`));

    const refused = await runInProcess(['explain', file], { ...env, IQL_API_KEY: 'wrong-key' });
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /HTTP 401.*IQL_API_KEY/);
    assert.doesNotMatch(refused.stderr, /wrong-key/);

    const none = await runInProcess(['explain', file], {});
    assert.equal(none.code, 2);
    assert.match(none.stderr, /Set IQL_BASE_URL and IQL_API_KEY .* or add '-- @profile environment'/);

    const unknownProfile = await runInProcess(['explain', join(makeTree({ 'p.iql': '-- @profile staging\nSELECT COUNT() FROM Retail\n' }), 'p.iql')], env);
    assert.equal(unknownProfile.code, 2);
    assert.match(unknownProfile.stderr, /Unknown profile 'staging'/);
  });

  it('refuses bad usage with the usage line', async () => {
    const missing = await runInProcess(['explain'], env);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /usage: iql explain \[--format text\|json\] \[--timeout SECONDS\] <file\.iql>/);
    const format = await runInProcess(['explain', '--format', 'yaml', 'q.iql'], env);
    assert.equal(format.code, 2);
    assert.match(format.stderr, /unknown --format 'yaml': use text or json/);
    const help = await runInProcess(['explain', '--help'], env);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /usage: iql explain/);
    const unreadable = await runInProcess(['explain', '/no/such/file.iql'], env);
    assert.equal(unreadable.code, 2);
    assert.match(unreadable.stderr, /cannot read \/no\/such\/file\.iql/);
  });
});
