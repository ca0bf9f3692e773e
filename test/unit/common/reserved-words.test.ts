import assert from 'node:assert/strict';
import { test } from 'node:test';
import { RESERVED_WORDS } from '../../../common/iql/reserved-words';
import { keywordWords } from '../../../language/src/parser/tokens';

test('the reserved words are exactly the lexer keywords', () => {
  assert.deepEqual([...RESERVED_WORDS].sort(), [...keywordWords].sort());
});
