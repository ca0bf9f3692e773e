import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderDatasetPage } from '../../../../language/src/analysis/dataset-page';
import type { CatalogDataset } from '../../../../language/src/catalog/catalog';
import { OPAQUE, RETAIL } from '../../../fixtures/catalog/demo-catalog';

describe('dataset page', () => {
  it('shows names, records, keys, use, and every category with its representations, values and counts', () => {
    const dataset: CatalogDataset = {
      ...RETAIL,
      categories: [
        ...RETAIL.categories,
        { label: 'Job', representations: [{ label: 'Job', dataType: 'STRINGS', statistics: { distinctValues: 1234, nullFraction: 0.25 } }] },
      ],
    };
    const { markdown, categoryLines } = renderDatasetPage(dataset, { profile: 'demo' });
    const lines = markdown.split('\n');
    assert.equal(lines[0], '# Retail customers — dataset `Retail`');
    assert.match(markdown, /catalog of profile `demo`/);
    assert.match(markdown, /^- \*\*Owner:\*\* RetailCo$/m);
    assert.match(markdown, /^- \*\*Records:\*\* 5,000$/m);
    assert.match(markdown, /^- \*\*Keys:\*\* `email`, `phone`$/m);
    assert.match(markdown, /^- \*\*Use:\*\* activation dataset — output columns `ID`, `EmailHash`$/m);
    assert.match(markdown, /^## Categories \(6\)$/m);
    // Each category a heading, the default representation first and marked.
    assert.equal(lines[categoryLines.get('Age')!], '### `Age`');
    assert.equal(lines[categoryLines.get('Age')! + 2], '- `Age` — `INTEGERS` (default)');
    assert.equal(lines[categoryLines.get('Age')! + 3], '- `"Five Year Bins"` — `INTEGER_RANGES`');
    assert.equal(lines[categoryLines.get('Loyalty Member')!], '### `"Loyalty Member"`');
    assert.match(markdown, /^ {2}- values: `Female`, `Male`, `Other`$/m);
    assert.match(markdown, /^ {2}- 1,234 distinct, 25\.0% empty$/m);
  });

  it('renders every text from the service as text: no HTML, links or headings of its own', () => {
    const hostile: CatalogDataset = {
      ...RETAIL,
      name: 'Evil',
      privateId: 'Evil',
      publicName: '<img src=x onerror=alert(1)>',
      description: '[click](command:workbench.action.terminal.new)\n# Heading',
      ownerName: '**bold** | pipe',
      categories: [{ label: '<script>', unit: '<b>', representations: [{ label: 'r`x', dataType: 'STRINGS', possibleValues: ['<i>v</i>', '`code`'] }] }],
    };
    const { markdown } = renderDatasetPage(hostile, { profile: '<p>' });
    // Outside code spans every markup character is escaped; inside them Markdown shows text as it is.
    assert.match(markdown, /^# \\<img src=x onerror=alert\\\(1\\\)\\> — dataset `Evil`$/m);
    assert.match(markdown, /^\\\[click\\\]\\\(command:workbench\\.action\\.terminal\\.new\\\) \\# Heading$/m);
    assert.match(markdown, /^- \*\*Owner:\*\* \\\*\\\*bold\\\*\\\* \\\| pipe$/m);
    assert.match(markdown, /^### `"<script>"` \(\\<b\\>\)$/m);
    assert.match(markdown, /^ {2}- values: `<i>v<\/i>`, `` `code` ``$/m);
    assert.match(markdown, /^- ``"r`x"`` — `STRINGS` \(default\)$/m);
    assert.match(markdown, /catalog of profile `<p>`/);
    const outsideCode = markdown.replace(/`[^`\n]*`/g, '');
    for (const raw of [/(?<!\\)<img/, /(?<!\\)\[click/, /(?<!\\)\*\*bold/, /(?<!\\)<b>/]) assert.doesNotMatch(outsideCode, raw);
  });

  it('says when the categories could not be read', () => {
    const { markdown, categoryLines } = renderDatasetPage(OPAQUE, {});
    assert.match(markdown, /could not be read with this key/);
    assert.match(markdown, /catalog of the default profile/);
    assert.match(markdown, /^- \*\*Records:\*\* not stated$/m);
    assert.equal(categoryLines.size, 0);
  });
});
