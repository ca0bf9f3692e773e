import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CompletionItemKind, type CompletionItem, type TextEdit } from 'vscode-languageserver-types';
import { createCatalog } from '../../../../language/src/catalog/catalog';
import type { CatalogDataset } from '../../../../language/src/catalog/catalog';
import { getCompletions, MAX_COMPLETION_ITEMS, resolveCompletionItem } from '../../../../language/src/analysis/completion';
import { DEMO_CATALOG, RETAIL } from '../../../fixtures/catalog/demo-catalog';
import { withCursor } from './cursor';

function complete(fixture: string, catalog = DEMO_CATALOG): { labels: string[]; items: CompletionItem[]; apply: (label: string) => string; incomplete: boolean } {
  const { document, offset, text } = withCursor(fixture);
  const list = getCompletions(document, offset, catalog);
  const apply = (label: string): string => {
    const item = list.items.find((i) => i.label === label);
    assert.ok(item, `no item '${label}' among ${list.items.map((i) => i.label).join(', ')}`);
    const edit = item.textEdit as TextEdit;
    const start = document.offsetAt(edit.range.start);
    const end = document.offsetAt(edit.range.end);
    return text.slice(0, start) + edit.newText + text.slice(end);
  };
  return { labels: list.items.map((i) => String(i.label)), items: list.items, apply, incomplete: list.isIncomplete };
}

describe('completion', () => {
  it('offers datasets after FROM and set operators, with public names as detail', () => {
    const { labels, items } = complete('SELECT COUNT() FROM <|>');
    assert.deepEqual(labels, ['Retail', 'Bank', 'Publisher1', 'Opaque']);
    assert.equal(items[0]!.detail, 'Retail customers');
    assert.deepEqual(complete('SELECT COUNT() FROM Retail INTERSECT Pub<|>').labels, ['Publisher1']);
    assert.deepEqual(complete('SELECT COUNT() FROM (Retail UNION <|>').labels.length, 4);
    assert.deepEqual(complete('SELECT COUNT() FROM Retail ENRICH WITH Bank, <|>').labels.length, 4);
  });

  it('replaces the whole word being typed', () => {
    assert.equal(complete('SELECT COUNT() FROM Ret<|>ail').apply('Retail'), 'SELECT COUNT() FROM Retail');
  });

  it('offers the categories of a dataset after its name and a dot', () => {
    const { labels, items, apply } = complete('SELECT AGGREGATE(Retail.<|>) FROM Retail');
    assert.deepEqual(labels, ['Age', 'Gender', 'Region', 'Spend', 'Loyalty Member']);
    assert.equal(apply('Loyalty Member'), 'SELECT AGGREGATE(Retail."Loyalty Member") FROM Retail');
    // Only what resolve and the editor's filter need: a filter text where it is not the label, the names as data.
    const age = items.find((i) => i.label === 'Age')!;
    const loyalty = items.find((i) => i.label === 'Loyalty Member')!;
    assert.equal(age.filterText, undefined);
    assert.equal(loyalty.filterText, '"Loyalty Member"');
    assert.deepEqual(age.data, { dataset: 'Retail', category: 'Age' });
    assert.match(age.detail ?? '', / in Retail$/);
    // Sorted as their labels, so no sort texts; a list mixing kinds keeps them.
    assert.ok(items.every((i) => i.sortText === undefined));
    assert.ok(complete('SELECT COUNT() FROM Retail WHERE <|>').items.every((i) => i.sortText !== undefined));
  });

  it('qualifies categories found in several named datasets', () => {
    const { labels, apply } = complete('SELECT AGGREGATE(<|>) FROM Retail INTERSECT Bank');
    assert.ok(labels.includes('Gender'));
    assert.ok(labels.includes('Retail.Age') && labels.includes('Bank.Age'));
    assert.ok(!labels.includes('Age'), 'an ambiguous name is not offered unqualified');
    assert.ok(labels.includes('Income'));
    assert.ok(labels.includes('Retail.'), 'datasets to qualify with');
    assert.equal(apply('Bank.Age'), 'SELECT AGGREGATE(Bank.Age) FROM Retail INTERSECT Bank');
  });

  it('offers categories in WHERE, and NOT', () => {
    const { labels } = complete("SELECT COUNT() FROM Publisher1 WHERE <|>");
    assert.deepEqual(labels.filter((l) => !l.endsWith('.')), ['Favourite Section', 'NOT']);
    assert.ok(complete('SELECT COUNT() FROM Retail WHERE Age > 3 AND <|>').labels.includes('Gender'));
  });

  it('offers representations after a slash', () => {
    const { labels, apply } = complete('SELECT AGGREGATE(Retail.Age/<|>) FROM Retail');
    assert.deepEqual(labels, ['Age', 'Five Year Bins']);
    assert.equal(apply('Five Year Bins'), 'SELECT AGGREGATE(Retail.Age/"Five Year Bins") FROM Retail');
    assert.deepEqual(complete('SELECT AGGREGATE(Retail.Age/"Fi<|>) FROM Retail').labels, ['Five Year Bins']);
  });

  it('offers possible values after a comparison, in IN lists and in bins', () => {
    assert.deepEqual(complete('SELECT COUNT() FROM Retail WHERE Gender = <|>').labels, ['Female', 'Male', 'Other']);
    assert.equal(complete('SELECT COUNT() FROM Retail WHERE Gender = <|>').apply('Female'), "SELECT COUNT() FROM Retail WHERE Gender = 'Female'");
    assert.deepEqual(complete("SELECT COUNT() FROM Retail WHERE Region IN ('Wales', <|>)").labels, ['London', 'North', 'Scotland', 'Wales']);
    assert.deepEqual(complete("SELECT AGGREGATE(Retail.Gender {'Female', <|>}) FROM Retail").labels, ['Female', 'Male', 'Other']);
    assert.deepEqual(complete("SELECT AGGREGATE(Gender, {<|>}) FROM Retail").labels, ['Female', 'Male', 'Other']);
    // Inside an open string, the literal being typed is replaced as a whole.
    assert.equal(complete("SELECT COUNT() FROM Retail WHERE Gender = 'Fe<|>").apply('Female'), "SELECT COUNT() FROM Retail WHERE Gender = 'Female'");
  });

  it('offers output columns in an activation SELECT', () => {
    assert.deepEqual(complete('SELECT Retail.<|> FROM Retail INTERSECT Bank').labels, ['ID', 'EmailHash']);
    assert.deepEqual(complete('SELECT Retail.ID, Retail.<|> FROM Retail').labels, ['ID', 'EmailHash']);
  });

  it('offers keywords and functions by position', () => {
    assert.deepEqual(complete('<|>').labels[0], 'SELECT');
    assert.deepEqual(complete('SELECT <|>').labels.slice(0, 5), ['COUNT()', 'AGGREGATE()', 'TOPN()', 'SUM()', 'AVG()']);
    assert.deepEqual(complete('SELECT COUNT() <|>').labels, ['FROM']);
    assert.deepEqual(complete('SELECT COUNT() FROM Retail <|>').labels, ['WHERE', 'INTERSECT', 'UNION', 'EXCLUDE', 'ENRICH WITH', 'LINK WITH']);
    assert.deepEqual(complete('SELECT COUNT() FROM Retail WHERE Age <|>').labels, ['=', '!=', '<', '<=', '>', '>=', 'IN']);
    assert.deepEqual(complete("SELECT COUNT() FROM Retail WHERE Gender = 'Male' <|>").labels, ['AND', 'OR', 'ENRICH WITH', 'LINK WITH']);
    assert.deepEqual(complete('SELECT COUNT() FROM Retail ENRICH <|>').labels, ['WITH']);
    assert.deepEqual(complete('-- @<|>').labels, ['@collaboration', '@profile']);
    assert.deepEqual(complete('SELECT COUNT() FROM Retail;\n<|>').labels[0], 'SELECT');
  });

  it('ranks by context: the likeliest keyword first and preselected, and snippets only where a query can start', () => {
    const ranked = (fixture: string): string[] => {
      const { items } = complete(fixture);
      return [...items].sort((a, b) => (a.sortText ?? '').localeCompare(b.sortText ?? '')).map((i) => String(i.label));
    };
    const afterValue = complete("SELECT COUNT() FROM Retail WHERE Age > 30 <|>");
    assert.deepEqual(ranked("SELECT COUNT() FROM Retail WHERE Age > 30 <|>"), ['AND', 'OR', 'ENRICH WITH', 'LINK WITH']);
    assert.equal(afterValue.items.find((i) => i.preselect)?.label, 'AND');
    assert.ok(afterValue.items.every((i) => i.kind !== CompletionItemKind.Snippet), 'no snippet where a keyword is expected');
    assert.deepEqual(ranked('SELECT COUNT() FROM Retail <|>')[0], 'WHERE');
    for (const inside of ['SELECT COUNT() <|>', 'SELECT COUNT() FROM Retail ENRICH <|>', "SELECT COUNT() FROM Retail WHERE Gender = 'Male' <|>"]) {
      assert.deepEqual(complete(inside).items.filter((i) => i.kind === CompletionItemKind.Snippet).map((i) => i.label), [], inside);
    }
    // Where a query starts: SELECT first, then the query snippets; the directives only before the first query.
    const start = ranked('<|>');
    assert.equal(start[0], 'SELECT');
    assert.equal(start[1], 'SELECT COUNT() FROM …');
    assert.ok(start.includes('-- @profile …'));
    assert.ok(!ranked('SELECT COUNT() FROM Retail;\n<|>').includes('-- @profile …'));
  });

  it('gives snippets defaults from the catalog: datasets to choose from, neutral category placeholders', () => {
    const body = (label: string, catalog = DEMO_CATALOG): string => String(complete('<|>', catalog).items.find((i) => i.label === label)?.textEdit?.newText);
    assert.equal(body('SELECT TOPN(…, n) FROM …'), 'SELECT TOPN(${2:category}, ${3:10})\nFROM ${1|Retail,Bank,Publisher1,Opaque|}$0');
    assert.equal(body('SELECT dataset.column FROM … (activation)'), 'SELECT ${1:Retail}.${2:column}\nFROM $1 ${3|INTERSECT,UNION,EXCLUDE|} ${4|Bank,Publisher1,Opaque,Retail|}$0');
    assert.equal(body('SELECT COUNT() FROM …', createCatalog([RETAIL])), 'SELECT COUNT()\nFROM ${1:Retail}$0');
    const offline = withCursor('<|>');
    const count = getCompletions(offline.document, offline.offset, undefined).items.find((i) => i.label === 'SELECT COUNT() FROM …');
    assert.equal(count?.textEdit?.newText, 'SELECT COUNT()\nFROM ${1:dataset}$0');
  });

  it('offers nothing inside comments, numbers in TOPN, or COUNT()', () => {
    assert.deepEqual(complete('-- a comment <|>').labels, []);
    assert.deepEqual(complete('/* SELECT <|> */').labels, []);
    assert.deepEqual(complete('SELECT COUNT(<|>) FROM Retail').labels, []);
    assert.deepEqual(complete('SELECT TOPN(Retail.Gender, <|>) FROM Retail').labels, []);
  });

  it('works without a catalog: keywords only', () => {
    const { document, offset } = withCursor('SELECT COUNT() FROM <|>');
    assert.deepEqual(getCompletions(document, offset, undefined).items, []);
  });

  it('documents datasets and categories on resolve', () => {
    const item = complete('SELECT COUNT() FROM <|>').items[0]!;
    const resolved = resolveCompletionItem(item, DEMO_CATALOG);
    assert.match((resolved.documentation as { value: string }).value, /Retail customers/);
    const category = complete('SELECT AGGREGATE(Retail.<|>) FROM Retail').items[0]!;
    assert.match((resolveCompletionItem(category, DEMO_CATALOG).documentation as { value: string }).value, /Five Year Bins/);
  });

  it("keeps a dataset's categories' sort texts where VS Code's lower-cased order would differ from the labels'", () => {
    const category = (label: string): CatalogDataset['categories'][number] => ({ label, representations: [{ label, dataType: 'STRINGS', possibleValues: [] }] });
    const mixed = createCatalog([{ ...RETAIL, categories: ['age', 'Gender', 'region'].map(category) }]);
    const items = complete('SELECT AGGREGATE(Retail.<|>) FROM Retail', mixed).items;
    assert.deepEqual([...items].sort((a, b) => (a.sortText ?? '').toLowerCase().localeCompare((b.sortText ?? '').toLowerCase())).map((i) => i.label), ['age', 'Gender', 'region']);
    assert.ok(items.every((i) => i.sortText !== undefined));
  });

  it('caps huge catalogs and marks the list incomplete', () => {
    const many = createCatalog(Array.from({ length: 3000 }, (_, i) => ({ ...RETAIL, name: `Dataset${i}`, privateId: `Dataset${i}` })));
    const all = complete('SELECT COUNT() FROM <|>', many);
    assert.equal(all.labels.length, MAX_COMPLETION_ITEMS);
    assert.equal(all.incomplete, true);
    const narrow = complete('SELECT COUNT() FROM Dataset29<|>', many);
    assert.equal(narrow.incomplete, false);
    assert.ok(narrow.labels.includes('Dataset2999'));
  });
});
