import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { CompletionItem, CompletionList, TextEdit } from 'vscode-languageserver-types';
import { getCompletions } from '../../../../language/src/analysis/completion';
import { DEMO_CATALOG } from '../../../fixtures/catalog/demo-catalog';
import { withCursor } from './cursor';

/** What each item inserts and where, the list's default applied as an LSP 3.17 client does. */
function inserts(list: CompletionList): Array<[string, string, unknown]> {
  return list.items.map((item: CompletionItem) => {
    const edit = item.textEdit as TextEdit | undefined;
    return edit ? [item.label, edit.newText, edit.range] : [item.label, item.textEditText ?? item.label, list.itemDefaults?.editRange];
  });
}

for (const fixture of ['SELECT COUNT() FROM Re<|>', 'SELECT AGGREGATE(Retail.<|>) FROM Retail', 'SELECT COUNT() FROM Retail WHERE Retail.Gender = <|>', '<|>']) {
  test(`with a shared edit range, the range is given once and every item inserts what it did without (${fixture})`, () => {
    const { document, offset } = withCursor(fixture);
    const each = getCompletions(document, offset, DEMO_CATALOG);
    const shared = getCompletions(document, offset, DEMO_CATALOG, { sharedEditRange: true });
    assert.ok(each.items.length > 0);
    assert.equal(each.itemDefaults, undefined);
    assert.ok(shared.itemDefaults?.editRange !== undefined);
    assert.ok(!JSON.stringify(shared).includes('"textEdit"'), 'no item repeats the range');
    assert.deepEqual(inserts(shared), inserts(each));
  });
}
