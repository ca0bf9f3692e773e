/**
 * A list's default data (LSP 3.17 `itemDefaults.data`, language/src/analysis/completion.ts):
 * when every item's data follows from its label (all datasets, or all categories of one
 * dataset), the data is given once and items carry none; resolving each item, with the default
 * copied in as the editor does, documents the same dataset or category as its own data did.
 * Lists whose items' data differ otherwise keep it per item.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CompletionItem, CompletionList } from 'vscode-languageserver-types';
import { getCompletions, resolveCompletionItem } from '../../../../language/src/analysis/completion';
import { DEMO_CATALOG } from '../../../fixtures/catalog/demo-catalog';
import { withCursor } from './cursor';

/** Each item as the editor hands it to resolve: its own data, or else the list's default. */
function asResolved(list: CompletionList): CompletionItem[] {
  return list.items.map((item) => resolveCompletionItem(item.data === undefined && list.itemDefaults?.data !== undefined ? { ...item, data: list.itemDefaults.data } : item, DEMO_CATALOG));
}

function documentation(items: readonly CompletionItem[]): unknown[] {
  return items.map((item) => [item.label, item.documentation]);
}

for (const [fixture, shared] of [
  ['SELECT COUNT() FROM <|>', { labelIs: 'dataset' }],
  ['SELECT AGGREGATE(Retail.<|>) FROM Retail', { labelIs: 'category', dataset: 'Retail' }],
] as const) {
  test(`the data every item's label implies is given once, and resolves as before (${fixture})`, () => {
    const { document, offset } = withCursor(fixture);
    const each = getCompletions(document, offset, DEMO_CATALOG, { sharedEditRange: true });
    const once = getCompletions(document, offset, DEMO_CATALOG, { sharedEditRange: true, sharedData: true });
    assert.ok(each.items.length > 1);
    assert.deepEqual(once.itemDefaults?.data, shared);
    assert.ok(once.itemDefaults?.editRange !== undefined, 'the shared range stays');
    assert.ok(once.items.every((item) => item.data === undefined), 'no item carries data of its own');
    assert.ok(JSON.stringify(once).length < JSON.stringify(each).length, `${JSON.stringify(once).length} against ${JSON.stringify(each).length} bytes`);
    const resolved = asResolved(once);
    assert.ok(resolved.every((item) => item.documentation !== undefined), 'every item is documented');
    assert.deepEqual(documentation(resolved), documentation(asResolved(each)));
  });
}

test('a list whose items name other things than their labels keeps the data per item', () => {
  // Categories of the query's two datasets, some qualified (`Retail.Age`), and the datasets as qualifiers.
  const { document, offset } = withCursor('SELECT AGGREGATE(<|>) FROM Retail INTERSECT Bank');
  const list = getCompletions(document, offset, DEMO_CATALOG, { sharedData: true });
  assert.equal(list.itemDefaults?.data, undefined);
  assert.ok(list.items.some((item) => item.data !== undefined));
  const resolved = asResolved(list).filter((item) => item.data !== undefined);
  assert.ok(resolved.length > 0 && resolved.every((item) => item.documentation !== undefined));
});

test('without the client capability, items carry their data as before', () => {
  const { document, offset } = withCursor('SELECT AGGREGATE(Retail.<|>) FROM Retail');
  const list = getCompletions(document, offset, DEMO_CATALOG, { sharedEditRange: true });
  assert.equal(list.itemDefaults?.data, undefined);
  assert.ok(list.items.every((item) => (item.data as { dataset?: string } | undefined)?.dataset === 'Retail'));
});
