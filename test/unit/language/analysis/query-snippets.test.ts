/**
 * The snippets completion offers where a query starts (language/src/analysis/query-snippets.ts):
 * well-formed tab stops, a default at each, keywords in upper case, directives the grammar
 * recognises, defaults that are the catalog's own datasets (never a made-up name), and every
 * snippet, expanded with its defaults, IQL without syntax errors, with and without a catalog.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCatalog, type CatalogDataset } from '../../../../language/src/catalog/catalog';
import { DATASET_CHOICES, querySnippets } from '../../../../language/src/analysis/query-snippets';
import { checkFileAgainstCatalog } from '../../../../language/src/analysis/catalog-checks';
import { parseIql } from '../../../../language/src/parser';
import { DEMO_CATALOG } from '../../../fixtures/catalog/demo-catalog';
import { readSnippetBody } from '../../grammar/snippet-body';
import { tokenize } from '../../grammar/tokenize';

const CATALOGS = [
  { name: 'demo catalog', catalog: DEMO_CATALOG },
  { name: 'no catalog', catalog: undefined },
];

describe('query snippets', () => {
  for (const { name, catalog } of CATALOGS) {
    it(`are well formed with a default at every tab stop (${name})`, () => {
      for (const snippet of querySnippets(catalog)) {
        const report = readSnippetBody(snippet.body);
        assert.deepEqual(report.problems, [], `${snippet.prefix}: ${report.problems.join('; ')}`);
        assert.ok(report.tabStops.has(1), `${snippet.prefix}: at least one tab stop`);
        for (const [index, values] of report.tabStops) {
          if (index !== 0) assert.ok(values.some((value) => value !== ''), `${snippet.prefix}: tab stop ${index} has no default`);
        }
      }
    });

    it(`expand to IQL without syntax errors (${name})`, () => {
      for (const snippet of querySnippets(catalog)) {
        const text = readSnippetBody(snippet.body).expanded;
        assert.deepEqual(parseIql(text).problems.filter((p) => p.severity === 'error').map((p) => p.message), [], `${snippet.prefix}:\n${text}`);
      }
    });
  }

  it('name only datasets of the catalog: expanded, no dataset is unknown', () => {
    for (const snippet of querySnippets(DEMO_CATALOG)) {
      const text = readSnippetBody(snippet.body).expanded;
      const unknown = checkFileAgainstCatalog(parseIql(text).ast, DEMO_CATALOG).filter((p) => p.code === 'iql.unknown-dataset');
      assert.deepEqual(unknown, [], `${snippet.prefix}:\n${text}`);
    }
  });

  it('cover every query form and the directives, with unique lower-case prefixes', () => {
    const prefixes = querySnippets(DEMO_CATALOG).map((s) => s.prefix);
    assert.deepEqual(prefixes, ['count', 'aggregate', 'aggregate-bins', 'aggregate-string-bins', 'aggregate-representation', 'topn', 'sumavg', 'activation', 'audience', 'collab', 'profile']);
    for (const prefix of prefixes) assert.match(prefix, /^[a-z][a-z0-9-]*$/);
  });

  it('write keywords in upper case and directives where the grammar recognises them', async () => {
    for (const snippet of querySnippets(DEMO_CATALOG)) {
      const lines = await tokenize(readSnippetBody(snippet.body).expanded);
      for (const token of lines.flat()) {
        const isKeyword = token.scopes.some((scope) => scope.startsWith('keyword.other.clause') || scope.startsWith('keyword.operator.set') || scope.startsWith('support.function'));
        if (isKeyword) assert.equal(token.text, token.text.toUpperCase(), `${snippet.prefix}: "${token.text}"`);
      }
      if (snippet.body.startsWith('--')) {
        assert.ok(lines[0]?.some((token) => token.scopes.includes('keyword.other.directive.iql')), `${snippet.prefix}: a directive`);
        assert.ok(lines[0]?.some((token) => token.scopes.includes('entity.name.tag.directive-value.iql')), `${snippet.prefix}: with a value`);
      }
    }
  });

  it('offer at most a bounded choice of datasets, their names written as queries need them', () => {
    const many: CatalogDataset[] = Array.from({ length: DATASET_CHOICES + 10 }, (_, i) => ({
      name: i === 0 ? 'Two words, a|pipe' : `D${i}`,
      privateId: `D${i}`,
      keys: [],
      categories: [],
      outputColumns: [],
      activation: false,
      categoriesKnown: true,
    }));
    const count = querySnippets(createCatalog(many)).find((s) => s.prefix === 'count')!;
    const report = readSnippetBody(count.body);
    assert.equal(report.expanded, 'SELECT COUNT()\nFROM "Two words, a|pipe"');
    assert.equal(count.body.split(',').length, DATASET_CHOICES + 1, 'the escaped comma inside the name adds one split');
  });
});
