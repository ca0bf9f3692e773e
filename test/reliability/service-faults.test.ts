/**
 * A service that answers the real paths with empty or malformed bodies. Its fault must never
 * become a diagnostic on the user's query: `iql check` reports it as the service's problem
 * (exit 2), and `iql explain` prints no plan from an answer that holds none (exit 2). Before,
 * an empty List Datasets gave "Unknown dataset 'Retail'" (exit 1) and an empty plan exit 0.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FakeService, type FakeHandler } from '../unit/service/fake-service';
import { makeTree, runInProcess } from '../cli/cli-harness';

const KEY = 'service-faults-key-0815';

/** Answers `path` (exactly, without query string) with `raw` as a 200 body; validations succeed; anything else 404. */
function answering(routes: Record<string, string>): FakeHandler {
  return (request) => {
    const path = request.url.split('?')[0] ?? '';
    if (Object.hasOwn(routes, path)) return { status: 200, raw: routes[path] };
    if (path === '/api/v1/validate') return { status: 200, raw: '{"success":true}' };
    return { status: 404, raw: '{"message":"not found"}' };
  };
}

/** List Datasets answers that hold no dataset: nothing, `{}`, an empty list, the list under another name. */
const EMPTY_LISTS = ['', '{}', '{"datasets":[]}', '{"items":[{"private_id":"Retail"}]}'];
/** List Datasets answers that do not match the swagger's shape. */
const MALFORMED_LISTS = ['garbage', '[]', '{"datasets":"Retail"}', '{"datasets":[42]}', '{"datasets":[{"public_name":"Retail"}]}', '{"datasets":[{"private_id":"Retail"}'];
/** ExplainQuery answers that are well-formed JSON objects but hold no plan. */
const PLANLESS = ['', '{}', '{"unexpected":true}', '{"query_plan":{}}', '{"query_plan":{"query":"SELECT COUNT() FROM Retail","plan":{}}}'];

describe('empty and malformed answers are service faults, never diagnostics', () => {
  let service: FakeService;
  let env: NodeJS.ProcessEnv;
  let folder: string;
  before(async () => {
    service = await FakeService.start(answering({}));
    env = { IQL_BASE_URL: service.baseUrl, IQL_API_KEY: KEY };
    folder = makeTree({ 'q.iql': 'SELECT COUNT() FROM Retail\n' });
  });
  after(() => service.close());

  it('iql check: an empty or malformed List Datasets is a service fault (exit 2), never unknown datasets', async () => {
    for (const body of [...EMPTY_LISTS, ...MALFORMED_LISTS]) {
      service.setHandler(answering({ '/api/v1/datasets': body }));
      const run = await runInProcess(['check', folder], env);
      assert.equal(run.code, 2, `${body}: ${run.stdout}${run.stderr}`);
      assert.doesNotMatch(run.stdout, /Unknown dataset/, body);
      // Malformed answers were already refused by the schema; empty ones read as "no dataset".
      const said = EMPTY_LISTS.includes(body)
        ? /the service listed no datasets for this key \(List Datasets, GET \/api\/v1\/datasets, answered an empty list\), so dataset names cannot be checked/
        : /The service's answer to List Datasets \(GET \/api\/v1\/datasets\) is not what this extension expects: field "[^"]+": /;
      assert.match(run.stderr, said, body);
    }
  });

  it('iql check: an empty collaboration dataset list is the same service fault', async () => {
    service.setHandler(answering({ '/api/v2/collaborations/CLB.x/datasets': '{"datasets":[],"pagination":{"page":1,"per_page":500}}' }));
    const run = await runInProcess(['check', folder], { ...env, IQL_COLLABORATION: 'CLB.x' });
    assert.equal(run.code, 2, run.stdout + run.stderr);
    assert.doesNotMatch(run.stdout, /Unknown collaboration dataset/);
    assert.match(run.stderr, /listed no datasets in collaboration CLB\.x \(List Datasets \(collaboration\), GET \/api\/v2\/collaborations\/CLB\.x\/datasets/);
  });

  it('iql check: a malformed Get Dataset metadata answer for a dataset the query names is a service fault (exit 2)', async () => {
    service.setHandler(answering({ '/api/v1/datasets': '{"datasets":[{"private_id":"Retail"}]}', '/api/v1/datasets/Retail': '{"dataset":{"public_name":"no id"}}' }));
    const run = await runInProcess(['check', folder], env);
    assert.equal(run.code, 2, run.stdout + run.stderr);
    assert.equal(run.stdout, '', 'Retail is listed: its name is not reported');
    assert.match(run.stderr, /The service's answer to Get Dataset metadata \(GET \/api\/v1\/datasets\/\{private_id\}\) is not what this extension expects: field "dataset\.private_id"/);
  });

  it('iql explain: an answer without a plan exits 2 naming the problem, and prints no plan', async () => {
    const file = join(folder, 'q.iql');
    for (const body of PLANLESS) {
      service.setHandler(answering({ '/api/v1/explain': body }));
      for (const format of ['text', 'json']) {
        const run = await runInProcess(['explain', '--format', format, file], env);
        assert.equal(run.code, 2, `${body} (${format}): ${run.stdout}${run.stderr}`);
        assert.equal(run.stdout, '', `${body} (${format})`);
        assert.match(run.stderr, /^iql explain: the query \(line 1\): the service's answer to ExplainQuery \(POST \/api\/v1\/explain\) holds no plan/, body);
      }
    }
    service.setHandler(answering({ '/api/v1/explain': 'garbage' }));
    const garbage = await runInProcess(['explain', file], env);
    assert.equal(garbage.code, 2);
    assert.match(garbage.stderr, /ExplainQuery \(POST \/api\/v1\/explain\) is not what this extension expects: field "\(body\)": the answer is not valid JSON/);
  });
});
