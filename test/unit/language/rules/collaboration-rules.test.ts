/**
 * Each collaboration rule, both sides: what it lets through and what it refuses, with the
 * span the editor underlines. The catalog glue (collaboration-checks.ts) is checked last:
 * unqualified categories are attributed through the catalog.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { collectDocumentProblems, createCatalog, getCompletions, parseIql, type CatalogDataset } from '../../../../language/src';
import { checkCollaborationRules, restrictionsFromWire, type DatasetRestrictions } from '../../../../language/src/rules';

const rules: Record<string, DatasetRestrictions> = {
  Shop: restrictionsFromWire({ intersection_only: true, activation_allowed: true }),
  Survey: restrictionsFromWire({ attribute_restriction: true, allowed_attributes: ['Age'], activation_allowed: false }),
  Open: restrictionsFromWire({ activation_allowed: true }),
  Ids: restrictionsFromWire({ activation_allowed: true, exportable_to_members: ['CMP.a'] }),
  Sealed: restrictionsFromWire({ activation_allowed: true, exportable_to_members: [] }),
};

function violations(text: string, company?: string): string[] {
  const query = parseIql(text).ast.queries[0];
  return checkCollaborationRules(query, {
    restrictionsOf: (name) => rules[name],
    datasetOfRef: (ref) => ref.dataset?.text ?? 'Survey',
    ...(company ? { company } : {}),
  }).map((violation) => `${violation.code}@${text.slice(violation.span.start, violation.span.end)}`);
}

describe('collaboration rules', () => {
  it('intersection-only: intersected is fine; alone, or with UNION or EXCLUDE, is refused', () => {
    assert.deepEqual(violations('SELECT COUNT() FROM Shop INTERSECT Open'), []);
    assert.deepEqual(violations('SELECT COUNT() FROM (Shop INTERSECT Open) INTERSECT Survey'), []);
    assert.deepEqual(violations('SELECT COUNT() FROM Shop'), ['iql.collaboration-intersection-only@Shop']);
    assert.deepEqual(violations('SELECT COUNT() FROM Shop UNION Open'), ['iql.collaboration-intersection-only@UNION']);
    assert.deepEqual(violations('SELECT COUNT() FROM Open INTERSECT Shop EXCLUDE Survey'), ['iql.collaboration-intersection-only@EXCLUDE']);
    assert.deepEqual(violations('SELECT COUNT() FROM Open UNION Survey'), [], 'no restriction, no rule');
  });

  it('allowed attributes: only those may be selected or filtered on', () => {
    assert.deepEqual(violations('SELECT AGGREGATE(Survey.Age) FROM Survey INTERSECT Open WHERE Survey.Age > 30'), []);
    assert.deepEqual(violations('SELECT AGGREGATE(Survey.Income) FROM Survey INTERSECT Open'), ['iql.collaboration-attribute-not-allowed@Income']);
    assert.deepEqual(violations("SELECT COUNT() FROM Survey INTERSECT Open WHERE NOT (Region = 'North' OR Survey.Age > 3)"), ['iql.collaboration-attribute-not-allowed@Region']);
    assert.deepEqual(violations('SELECT AGGREGATE(Open.Income) FROM Survey INTERSECT Open'), [], 'another dataset is not restricted');
  });

  it('activation: only datasets that allow it, and output columns only where exportable', () => {
    assert.deepEqual(violations('SELECT Ids.Email FROM Ids INTERSECT Open', 'CMP.a'), []);
    assert.deepEqual(violations('SELECT Ids.Email FROM Ids INTERSECT Survey', 'CMP.a'), ['iql.collaboration-activation-not-allowed@Survey']);
    assert.deepEqual(violations('SELECT Ids.Email FROM Ids INTERSECT Open', 'CMP.b'), ['iql.collaboration-not-exportable@Ids']);
    assert.deepEqual(violations('SELECT Sealed.Email FROM Sealed INTERSECT Open'), ['iql.collaboration-not-exportable@Sealed']);
    assert.deepEqual(violations('SELECT COUNT() FROM Survey INTERSECT Open'), [], 'an insight query is no activation');
  });

  it('survives a chain of a thousand set operators (walked without recursion)', () => {
    const chain = `SELECT COUNT() FROM ${Array.from({ length: 1_000 }, () => 'Open').join(' UNION ')} UNION Shop`; // 1,000 operators, the limit
    assert.equal(violations(chain).length, 1);
  });
});

describe('collaboration rules in a document', () => {
  const dataset = (name: string, categories: string[], restrictions?: DatasetRestrictions): CatalogDataset => ({
    name,
    privateId: `DS.${name}`,
    keys: ['email'],
    categories: categories.map((label) => ({ label, representations: [{ label, dataType: 'INTEGERS' }] })),
    outputColumns: [],
    activation: false,
    categoriesKnown: true,
    ...(restrictions ? { restrictions } : {}),
  });

  it('attributes an unqualified category through the catalog and reports the rule as an error', () => {
    const catalog = createCatalog([dataset('Survey', ['Age', 'Income'], rules.Survey), dataset('Open', ['Region'], rules.Open)]);
    const text = 'SELECT AGGREGATE(Income) FROM Survey INTERSECT Open';
    const problems = collectDocumentProblems({ text, parsed: parseIql(text), targetProblems: [], catalog, collaboration: true, verdicts: new Map() });
    assert.deepEqual(
      problems.map((problem) => [problem.code, problem.severity, text.slice(problem.span.start, problem.span.end)]),
      [['iql.collaboration-attribute-not-allowed', 'error', 'Income']],
    );
  });

  it('checks nothing when no dataset carries restrictions', () => {
    const catalog = createCatalog([dataset('Survey', ['Age', 'Income']), dataset('Open', ['Region'])]);
    const text = 'SELECT AGGREGATE(Income) FROM Survey';
    assert.deepEqual(collectDocumentProblems({ text, parsed: parseIql(text), targetProblems: [], catalog, collaboration: true, verdicts: new Map() }), []);
  });

  it('completes only the attributes the collaboration allows', () => {
    const catalog = createCatalog([dataset('Survey', ['Age', 'Income'], rules.Survey), dataset('Open', ['Region', 'Income'], rules.Open)]);
    const text = 'SELECT AGGREGATE(Survey.) FROM Survey INTERSECT Open';
    const document = TextDocument.create('file:///c.iql', 'iql', 1, text);
    const labels = getCompletions(document, text.indexOf('.') + 1, catalog).items.map((item) => item.label);
    assert.ok(labels.includes('Age'), labels.join(', '));
    assert.ok(!labels.includes('Income'), labels.join(', '));
  });
});
