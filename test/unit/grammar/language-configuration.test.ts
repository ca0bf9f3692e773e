/**
 * Checks language-configuration.json: it is plain JSON with the comment and bracket settings
 * IQL needs, its regular expressions compile in JavaScript (VS Code compiles them the same
 * way), and its word pattern keeps names whole.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from './tokenize';

interface AutoClosingPair {
  readonly open: string;
  readonly close: string;
  readonly notIn?: readonly string[];
}

interface LanguageConfiguration {
  readonly comments?: { readonly lineComment?: string; readonly blockComment?: readonly [string, string] };
  readonly brackets?: ReadonlyArray<readonly [string, string]>;
  readonly autoClosingPairs?: readonly AutoClosingPair[];
  readonly surroundingPairs?: ReadonlyArray<readonly [string, string]>;
  readonly wordPattern?: string;
  readonly indentationRules?: { readonly increaseIndentPattern: string; readonly decreaseIndentPattern: string };
  readonly folding?: { readonly markers?: { readonly start: string; readonly end: string } };
}

const configPath = join(repoRoot, 'language-configuration.json');
const config = JSON.parse(readFileSync(configPath, 'utf8')) as LanguageConfiguration;

/** Every whole-word match of the configured word pattern, as the editor would find them. */
function wordsOf(text: string): string[] {
  assert.ok(config.wordPattern !== undefined);
  return [...text.matchAll(new RegExp(config.wordPattern, 'g'))].map((match) => match[0]);
}

describe('language-configuration.json', () => {
  it('declares -- line comments and /* */ block comments', () => {
    assert.equal(config.comments?.lineComment, '--');
    assert.deepEqual(config.comments?.blockComment, ['/*', '*/']);
  });

  it('declares ( ) and { } as brackets and surrounding pairs', () => {
    assert.deepEqual(config.brackets, [['(', ')'], ['{', '}']]);
    for (const pair of [['(', ')'], ['{', '}'], ["'", "'"], ['"', '"']]) {
      assert.ok(config.surroundingPairs?.some(([open, close]) => open === pair[0] && close === pair[1]), `surrounding pair ${pair.join('')}`);
    }
  });

  it('auto-closes brackets and quotes, but not inside strings or comments', () => {
    for (const open of ['(', '{', "'", '"']) {
      const pair = config.autoClosingPairs?.find((candidate) => candidate.open === open);
      assert.ok(pair !== undefined, `no auto-closing pair for ${open}`);
      assert.deepEqual([...(pair.notIn ?? [])].sort(), ['comment', 'string'], `${open} should not auto-close inside strings or comments`);
    }
  });

  it('has a word pattern that compiles and never matches the empty string', () => {
    assert.ok(config.wordPattern !== undefined);
    const pattern = new RegExp(config.wordPattern);
    assert.equal(pattern.exec('')?.[0] ?? null, null);
    assert.equal(pattern.exec('  ,  ')?.[0] ?? null, null);
  });

  it('keeps quoted names, identifiers and numbers whole', () => {
    assert.deepEqual(wordsOf('Age/"Five Year Bins"'), ['Age', '"Five Year Bins"']);
    assert.deepEqual(wordsOf('FROM Publisher1 INTERSECT my_data2'), ['FROM', 'Publisher1', 'INTERSECT', 'my_data2']);
    assert.deepEqual(wordsOf('Retail."Personal Income"'), ['Retail', '"Personal Income"']);
    assert.deepEqual(wordsOf('"The ""Best"" Bin"'), ['"The ""Best"" Bin"']);
    assert.deepEqual(wordsOf('{0.5, -20, 30}'), ['0.5', '-20', '30']);
    assert.deepEqual(wordsOf('WHERE "Age" = 1'), ['WHERE', '"Age"', '1']);
  });

  it('matches a name being typed after its opening quote', () => {
    assert.deepEqual(wordsOf('Age/"Five Ye'), ['Age', '"Five Ye']);
  });

  it('indents after an open parenthesis or brace and outdents before a closing one', () => {
    assert.ok(config.indentationRules !== undefined);
    const increase = new RegExp(config.indentationRules.increaseIndentPattern);
    const decrease = new RegExp(config.indentationRules.decreaseIndentPattern);
    assert.ok(increase.test('SELECT AGGREGATE('));
    assert.ok(increase.test('  Age {  -- bins'));
    assert.ok(!increase.test('SELECT COUNT()'));
    assert.ok(!increase.test('FROM Retail'));
    assert.ok(decrease.test('  )'));
    assert.ok(decrease.test('}'));
    assert.ok(!decrease.test('FROM (Retail)'));
  });

  it('compiles the folding markers', () => {
    assert.ok(config.folding?.markers !== undefined);
    assert.ok(new RegExp(config.folding.markers.start).test('-- region Filters'));
    assert.ok(new RegExp(config.folding.markers.end).test('-- endregion'));
  });
});
