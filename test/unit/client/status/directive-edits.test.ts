import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  checkDirectiveValue, computeDirectiveEdits, findTargetDirectives, readTargetDirectives, type TargetChange, type TextSpanEdit,
} from '../../../../client/src/status/directive-edits';

/** Applies non-overlapping edits to the original text, as an editor does. */
function apply(text: string, edits: readonly TextSpanEdit[]): string {
  let result = text;
  const sorted = [...edits].sort((a, b) => b.start - a.start);
  for (let index = 1; index < edits.length; index++) {
    assert.ok((edits[index - 1]?.end ?? 0) < (edits[index]?.start ?? 0), 'edits are sorted and neither overlap nor touch');
  }
  for (const edit of sorted) result = result.slice(0, edit.start) + edit.newText + result.slice(edit.end);
  return result;
}

function change(text: string, target: TargetChange): string {
  return apply(text, computeDirectiveEdits(text, target));
}

const QUERY = 'SELECT COUNT() FROM Retail\n';

describe('computeDirectiveEdits: insert', () => {
  it('inserts new directives at the top, profile first', () => {
    assert.equal(change(QUERY, { profile: 'staging', collaboration: 'CLB.demo' }), `-- @profile staging\n-- @collaboration CLB.demo\n${QUERY}`);
  });

  it('puts a new collaboration right after an existing profile line', () => {
    const text = `-- header\n-- @profile prod\n${QUERY}`;
    assert.equal(change(text, { collaboration: 'CLB.demo' }), `-- header\n-- @profile prod\n-- @collaboration CLB.demo\n${QUERY}`);
  });

  it('inserts above a file that starts with other comments, which stay as they were', () => {
    const text = `-- Weekly numbers for the CRM team\n-- @todo add a breakdown\n/* owner: Ana */\n${QUERY}`;
    assert.equal(change(text, { profile: 'prod' }), `-- @profile prod\n${text}`);
  });

  it('writes into an empty file and after a last line without a break', () => {
    assert.equal(change('', { collaboration: 'CLB.x' }), '-- @collaboration CLB.x\n');
    assert.equal(change('-- @profile a', { collaboration: 'CLB.x' }), '-- @profile a\n-- @collaboration CLB.x');
  });

  it('keeps a byte order mark first', () => {
    assert.equal(change(`\uFEFF${QUERY}`, { profile: 'a' }), `\uFEFF-- @profile a\n${QUERY}`);
  });
});

describe('computeDirectiveEdits: replace', () => {
  it('rewrites an existing directive line in place, whatever its spacing and case', () => {
    const text = `-- title\n--@Profile   old one  \n${QUERY}`;
    assert.equal(change(text, { profile: 'new' }), `-- title\n-- @profile new\n${QUERY}`);
  });

  it('rewrites a directive at the end of a code line, leaving the code', () => {
    const text = 'SELECT COUNT() FROM self -- @collaboration CLB.old\n';
    assert.equal(change(text, { collaboration: 'CLB.new' }), 'SELECT COUNT() FROM self -- @collaboration CLB.new\n');
  });

  it('keeps one directive when the file repeats it (the last would have won)', () => {
    const text = `-- @profile a\n${QUERY}-- @profile b\n`;
    const result = change(text, { profile: 'c' });
    assert.equal(result, `-- @profile c\n${QUERY}`);
    assert.deepEqual(readTargetDirectives(result), { profile: 'c' });
  });

  it('changes both directives at once', () => {
    const text = `-- @profile a\n-- @collaboration CLB.a\n${QUERY}`;
    assert.equal(change(text, { profile: 'b', collaboration: 'CLB.b' }), `-- @profile b\n-- @collaboration CLB.b\n${QUERY}`);
  });

  it('makes no edit when nothing is asked', () => {
    assert.deepEqual(computeDirectiveEdits(`-- @profile a\n${QUERY}`, {}), []);
  });
});

describe('computeDirectiveEdits: remove', () => {
  it('removes a directive line with its line break', () => {
    const text = `-- @profile a\n-- @collaboration CLB.a\n${QUERY}`;
    assert.equal(change(text, { profile: null }), `-- @collaboration CLB.a\n${QUERY}`);
    assert.equal(change(text, { collaboration: null }), `-- @profile a\n${QUERY}`);
    assert.equal(change(text, { profile: null, collaboration: null }), QUERY);
  });

  it('removes only the comment from a code line', () => {
    assert.equal(change('SELECT COUNT() FROM Retail  -- @profile a\n', { profile: null }), 'SELECT COUNT() FROM Retail\n');
  });

  it('removes a last line without a break together with the break before it', () => {
    assert.equal(change(`${QUERY}-- @profile a`, { profile: null }), QUERY.trimEnd());
    assert.equal(change('SELECT 1\r\n-- @profile a', { profile: null }), 'SELECT 1');
  });

  it('inserts a collaboration at the top when the profile line it would follow is removed', () => {
    const text = `-- @profile a\n${QUERY}`;
    assert.equal(change(text, { profile: null, collaboration: 'CLB.x' }), `-- @collaboration CLB.x\n${QUERY}`);
  });
});

describe('computeDirectiveEdits: CRLF', () => {
  it('keeps CRLF line breaks when inserting, replacing and removing', () => {
    const text = '-- @profile a\r\nSELECT COUNT() FROM Retail\r\n';
    assert.equal(change(text, { collaboration: 'CLB.x' }), '-- @profile a\r\n-- @collaboration CLB.x\r\nSELECT COUNT() FROM Retail\r\n');
    assert.equal(change(text, { profile: 'b' }), '-- @profile b\r\nSELECT COUNT() FROM Retail\r\n');
    assert.equal(change(text, { profile: null }), 'SELECT COUNT() FROM Retail\r\n');
    assert.equal(change('SELECT 1\r\n', { profile: 'p', collaboration: 'c' }), '-- @profile p\r\n-- @collaboration c\r\nSELECT 1\r\n');
  });
});

describe('findTargetDirectives', () => {
  it('ignores look-alikes in strings, quoted names and block comments, and other directives', () => {
    const text = [
      "SELECT COUNT() FROM Retail WHERE Region = '-- @profile fake'",
      'AND "-- @collaboration fake" = 1',
      '/* -- @profile fake',
      '   -- @collaboration fake */',
      '-- @todo not a target',
      '-- @profile real',
      '',
    ].join('\n');
    assert.deepEqual(findTargetDirectives(text).map((d) => [d.name, d.value]), [['profile', 'real']]);
  });

  it('reads the last non-empty value of each, as the server does', () => {
    assert.deepEqual(readTargetDirectives('-- @profile a\n-- @profile b\n-- @collaboration\n'), { profile: 'b' });
  });

  it('takes a value with spaces to the end of the line', () => {
    assert.deepEqual(readTargetDirectives('-- @profile Local emulator\r\n'), { profile: 'Local emulator' });
  });
});

describe('checkDirectiveValue', () => {
  it('accepts one line and refuses empty or multi-line values', () => {
    assert.equal(checkDirectiveValue('Local emulator'), undefined);
    assert.match(checkDirectiveValue('  ') ?? '', /empty/);
    assert.match(checkDirectiveValue('a\nSELECT') ?? '', /one line/);
  });

  it('ignores values it refuses instead of writing them', () => {
    assert.deepEqual(computeDirectiveEdits(QUERY, { profile: 'a\nb' }), []);
  });
});
