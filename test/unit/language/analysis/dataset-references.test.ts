import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { findDatasetReferences, planDatasetRename, prepareDatasetRename, datasetNameAt } from '../../../../language/src/analysis/dataset-references';
import { parseIql } from '../../../../language/src/parser';
import { DEMO_CATALOG } from '../../../fixtures/catalog/demo-catalog';

const FILE = `SELECT AGGREGATE(Retail.Age, Bank.Income) FROM Retail INTERSECT Bank WHERE Retail.Gender = 'Female' ENRICH WITH Publisher1;
SELECT Retail.ID FROM Retail EXCLUDE Publisher1;
SELECT COUNT() FROM Bank`;

function setUp(text = FILE) {
  const { ast } = parseIql(text);
  return { ast, document: TextDocument.create('file:///r.iql', 'iql', 1, text), text };
}

/** The texts the spans cover, with the line each starts on. */
function covered(text: string, spans: readonly { start: number; end: number }[]): string[] {
  const document = TextDocument.create('file:///r.iql', 'iql', 1, text);
  return spans.map((s) => `${document.positionAt(s.start).line}:${text.slice(s.start, s.end)}`);
}

describe('dataset references and rename (no aliases in IQL: a name is one dataset throughout a file)', () => {
  it('finds every place a file names a dataset: audience, WITH lists, qualifiers and output columns', () => {
    const { ast, text } = setUp();
    assert.deepEqual(covered(text, findDatasetReferences(ast, 'Retail')), ['0:Retail', '0:Retail', '0:Retail', '1:Retail', '1:Retail']);
    assert.deepEqual(covered(text, findDatasetReferences(ast, 'Publisher1')), ['0:Publisher1', '1:Publisher1']);
    assert.deepEqual(findDatasetReferences(ast, 'Nothing'), []);
    // From an output column and a qualifier alike, the name is the dataset's.
    assert.equal(datasetNameAt(ast, text.indexOf('ID'))?.text, 'Retail');
    assert.equal(datasetNameAt(ast, text.indexOf('Bank.Income') + 1)?.text, 'Bank');
    assert.equal(datasetNameAt(ast, text.indexOf('Income')), undefined, 'a category is not a dataset name');
  });

  it('prepares a rename only on a dataset name, keeping the name as the placeholder', () => {
    const { ast, text } = setUp('SELECT COUNT() FROM "Retail"');
    const prepared = prepareDatasetRename(ast, text.indexOf('Retail'));
    assert.ok(prepared.ok);
    assert.equal(text.slice(prepared.span.start, prepared.span.end), '"Retail"');
    assert.equal(prepared.placeholder, 'Retail');
    const refused = prepareDatasetRename(ast, 2);
    assert.match(refused.ok ? '' : refused.message, /^Only dataset names can be renamed/);
  });

  it('renames every reference in every query, quoting the new name only when it needs it', () => {
    const { ast, document, text } = setUp();
    const plan = planDatasetRename(document, ast, text.indexOf('Publisher1'), 'IdGraph', undefined);
    assert.ok(plan.ok);
    assert.deepEqual(covered(text, plan.replacements.map((r) => r.span)), ['0:Publisher1', '1:Publisher1']);
    assert.deepEqual(plan.replacements.map((r) => r.newText), ['IdGraph', 'IdGraph']);
    const typedQuoted = planDatasetRename(document, ast, text.indexOf('Publisher1'), '"Select"', undefined);
    assert.deepEqual(typedQuoted.ok ? typedQuoted.replacements.map((r) => r.newText) : typedQuoted.message, ['"Select"', '"Select"']);
  });

  it('refuses a new name that collides with a dataset the same query names', () => {
    const { ast, document, text } = setUp();
    const plan = planDatasetRename(document, ast, text.indexOf('Publisher1'), 'Bank', DEMO_CATALOG);
    assert.equal(plan.ok ? '' : plan.message, "'Bank' is already named in the query on line 1, which names 'Publisher1' too: renaming would make two datasets of that query one. Pick another name, or edit that query by hand.");
  });

  it('refuses an empty, unchanged, malformed or unknown name with the reason and the fix', () => {
    const { ast, document, text } = setUp();
    const at = text.indexOf('Publisher1');
    const message = (wanted: string, withCatalog = true): string => {
      const plan = planDatasetRename(document, ast, at, wanted, withCatalog ? DEMO_CATALOG : undefined);
      return plan.ok ? 'renamed' : plan.message;
    };
    assert.equal(message('  '), 'A dataset name cannot be empty: type the name of another dataset.');
    assert.equal(message('Publisher1'), "The dataset is already named 'Publisher1'.");
    assert.equal(message('my data', false), "'my data' cannot be a dataset name: dataset names (private IDs, collaboration dataset names) are 1 to 17 letters and digits.");
    assert.equal(message('Banc'), "There is no dataset 'Banc' in this file's catalog: every reference would become unknown. Did you mean 'Bank'?");
    assert.equal(message('Opaque'), 'renamed', 'a dataset of the catalog');
    assert.equal(message('Elsewhere', false), 'renamed', 'offline, a well-formed name');
    assert.match(message('x'.repeat(18), false), /1 to 17 letters and digits/);
  });
});
