/**
 * Properties that must hold for any text: the parser never throws, every span (of every node
 * and every problem) lies within the text with start <= end, and each input is handled
 * quickly. Inputs are random token soup and random edits of the shared examples.
 */
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { parseFilter, parseIql } from '../../../../language/src/parser/index';
import type { ParsedFile, ParsedFilter } from '../../../../language/src/parser/index';
import { collectSpans } from './helpers';
import { editedExample, examples, soup } from './text-arbitraries';

const numRuns = 300;
const timeLimitMs = 50;

/**
 * Runs `parse` and returns its result and the time it took. A run over the limit is repeated
 * (up to three runs, keeping the fastest): other processes on a busy machine can pause this one
 * for longer than the limit, whereas a parser that is really slow on an input stays slow.
 */
function timeParse<T>(parse: (text: string) => T, text: string): { result: T; elapsed: number } {
  let best = Number.POSITIVE_INFINITY;
  let result: T | undefined;
  for (let attempt = 0; attempt < 3 && best >= timeLimitMs; attempt++) {
    const started = performance.now();
    result = parse(text);
    best = Math.min(best, performance.now() - started);
  }
  return { result: result as T, elapsed: best };
}

/** Parses `text` both ways and checks the properties; fails with the text for reproduction. */
function checkParses(text: string): void {
  const parsers: ((text: string) => ParsedFile | ParsedFilter)[] = [parseIql, parseFilter];
  for (const parse of parsers) {
    const { result, elapsed } = timeParse(parse, text);
    assert.ok(elapsed < timeLimitMs, `${parse.name} took ${elapsed.toFixed(1)} ms`);
    for (const { path, span } of collectSpans(result)) {
      assert.ok(Number.isInteger(span.start) && Number.isInteger(span.end), `${path}: ${JSON.stringify(span)}`);
      assert.ok(span.start >= 0 && span.start <= span.end && span.end <= text.length, `${path}: ${JSON.stringify(span)} in ${text.length}`);
    }
    for (const problem of result.problems) {
      assert.ok(problem.code.startsWith('iql.') && problem.message.length > 0);
      assert.notEqual(problem.code, 'iql.internal', problem.message);
    }
  }
}

describe('parser properties', () => {
  // Warm the parser up so that the time limit measures parsing, not the first compilation.
  for (const text of examples) parseIql(text);

  it('handles random token soup', () => {
    fc.assert(fc.property(soup, checkParses), { numRuns });
  });

  it('handles random edits of the examples', () => {
    fc.assert(fc.property(editedExample, checkParses), { numRuns });
  });

  it('handles arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), checkParses), { numRuns });
  });
});
