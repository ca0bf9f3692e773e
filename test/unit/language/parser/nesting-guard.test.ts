import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseFilter, parseIql } from '../../../../language/src/parser/index';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { collectDocumentProblems, createCatalog, findHoverSubject, getDocumentSymbols, getSemanticTokens } from '../../../../language/src';
import { maxNestingDepth, maxSetOperators } from '../../../../language/src/parser/nesting-guard';

describe('limitNesting', () => {
  it('parses brackets nested up to the limit', () => {
    const text = `SELECT COUNT() FROM ${'('.repeat(maxNestingDepth)}A${')'.repeat(maxNestingDepth)}`;
    assert.deepEqual(parseIql(text).problems, []);
  });

  it('cuts a query nested deeper than the limit and parses the next one', () => {
    const deep = `SELECT COUNT() FROM ${'('.repeat(maxNestingDepth + 1)}A${')'.repeat(maxNestingDepth + 1)}`;
    const { ast, problems } = parseIql(`${deep}\nSELECT COUNT() FROM B`);
    assert.deepEqual(problems.map((problem) => [problem.code, problem.span.start]), [['iql.nesting-too-deep', 20 + maxNestingDepth]]);
    assert.equal(ast.queries.length, 2);
    assert.equal(ast.queries[1].from?.audience?.kind, 'Dataset');
  });

  it('survives a megabyte of opening brackets', () => {
    const text = `SELECT COUNT() FROM R WHERE ${'('.repeat(1_000_000)}`;
    assert.equal(parseIql(text).problems[0].code, 'iql.nesting-too-deep');
    assert.equal(parseFilter('('.repeat(1_000_000)).problems[0].code, 'iql.nesting-too-deep');
  });

  it('parses a chain of set operators up to the limit, and every feature walks its tree', () => {
    const chain = `SELECT COUNT() FROM ${Array.from({ length: maxSetOperators + 1 }, (_, index) => `D${index}`).join(' INTERSECT ')}`;
    assert.deepEqual(parseIql(chain).problems, []);
    exerciseFeatures(chain);
  });

  it('cuts a query chaining more set operators than the limit (50,000), and no feature overflows the stack', () => {
    const chain = `SELECT COUNT() FROM ${Array.from({ length: 50_001 }, () => 'Retail').join(' UNION ')}\nSELECT COUNT() FROM B`;
    const { ast, problems } = parseIql(chain);
    assert.deepEqual(problems.map((problem) => problem.code), ['iql.too-many-set-operators']);
    assert.match(problems[0].message, /more than 1,000 set operators/);
    assert.equal(ast.queries.length, 2);
    exerciseFeatures(chain);
  });
});

/** Diagnostics with a catalog, outline, semantic tokens and hover: each walks the whole tree. */
function exerciseFeatures(text: string): void {
  const parsed = parseIql(text);
  const document = TextDocument.create('file:///deep.iql', 'iql', 1, text);
  const catalog = createCatalog([]);
  collectDocumentProblems({ text, parsed, targetProblems: [], catalog, collaboration: false, verdicts: new Map() });
  getDocumentSymbols(document, parsed.ast);
  getSemanticTokens(document, parsed.ast, catalog);
  findHoverSubject(text, parsed.ast, 30, catalog);
}

