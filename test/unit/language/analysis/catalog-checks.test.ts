import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkFileAgainstCatalog } from '../../../../language/src/analysis/catalog-checks';
import { parseIql } from '../../../../language/src/parser';
import { DEMO_CATALOG } from '../../../fixtures/catalog/demo-catalog';

/** Checks `text` and returns [code, the text the problem sits on, message] for each problem. */
function check(text: string): Array<[string, string, string]> {
  const { ast, problems } = parseIql(text);
  assert.deepEqual(problems.filter((p) => p.severity === 'error'), [], 'fixture must parse');
  return checkFileAgainstCatalog(ast, DEMO_CATALOG).map((p) => [p.code, text.slice(p.span.start, p.span.end), p.message]);
}

function codes(text: string): Array<[string, string]> {
  return check(text).map(([code, at]) => [code, at]);
}

describe('catalog checks (LANGUAGE.md §8)', () => {
  it('accepts a query whose every name resolves', () => {
    assert.deepEqual(
      check(`SELECT AGGREGATE(Retail.Age/"Five Year Bins", Gender {'Female', 'Male'}, Income {0, 20000, 40000})
             FROM Retail INTERSECT Bank WHERE Region IN ('Wales', 'London') AND Bank.Income > 20000 AND Retail.Spend >= 10.5`),
      [],
    );
  });

  it('reports an unknown dataset with a did-you-mean', () => {
    const [problem] = check('SELECT COUNT() FROM Retial');
    assert.deepEqual(problem, ['iql.unknown-dataset', 'Retial', "Unknown dataset 'Retial'. Did you mean 'Retail'?"]);
    assert.match(check('SELECT COUNT() FROM Nothing')[0]![2], /No dataset of this name is visible/);
  });

  it('reports unknown categories, qualified and not, with suggestions', () => {
    assert.deepEqual(check('SELECT AGGREGATE(Retail.Gendr) FROM Retail')[0], [
      'iql.unknown-category',
      'Gendr',
      "Unknown category 'Gendr' in Retail. Did you mean 'Gender'?",
    ]);
    assert.deepEqual(check('SELECT AGGREGATE(Regon) FROM Retail INTERSECT Publisher1')[0], [
      'iql.unknown-category',
      'Regon',
      "Unknown category 'Regon': none of Retail, Publisher1 has it. Did you mean 'Region'?",
    ]);
  });

  it('reports an ambiguous unqualified category with every candidate', () => {
    const { ast } = parseIql('SELECT AGGREGATE(Age) FROM Retail UNION Bank');
    const [problem] = checkFileAgainstCatalog(ast, DEMO_CATALOG);
    assert.equal(problem!.code, 'iql.ambiguous-category');
    assert.equal(problem!.message, "Ambiguous category 'Age': found in Retail, Bank — qualify it, e.g. Retail.Age.");
    assert.deepEqual(problem!.data, { qualifiers: ['Retail', 'Bank'] });
  });

  it('reports an unknown representation', () => {
    assert.deepEqual(codes('SELECT AGGREGATE(Retail.Age/"Five Year") FROM Retail'), [['iql.unknown-representation', '"Five Year"']]);
    assert.match(check('SELECT AGGREGATE(Retail.Age/"Five Year") FROM Retail')[0]![2], /Did you mean 'Five Year Bins'\?/);
  });

  it('reports a dataset used in SELECT or WHERE but not named', () => {
    assert.deepEqual(codes('SELECT AGGREGATE(Bank.Income) FROM Retail WHERE Publisher1."Favourite Section" = \'Sport\''), [
      ['iql.dataset-not-named', 'Bank'],
      ['iql.dataset-not-named', 'Publisher1'],
    ]);
    assert.match(check('SELECT AGGREGATE(Bank.Income) FROM Retail')[0]![2], /ENRICH WITH Bank/);
  });

  it('checks bins against the representation type, order and duplicates', () => {
    assert.deepEqual(codes("SELECT AGGREGATE(Retail.Age {'18', 30}) FROM Retail"), [['iql.bins-type', "'18'"]]);
    assert.deepEqual(codes('SELECT AGGREGATE(Gender {1, 2}) FROM Retail'), [['iql.bins-type', '1'], ['iql.bins-type', '2']]);
    assert.deepEqual(codes('SELECT AGGREGATE(Retail.Age {18, 40, 30}) FROM Retail'), [['iql.bins-order', '30']]);
    assert.deepEqual(codes("SELECT AGGREGATE(Gender {'Male', 'Male'}) FROM Retail"), [['iql.bins-duplicate', "'Male'"]]);
  });

  it('checks compared values against the category type', () => {
    assert.deepEqual(codes("SELECT COUNT() FROM Retail WHERE Retail.Age > '30'"), [['iql.compare-type', "'30'"]]);
    assert.deepEqual(codes('SELECT COUNT() FROM Retail WHERE Region IN (1, \'Wales\')'), [['iql.compare-type', '1']]);
    assert.match(check('SELECT COUNT() FROM Retail WHERE Gender = 3')[0]![2], /e\.g\. 'Female'/);
  });

  it('requires SUM and AVG to be on numeric categories', () => {
    assert.deepEqual(codes('SELECT SUM(Retail.Gender), AVG(Retail.Spend) FROM Retail'), [['iql.measure-type', 'Retail.Gender']]);
  });

  it('checks activation output columns', () => {
    assert.deepEqual(codes('SELECT Retail.ID, Retail.EmailHash FROM Retail INTERSECT Bank'), []);
    assert.deepEqual(codes('SELECT Retail.Emial FROM Retail'), [['iql.unknown-column', 'Emial']]);
    assert.deepEqual(codes('SELECT Bank.ID FROM Retail INTERSECT Bank'), [['iql.not-activation', 'Bank']]);
    assert.match(check('SELECT Bank.ID FROM Retail INTERSECT Bank')[0]![2], /Select columns of Retail instead/);
    assert.deepEqual(codes('SELECT Retail.ID FROM Bank'), [['iql.dataset-not-named', 'Retail']]);
  });

  it('says nothing about categories of a dataset whose metadata is unknown', () => {
    assert.deepEqual(codes('SELECT AGGREGATE(Opaque.Anything, Whatever) FROM Opaque'), []);
    // An unqualified category found in exactly one known dataset still resolves.
    assert.deepEqual(codes("SELECT COUNT() FROM Opaque INTERSECT Retail WHERE Gender = 'Female'"), []);
  });

  it('uses collaboration wording when the names are collaboration dataset names', () => {
    const { ast } = parseIql('SELECT COUNT() FROM nobody');
    const [problem] = checkFileAgainstCatalog(ast, DEMO_CATALOG, { collaboration: true });
    assert.match(problem!.message, /Unknown collaboration dataset 'nobody'/);
  });
});
