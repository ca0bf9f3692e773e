import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseIql } from '../../../../language/src/parser/index';

describe('extractDirectives', () => {
  it('reads -- @name value from line comments, with spans for the name and the value', () => {
    const text = '-- @collaboration CLB.7f3a2c\n--@Profile   staging  \nSELECT COUNT() FROM self';
    const [collaboration, profile] = parseIql(text).ast.directives;
    assert.deepEqual(
      [collaboration.name, collaboration.value, text.slice(collaboration.nameSpan.start, collaboration.nameSpan.end), text.slice(collaboration.valueSpan.start, collaboration.valueSpan.end)],
      ['collaboration', 'CLB.7f3a2c', '@collaboration', 'CLB.7f3a2c'],
    );
    assert.equal(text.slice(collaboration.span.start, collaboration.span.end), '-- @collaboration CLB.7f3a2c');
    assert.deepEqual([profile.name, profile.value, text.slice(profile.valueSpan.start, profile.valueSpan.end)], ['profile', 'staging', 'staging']);
  });

  it('gives a directive without a value an empty value just after its name', () => {
    const text = '-- @profile';
    const [directive] = parseIql(text).ast.directives;
    assert.equal(directive.value, '');
    assert.deepEqual(directive.valueSpan, { start: text.length, end: text.length });
  });

  it('keeps unknown directive names and ignores ordinary and block comments', () => {
    const text = '-- a note\n/* @profile x */\n-- @custom-thing yes\n-- email me @ noon';
    assert.deepEqual(parseIql(text).ast.directives.map((directive) => [directive.name, directive.value]), [['custom-thing', 'yes']]);
  });
});
