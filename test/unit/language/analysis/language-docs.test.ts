import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeKeyword, DOCUMENTED_WORDS, summarizeKeyword } from '../../../../language/src/analysis/language-docs';
import { parseIql } from '../../../../language/src/parser';
import { keywordWords } from '../../../../language/src/parser/tokens';

const KEYWORDS = ['SELECT', 'FROM', 'WHERE', 'AND', 'OR', 'NOT', 'IN', 'ENRICH', 'LINK', 'WITH', 'UNION', 'INTERSECT', 'EXCLUDE'];
const FUNCTIONS = ['COUNT', 'AGGREGATE', 'TOPN', 'SUM', 'AVG'];

describe('language docs', () => {
  it('documents every reserved word of the lexer, and nothing else', () => {
    assert.deepEqual([...DOCUMENTED_WORDS].sort(), [...KEYWORDS, ...FUNCTIONS].sort());
    assert.deepEqual([...keywordWords].sort(), [...DOCUMENTED_WORDS].sort());
  });

  for (const word of [...KEYWORDS, ...FUNCTIONS]) {
    it(`explains ${word} with a title, a summary and an example that parses`, () => {
      const markdown = describeKeyword(word);
      assert.ok(markdown, `no docs for ${word}`);
      assert.ok(markdown.startsWith(`**${word}** _(${FUNCTIONS.includes(word) ? 'function' : 'keyword'})_ — `));
      const example = /```iql\n([\s\S]+?)\n```/.exec(markdown);
      assert.ok(example, `${word} needs an example code block`);
      const { problems } = parseIql(example[1]!);
      assert.deepEqual(problems.filter((problem) => problem.severity === 'error'), [], `example of ${word} must be valid IQL`);
      assert.match(example[1]!, new RegExp(`\\b${word}\\b`, 'i'), `the example of ${word} uses it`);
      assert.ok(summarizeKeyword(word)!.length > 10);
    });
  }

  it('is case-insensitive and knows nothing of other words', () => {
    assert.equal(describeKeyword('topn'), describeKeyword('TopN'));
    assert.equal(describeKeyword('explain'), undefined);
    assert.equal(describeKeyword('constructor'), undefined);
    assert.equal(describeKeyword('__proto__'), undefined);
    assert.equal(summarizeKeyword('hasOwnProperty'), undefined);
  });

  it('says that set operators share one precedence and apply left to right', () => {
    for (const word of ['UNION', 'INTERSECT', 'EXCLUDE', 'FROM']) assert.match(describeKeyword(word)!, /left to right/);
    assert.match(describeKeyword('INTERSECT')!, /does not bind tighter/);
  });

  it('tells ENRICH WITH and LINK WITH apart', () => {
    assert.match(describeKeyword('ENRICH')!, /categories/);
    assert.match(describeKeyword('LINK')!, /connect|bridge/);
  });
});
