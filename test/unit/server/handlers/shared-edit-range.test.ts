import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { CompletionList } from 'vscode-languageserver-types';
import { withSharedEditRange } from '../../../../server/src/handlers/shared-edit-range';

const range = { start: { line: 2, character: 5 }, end: { line: 2, character: 7 } };

test('one range for every item: written once as the default, each item keeps only a text other than its label', () => {
  const list: CompletionList = {
    isIncomplete: true,
    items: [
      { label: 'Retail', kind: 9, textEdit: { range, newText: 'Retail' }, data: { dataset: 'Retail' } },
      { label: 'Age band', kind: 5, textEdit: { range: { ...range, start: { ...range.start } }, newText: '"Age band"' } },
    ],
  };
  const shared = withSharedEditRange(list);
  assert.deepEqual(shared, {
    isIncomplete: true,
    itemDefaults: { editRange: range },
    items: [
      { label: 'Retail', kind: 9, data: { dataset: 'Retail' } },
      { label: 'Age band', kind: 5, textEditText: '"Age band"' },
    ],
  });
});

test('items replacing different ranges, or one without an edit, leave the list as it is', () => {
  const other = { start: { line: 2, character: 4 }, end: { line: 2, character: 7 } };
  const mixed: CompletionList = { isIncomplete: false, items: [{ label: 'a', textEdit: { range, newText: 'a' } }, { label: 'b', textEdit: { range: other, newText: 'b' } }] };
  assert.equal(withSharedEditRange(mixed), mixed);
  const bare: CompletionList = { isIncomplete: false, items: [{ label: 'a', textEdit: { range, newText: 'a' } }, { label: 'b' }] };
  assert.equal(withSharedEditRange(bare), bare);
  const empty: CompletionList = { isIncomplete: false, items: [] };
  assert.equal(withSharedEditRange(empty), empty);
});
