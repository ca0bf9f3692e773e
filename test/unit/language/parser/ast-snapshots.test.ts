/**
 * The whole parse result (tree and problems) of every shared example, compared with a JSON
 * snapshot under test/fixtures/ast-snapshots/. Rerun with UPDATE_SNAPSHOTS=1 after an intended
 * change, and review the diff.
 */
import { describe, it } from 'node:test';
import { parseIql } from '../../../../language/src/parser/index';
import { readExamples } from './helpers';
import { expectSnapshot } from './snapshot';

for (const group of ['valid', 'invalid'] as const) {
  describe(`AST snapshots of the ${group} examples`, () => {
    for (const { name, text } of readExamples(group)) {
      it(`${name} parses as recorded`, () => {
        expectSnapshot(`${group}-${name}`, parseIql(text));
      });
    }
  });
}
