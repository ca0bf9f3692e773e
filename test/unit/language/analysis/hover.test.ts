import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findHoverSubject } from '../../../../language/src/analysis/hover';
import { formatPlanMarkdown } from '../../../../language/src/analysis/plan-markdown';
import { parseIql } from '../../../../language/src/parser';
import { createCatalog } from '../../../../language/src/catalog/catalog';
import { DEMO_CATALOG, RETAIL } from '../../../fixtures/catalog/demo-catalog';
import { withCursor } from './cursor';

function hover(fixture: string, catalog = DEMO_CATALOG) {
  const { text, offset } = withCursor(fixture);
  return findHoverSubject(text, parseIql(text).ast, offset, catalog);
}

function markdownOf(fixture: string, catalog = DEMO_CATALOG): string {
  const subject = hover(fixture, catalog);
  assert.equal(subject?.kind, 'markdown');
  return subject.kind === 'markdown' ? subject.markdown : '';
}

describe('hover', () => {
  it('describes a dataset: public name, owner, rows, keys, categories, activation', () => {
    const md = markdownOf('SELECT COUNT() FROM Ret<|>ail');
    assert.match(md, /\*\*Retail customers\*\*/);
    assert.match(md, /Owner: RetailCo/);
    assert.match(md, /Rows: 5,000/);
    assert.match(md, /Keys: `email`, `phone`/);
    assert.match(md, /Activation dataset — output columns: `ID`, `EmailHash`/);
    assert.match(md, /Categories \(5\)/);
  });

  it('describes a category and marks the selected representation', () => {
    const md = markdownOf('SELECT AGGREGATE(Retail.Age/"Five Year Bins") FROM Retail INTERSECT Bank'.replace('Age/', 'A<|>ge/'));
    assert.match(md, /\*\*Age\*\* — category of `Retail`/);
    assert.match(md, /`"Five Year Bins"` — `INTEGER_RANGES` \(selected\)/);
    assert.match(md, /bins: 18, 23, 28, 33/);
    const values = markdownOf("SELECT COUNT() FROM Retail WHERE Gen<|>der = 'Male'");
    assert.match(values, /values: `Female`, `Male`, `Other`/);
  });

  it('explains keywords and functions outside SELECT and FROM, and offers the plan on them', () => {
    assert.match(markdownOf("SELECT COUNT() FROM Retail WH<|>ERE Gender = 'Male'"), /\*\*WHERE\*\*/);
    const onSelect = hover('SEL<|>ECT COUNT() FROM Retail');
    assert.equal(onSelect?.kind, 'plan');
    assert.match(onSelect?.kind === 'plan' ? (onSelect.keywordDocs ?? '') : '', /\*\*SELECT\*\*/);
    assert.equal(hover('SELECT COUNT() FROM Retail INTER<|>SECT Bank')?.kind, 'plan');
  });

  it('renders catalog text as text, never as markup', () => {
    const hostile = createCatalog([{ ...RETAIL, publicName: '<img src=x onerror=alert(1)>', ownerName: '**bold** [link](http://x)' }]);
    const md = markdownOf('SELECT COUNT() FROM Ret<|>ail', hostile);
    assert.doesNotMatch(md, /(^|[^\\])</, 'every < is escaped');
    assert.match(md, /\\<img src=x onerror=alert\\\(1\\\)\\>/);
    assert.ok(!md.includes('[link](http'), 'links are escaped');
  });
});

describe('plan Markdown', () => {
  it('shows the join tree with keys and overlaps, dimensions with inferred marks, thresholds and the link', () => {
    const md = formatPlanMarkdown(
      {
        query_plan: {
          plan: {
            private_id: 'Retail',
            aggregation_joins: {
              combinator: {
                type: 'AND',
                joins: [
                  { from_private_id: 'Retail', to_private_id: 'Retail' },
                  { from_private_id: 'Retail', to_private_id: 'Bank', keys: { used: ['email'], inferred: true, keys: [{ key_name: 'email', overlap: '1200', from_dataset_size: '3000', to_dataset_size: '2500', duplicates: '4' }] } },
                ],
              },
            },
            representation: { category: 'Age', selected_representation: 'Five Year Bins', inferred: false },
          },
          results: {
            dimensions: [{ private_id: 'Retail', category: 'Age', bins: ['[18, 23)', '[23, 28)'], inferred_bins: true }],
            redaction_threshold: { threshold: 10, datasets: [{ private_id: 'Retail', threshold: 10 }, { private_id: 'Bank', threshold: 5 }] },
            rounding_threshold: { threshold: 5 },
          },
        },
        hop_table: [],
      },
      { title: 'Open full plan', command: 'iql.openPlan', args: [{ uri: 'file:///a.iql', offset: 0 }] },
    );
    assert.match(md, /AND — individuals in every branch \(INTERSECT\)/);
    assert.match(md, /`Retail` → `Bank` on `email` _\(keys inferred\)_ — `email`: overlap 1,200 of 3,000 → 2,500, duplicates 4/);
    assert.match(md, /\| `Retail`\.Age \| Five Year Bins _\(from the query\)_ \| \\\[18, 23\\\), \\\[23, 28\\\) _\(inferred\)_ \|/);
    assert.match(md, /Redaction threshold 10 \(Retail 10, Bank 5\) · Rounding threshold 5/);
    assert.match(md, /\[Open full plan\]\(command:iql\.openPlan\?%5B%7B%22uri/);
  });
});
