// The generated wire types (common/api/generated) must be what scripts/generate-api.mjs
// produces from the reference swagger files today, and must cover every operation the
// product promises (shared/api/OPERATIONS.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { generatedOperations } from '../../../common/api/generated/operations.gen';

const root = join(__dirname, '..', '..', '..');
const committed = join(root, 'common', 'api', 'generated');
// The reference files sit next to the repository (../shared/api), not inside it.
const sharedApi = join(root, '..', 'shared', 'api');
const skipWithoutSpec = !existsSync(join(sharedApi, 'infosum-v1.swagger.json')) && 'reference swagger files not found';

function readTree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string): void => {
    for (const name of readdirSync(folder).sort()) {
      const full = join(folder, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.set(relative(dir, full), readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return files;
}

test('the committed generation is what the generator produces now', { skip: skipWithoutSpec, timeout: 120_000 }, () => {
  const out = mkdtempSync(join(tmpdir(), 'api-generated-'));
  try {
    execFileSync(process.execPath, [join(root, 'scripts', 'generate-api.mjs'), '--out', out, '--spec', sharedApi], { cwd: root, stdio: 'pipe' });
    const fresh = readTree(out);
    const current = readTree(committed);
    assert.deepEqual([...current.keys()], [...fresh.keys()], 'generated file list differs: run `npm run generate:api`');
    for (const [file, text] of fresh) {
      assert.ok(current.get(file) === text, `${file} is stale: run \`npm run generate:api\` and commit the result`);
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('every operation of OPERATIONS.md is generated with its method and path', { skip: skipWithoutSpec }, () => {
  const table = readFileSync(join(sharedApi, 'OPERATIONS.md'), 'utf8');
  const rows = [...table.matchAll(/^\| (\d+) \|[^|]*\|[^|]*\| ([A-Z]+) \| `([^`]+)` \| (\w+) \|$/gm)];
  assert.equal(rows.length, 150, 'OPERATIONS.md rows');
  for (const [, number, method, path, operationId] of rows) {
    const api = path?.startsWith('/api/v1/') ? 'v1' : 'v2';
    const found = generatedOperations.find((o) => o.api === api && o.operationId === operationId);
    assert.ok(found !== undefined, `#${number} ${operationId} (${api}) is not generated`);
    assert.equal(`${found.method} ${found.path}`, `${method} ${path}`, `#${number} ${operationId}`);
  }
});

test('every definition of both swagger files has a generated type and zod schema', { skip: skipWithoutSpec }, () => {
  // The generator PascalCases names (`tyraelQuery` → `TyraelQuery`, `GCSConnector` → `GcsConnector`).
  const normalize = (name: string): string => name.replace(/[^A-Za-z0-9]/g, '').toLowerCase();
  for (const version of ['v1', 'v2']) {
    const spec = JSON.parse(readFileSync(join(sharedApi, `infosum-${version}.swagger.json`), 'utf8')) as { definitions: Record<string, unknown> };
    const exported = (file: string, pattern: RegExp): Set<string> =>
      new Set([...readFileSync(join(committed, version, file), 'utf8').matchAll(pattern)].map((m) => normalize(m[1] ?? '')));
    const types = exported('types.gen.ts', /^export type (\w+)/gm);
    const schemas = exported('zod.gen.ts', /^export const z(\w+)/gm);
    const definitions = Object.keys(spec.definitions);
    assert.deepEqual(definitions.filter((d) => !types.has(normalize(d))), [], `${version}: definitions without a type`);
    assert.deepEqual(definitions.filter((d) => !schemas.has(normalize(d))), [], `${version}: definitions without a zod schema`);
  }
});

test('the operation table holds every operation of both swagger files, each once', () => {
  const keys = generatedOperations.map((o) => `${o.method} ${o.path}`);
  assert.equal(new Set(keys).size, keys.length);
  assert.equal(generatedOperations.filter((o) => o.api === 'v1').length, 19);
  assert.equal(generatedOperations.filter((o) => o.api === 'v2').length, 150);
});
