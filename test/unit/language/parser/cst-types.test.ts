/**
 * cst-types.ts is generated from the grammar; a rule changed without regenerating it would
 * leave the AST builder reading children that no longer exist, with the type check none the
 * wiser. Rendering it again here makes such a change fail until `npm run generate:cst` runs.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { cstTypesPath, renderCstTypes } from '../../../../scripts/generate-cst-types';

describe('generated CST types', () => {
  it('match the grammar (regenerate with npm run generate:cst)', () => {
    assert.equal(readFileSync(cstTypesPath, 'utf8'), renderCstTypes());
  });

  it('are rendered the same way every time', () => {
    assert.equal(renderCstTypes(), renderCstTypes());
  });
});
