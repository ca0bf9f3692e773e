import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { detectQueryShape } from '../../../../client/src/webviews/query-shape';

describe('detectQueryShape', () => {
  it('reads the selected function, whatever the case and spacing', () => {
    assert.equal(detectQueryShape('SELECT AGGREGATE(Retail.Gender) FROM Retail'), 'aggregate');
    assert.equal(detectQueryShape('select topn(Region, 3) from Retail'), 'topn');
    assert.equal(detectQueryShape('Select\n  Count() From Retail'), 'total');
    assert.equal(detectQueryShape('SELECT SUM(Bank.Income), AVG(Bank.Income) FROM Bank'), 'total');
  });

  it('skips comments and directives before and inside the start', () => {
    assert.equal(detectQueryShape('-- @profile staging\n/* counts */ SELECT /* by gender */ AGGREGATE(Gender) FROM Retail'), 'aggregate');
  });

  it('says nothing for an activation query or text that is not a query', () => {
    assert.equal(detectQueryShape('SELECT Retail.ID FROM Retail'), undefined);
    assert.equal(detectQueryShape(''), undefined);
    assert.equal(detectQueryShape('/* unterminated'), undefined);
    assert.equal(detectQueryShape('SELECT'), undefined);
    assert.equal(detectQueryShape('FROM Retail'), undefined);
    assert.equal(detectQueryShape('SELECT constructor() FROM x'), undefined);
  });
});
