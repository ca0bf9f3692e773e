import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SignatureHelp } from 'vscode-languageserver-types';
import { getSignatureHelp } from '../../../../language/src/analysis/signature-help';
import { parseIql } from '../../../../language/src/parser';
import { withCursor } from './cursor';

function help(fixture: string): SignatureHelp | null {
  const { document, offset, text } = withCursor(fixture);
  return getSignatureHelp(document, parseIql(text).ast, offset);
}

/** The signature's label with the active parameter in [brackets], or null for no help. */
function shown(fixture: string): string | null {
  const result = help(fixture);
  if (!result) return null;
  const signature = result.signatures[result.activeSignature ?? 0]!;
  assert.equal(signature.activeParameter, result.activeParameter);
  const parameter = signature.parameters?.[result.activeParameter ?? 0];
  if (!parameter) return signature.label;
  const [start, end] = typeof parameter.label === 'string' ? [signature.label.indexOf(parameter.label), 0] : parameter.label;
  return `${signature.label.slice(0, start)}[${signature.label.slice(start, end)}]${signature.label.slice(end)}`;
}

describe('signature help', () => {
  it('shows COUNT() with no parameter', () => {
    assert.equal(shown('SELECT COUNT(<|>) FROM Retail'), 'COUNT()');
  });

  it('follows the dimensions of AGGREGATE, one more for each comma', () => {
    assert.equal(shown('SELECT AGGREGATE(<|>'), 'AGGREGATE([dimension], …)');
    assert.equal(shown('SELECT AGGREGATE(Age<|>) FROM Retail'), 'AGGREGATE([dimension], …)');
    assert.equal(shown('SELECT AGGREGATE(Age, <|>) FROM Retail'), 'AGGREGATE(dimension, [dimension], …)');
    assert.equal(shown('SELECT aggregate(Age, Gender, In<|>'), 'AGGREGATE(dimension, dimension, [dimension], …)');
  });

  it('does not count the commas inside bins', () => {
    assert.equal(shown("SELECT AGGREGATE(Age {18, 25, <|>}, Gender) FROM Retail"), 'AGGREGATE([dimension], …)');
    assert.equal(shown("SELECT AGGREGATE(Age {18, 25}, Gender {'Female', 'Male'}<|>) FROM Retail"), 'AGGREGATE(dimension, [dimension], …)');
  });

  it('moves from the category to n in TOPN, and stays on n after extra commas', () => {
    assert.equal(shown('SELECT TOPN(<|>'), 'TOPN([category], n)');
    assert.equal(shown('SELECT TOPN(Publisher1."Favourite Section", <|>) FROM Publisher1'), 'TOPN(category, [n])');
    assert.equal(shown('SELECT TOPN(Job, 5, <|>) FROM Retail'), 'TOPN(category, [n])');
  });

  it('shows SUM and AVG with their one parameter', () => {
    assert.equal(shown('SELECT SUM(Retail.Spend), AVG(<|>) FROM Retail'), 'AVG([category])');
    assert.equal(shown('SELECT SUM(<|>Retail.Spend) FROM Retail'), 'SUM([category])');
  });

  it('documents the function and each parameter', () => {
    const result = help('SELECT TOPN(Job, <|>) FROM Retail')!;
    const signature = result.signatures[0]!;
    assert.match(JSON.stringify(signature.documentation), /most frequent/);
    assert.match(JSON.stringify(signature.parameters![1]!.documentation), /positive integer/);
  });

  it('offers nothing outside a call, after its ")", in a nested group or in a comment', () => {
    assert.equal(shown('SELECT COUNT<|>() FROM Retail'), null);
    assert.equal(shown('SELECT COUNT()<|> FROM Retail'), null);
    assert.equal(shown('SELECT COUNT() FROM (Retail UNION <|>'), null);
    assert.equal(shown("SELECT COUNT() FROM Retail WHERE Region IN ('a', <|>"), null);
    assert.equal(shown('SELECT COUNT(-- a note<|>\n) FROM Retail'), null);
    assert.equal(shown('<|>'), null);
  });

  it('does not let an unclosed call leak into the next clause or query', () => {
    assert.equal(shown('SELECT COUNT( FROM Retail<|>'), null);
    assert.equal(shown('SELECT AGGREGATE(Age;\nSELECT COUNT() FROM A WHERE x = <|>'), null);
    assert.equal(shown('SELECT AGGREGATE(Age\nSELECT TOPN(x, <|>'), 'TOPN(category, [n])');
  });
});
