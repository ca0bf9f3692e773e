/**
 * The shared examples (/work/shared/iql/examples): every valid file parses without any error
 * or warning, and every invalid file gets exactly the problem its `-- expect:` line states,
 * where it states it. Line:column in an expect line are 1-based, the expect line being line 1.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AggregateItem } from '../../../../language/src/parser/ast';
import { parseIql } from '../../../../language/src/parser/index';
import type { ParsedFile } from '../../../../language/src/parser/index';
import { examplesDirectory, offsetOf, positionOf, readExamples } from './helpers';

/**
 * What an expect line says the problem is. Expect lines are prose; the forms they take are:
 * `error at L:C: message`, `error at L:C "message"; …`, `error at the end of the query, saying …`
 * and `error reporting the missing ')' for the '(' at L:C`.
 */
interface Expectation {
  /** Where the problem starts; undefined when the line says "at the end of the query". */
  readonly offset?: number;
  /** Text the message must contain. */
  readonly fragments: readonly string[];
}

/** Fragments for the expect lines that describe the message rather than quote it. */
const describedMessages: Readonly<Record<string, readonly string[]>> = {
  'dangling-operator': ['dataset', "'('", 'after INTERSECT'],
  'missing-from': ['FROM and an audience are required'],
};

function readExpectation(name: string, text: string): Expectation {
  const line = text.split('\n')[0];
  const match = /^-- expect: (.*)$/.exec(line);
  assert.ok(match, `${name}: the first line is not an expect line`);
  const statement = match[1];
  const quotedAfterPosition = /^error at (\d+):(\d+) "([^"]+)"/.exec(statement);
  if (quotedAfterPosition) {
    return { offset: offsetOf(text, Number(quotedAfterPosition[1]), Number(quotedAfterPosition[2])), fragments: [quotedAfterPosition[3]] };
  }
  const colonAfterPosition = /^error at (\d+):(\d+): (.+)$/.exec(statement);
  if (colonAfterPosition) {
    return { offset: offsetOf(text, Number(colonAfterPosition[1]), Number(colonAfterPosition[2])), fragments: [colonAfterPosition[3]] };
  }
  const unclosed = /^error reporting the missing '\)' for the '\(' at (\d+):(\d+)$/.exec(statement);
  if (unclosed) {
    // The missing ')' belongs at the end of the query; the message points back at the '('.
    assert.equal(text.charAt(offsetOf(text, Number(unclosed[1]), Number(unclosed[2]))), '(');
    return { fragments: ["')'", `line ${unclosed[1]}, column ${unclosed[2]}`] };
  }
  if (/^error at the end of the query, saying /.test(statement)) {
    const fragments = describedMessages[name];
    assert.ok(fragments, `${name}: add the fragments its expect line describes to describedMessages`);
    return { fragments };
  }
  assert.fail(`${name}: expect line not understood: ${statement}`);
}

/** Extra facts some expect lines state about recovery. */
const recoveryChecks: Readonly<Record<string, (parsed: ParsedFile) => void>> = {
  'comma-before-bins': ({ ast }) => {
    const dimensions = (ast.queries[0].select.items[0] as AggregateItem).dimensions;
    assert.deepEqual(dimensions.map((dimension) => [dimension.ref.category?.text, dimension.bins?.values.length]), [['Age', undefined], ['Gender', 2]]);
    assert.equal(ast.queries[0].from?.audience?.kind, 'Dataset');
  },
  'explain-keyword': ({ ast }) => {
    assert.equal(ast.queries.length, 1);
    assert.equal(ast.queries[0].select.items[0].kind, 'Count');
    assert.equal(ast.queries[0].from?.audience?.kind, 'Dataset');
  },
};

describe('valid examples', () => {
  const examples = readExamples('valid');
  it('are found', () => assert.ok(examples.length >= 8, `only ${examples.length} valid examples under ${examplesDirectory}`));
  for (const { name, text } of examples) {
    it(`${name} has no problem`, () => {
      const { ast, problems } = parseIql(text);
      assert.deepEqual(problems, []);
      assert.ok(ast.queries.length >= 1);
    });
  }
});

describe('invalid examples', () => {
  const examples = readExamples('invalid');
  it('are found', () => assert.ok(examples.length >= 8, `only ${examples.length} invalid examples under ${examplesDirectory}`));
  for (const { name, text } of examples) {
    it(`${name} gets exactly the expected problem`, () => {
      const expectation = readExpectation(name, text);
      const parsed = parseIql(text);
      assert.equal(parsed.problems.length, 1, JSON.stringify(parsed.problems));
      const [problem] = parsed.problems;
      assert.equal(problem.severity, 'error');
      const expectedOffset = expectation.offset ?? text.trimEnd().length;
      assert.deepEqual(positionOf(text, problem.span.start), positionOf(text, expectedOffset), problem.message);
      for (const fragment of expectation.fragments) assert.ok(problem.message.includes(fragment), `"${problem.message}" lacks "${fragment}"`);
      recoveryChecks[name]?.(parsed);
    });
  }
});
