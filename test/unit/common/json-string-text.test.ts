import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decodeJsonString, fileSpanAtLineColumn, textIndexOfLineColumn } from '../../../common/json-string-text';

describe('a line and column of a JSON string\'s text, placed in the file', () => {
  test('lines end at \\r\\n, \\r or \\n; a column past its line stops at the line\'s end', () => {
    const text = 'ab\r\ncd\re\nfgh';
    assert.deepEqual([[1, 1], [1, 3], [2, 2], [3, 1], [4, 3], [4, 9], [9, 1]].map(([line, column]) => textIndexOfLineColumn(text, line!, column!)), [0, 2, 5, 7, 11, 12, 12]);
  });

  test('what starts there is underlined in the file: a name, a quoted text whole, one character, or nothing at the end', () => {
    const file = String.raw`{"f": "x = 1\n\tAND \"a\\b\" > \u00e9tre + y2"}`;
    const start = file.indexOf('"x') + 1;
    const decoded = decodeJsonString(file, start, file.lastIndexOf('"'));
    assert.equal(decoded.text, 'x = 1\n\tAND "a\\b" > \u00e9tre + y2');
    const slice = (line: number, column: number) => {
      const span = fileSpanAtLineColumn(decoded, line, column);
      return file.slice(span.start, span.end);
    };
    assert.equal(slice(1, 1), 'x');
    assert.equal(slice(2, 2), 'AND', 'after an escaped tab');
    assert.equal(slice(2, 6), String.raw`\"a\\b\"`);
    assert.equal(slice(2, 12), '>');
    assert.equal(slice(2, 14), String.raw`\u00e9`, 'é is not a word character: one character, its escape whole');
    assert.equal(slice(2, 21), 'y2');
    assert.equal(slice(2, 23), '', 'at the end: empty');
  });
});
