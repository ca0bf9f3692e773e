/**
 * Checks snippets/iql.code-snippets: shape of every entry, well-formed tab stops, the query
 * forms of LANGUAGE.md §3–7 all covered, and (once the parser exists) that every snippet,
 * expanded with its defaults, is IQL without syntax errors.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import * as parser from '../../../language/src/parser/index';
import type { ParsedFile, SyntaxProblem } from '../../../language/src/parser/index';
import { readSnippetBody } from './snippet-body';
import { repoRoot, tokenize } from './tokenize';

interface Snippet {
  readonly prefix: string | readonly string[];
  readonly body: string | readonly string[];
  readonly description: string;
}

const snippetsPath = join(repoRoot, 'snippets', 'iql.code-snippets');

function loadSnippets(): Record<string, unknown> {
  const parsed: unknown = JSON.parse(readFileSync(snippetsPath, 'utf8'));
  assert.ok(typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed), 'the snippets file must hold a JSON object');
  return parsed as Record<string, unknown>;
}

function isStringOrStrings(value: unknown): value is string | readonly string[] {
  return typeof value === 'string' || (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string'));
}

function asSnippet(name: string, value: unknown): Snippet {
  assert.ok(typeof value === 'object' && value !== null, `${name}: must be an object`);
  const entry = value as Record<string, unknown>;
  assert.ok(isStringOrStrings(entry.prefix), `${name}: prefix must be a string or a list of strings`);
  assert.ok(isStringOrStrings(entry.body), `${name}: body must be a string or a non-empty list of lines`);
  assert.ok(typeof entry.description === 'string' && entry.description.trim().length > 0, `${name}: needs a description`);
  return { prefix: entry.prefix, body: entry.body, description: entry.description };
}

function prefixesOf(snippet: Snippet): readonly string[] {
  return typeof snippet.prefix === 'string' ? [snippet.prefix] : snippet.prefix;
}

function bodyText(snippet: Snippet): string {
  return typeof snippet.body === 'string' ? snippet.body : snippet.body.join('\n');
}

const snippets = Object.entries(loadSnippets()).map(([name, value]) => ({ name, snippet: asSnippet(name, value) }));

/** A body that starts with a clause other than SELECT is a fragment typed into an existing query. */
const fragmentContext = 'SELECT COUNT() FROM Retail\n';
function asWholeQuery(expanded: string): string {
  return /^\s*(?:WHERE|ENRICH|LINK)\b/i.test(expanded) ? fragmentContext + expanded : expanded;
}

// Until language/src/parser/index.ts implements parseIql, it is only a declaration and the module
// exports nothing at run time; the parse check below then skips instead of failing.
const parseIql = (parser as { parseIql?: unknown }).parseIql as ((text: string) => ParsedFile) | undefined;

describe('IQL snippets', () => {
  it('has at least one snippet, each with a prefix, a body and a description', () => {
    assert.ok(snippets.length > 0);
  });

  it('uses lower-case, unique prefixes without spaces', () => {
    const seen = new Set<string>();
    for (const { name, snippet } of snippets) {
      for (const prefix of prefixesOf(snippet)) {
        assert.match(prefix, /^[a-z][a-z0-9-]*$/, `${name}: prefix "${prefix}" should be lower-case letters, digits and dashes`);
        assert.ok(!seen.has(prefix), `${name}: prefix "${prefix}" is used twice`);
        seen.add(prefix);
      }
    }
  });

  it('covers every query form of LANGUAGE.md §3–7', () => {
    const prefixes = new Set(snippets.flatMap(({ snippet }) => prefixesOf(snippet)));
    const expected = ['count', 'aggregate', 'aggregate-bins', 'aggregate-string-bins', 'aggregate-representation', 'topn', 'sumavg', 'activation', 'audience', 'where', 'enrich', 'link', 'collab', 'profile'];
    assert.deepEqual(expected.filter((prefix) => !prefixes.has(prefix)), []);
  });

  it('writes well-formed tab stops in every body', () => {
    for (const { name, snippet } of snippets) {
      const report = readSnippetBody(bodyText(snippet));
      assert.deepEqual(report.problems, [], `${name}: ${report.problems.join('; ')}`);
      assert.ok(report.tabStops.has(1), `${name}: should offer at least one tab stop`);
    }
  });

  it('gives every tab stop a default, so the expanded snippet is a complete query', () => {
    for (const { name, snippet } of snippets) {
      const report = readSnippetBody(bodyText(snippet));
      for (const [index, values] of report.tabStops) {
        if (index === 0) continue;
        assert.ok(values.some((value) => value !== ''), `${name}: tab stop ${index} has no default text`);
      }
    }
  });

  it('writes keywords in upper case, as the documentation does', async () => {
    for (const { name, snippet } of snippets) {
      const lines = await tokenize(readSnippetBody(bodyText(snippet)).expanded);
      for (const token of lines.flat()) {
        const isKeyword = token.scopes.some((scope) => scope.startsWith('keyword.other.clause') || scope.startsWith('keyword.operator.set') || scope.startsWith('keyword.operator.logical') || scope.startsWith('support.function'));
        if (isKeyword) assert.equal(token.text, token.text.toUpperCase(), `${name}: "${token.text}" should be upper case`);
      }
    }
  });

  it('puts the collaboration and profile directives where the grammar recognises them', async () => {
    for (const prefix of ['collab', 'profile']) {
      const entry = snippets.find(({ snippet }) => prefixesOf(snippet).includes(prefix));
      assert.ok(entry !== undefined);
      const lines = await tokenize(readSnippetBody(bodyText(entry.snippet)).expanded);
      assert.ok(lines[0]?.some((token) => token.scopes.includes('keyword.other.directive.iql')), `${prefix}: first line should be a directive`);
      assert.ok(lines[0]?.some((token) => token.scopes.includes('entity.name.tag.directive-value.iql')), `${prefix}: directive should carry a value`);
    }
  });

  it(
    'expands every snippet to IQL that parses without errors',
    { skip: typeof parseIql !== 'function' ? 'parseIql is not implemented yet in language/src/parser/index.ts' : false },
    () => {
      if (parseIql === undefined) throw new Error('parseIql disappeared after the skip check');
      for (const { name, snippet } of snippets) {
        const text = asWholeQuery(readSnippetBody(bodyText(snippet)).expanded);
        const errors: readonly SyntaxProblem[] = parseIql(text).problems.filter((problem) => problem.severity === 'error');
        assert.deepEqual(
          errors.map((problem) => problem.message),
          [],
          `${name} expands to text with syntax errors:\n${text}`,
        );
      }
    },
  );
});

describe('snippet body reader', () => {
  it('expands placeholders, choices and mirrors with their defaults', () => {
    const report = readSnippetBody('SELECT ${1:Retail}.${2:ID} FROM $1 ${3|INTERSECT,UNION|} ${4:x {${5:1, 2}\\}}$0 \\$');
    assert.deepEqual(report.problems, []);
    assert.equal(report.expanded, 'SELECT Retail.ID FROM Retail INTERSECT x {1, 2} $');
    assert.deepEqual([...report.tabStops.keys()].sort(), [0, 1, 2, 3, 4, 5]);
  });

  it('keeps a "}" outside any placeholder as text, as the editor does for bins', () => {
    assert.equal(readSnippetBody('Age {${1:18, 25}}').expanded, 'Age {18, 25}');
  });

  it('lets a bare tab stop written first mirror a later default', () => {
    assert.equal(readSnippetBody('$1 and ${1:x}').expanded, 'x and x');
  });

  it('reports malformed bodies', () => {
    const cases: ReadonlyArray<readonly [string, RegExp]> = [
      ['${1:abc', /never closed/],
      ['${1|a,b', /never closed/],
      ['${1|only|}', /fewer than two/],
      ['cost $ 5', /lone "\$"/],
      ['$TM_FILENAME', /lone "\$"/],
      ['${x}', /tab stop number/],
      ['${1?}', /expected/],
      ['${1:a} ${3:b}', /jump from 1 to 3/],
      ['$0 $0', /more than once/],
      ['${1:a} ${1:b}', /different defaults/],
    ];
    for (const [body, expected] of cases) {
      const report = readSnippetBody(body);
      assert.ok(report.problems.some((problem) => expected.test(problem)), `${body}: ${JSON.stringify(report.problems)}`);
    }
  });

  it('treats a WHERE, ENRICH or LINK fragment as a clause of a counting query', () => {
    assert.equal(asWholeQuery('WHERE Age > 1'), `${fragmentContext}WHERE Age > 1`);
    assert.equal(asWholeQuery('SELECT COUNT() FROM x'), 'SELECT COUNT() FROM x');
  });
});
