/**
 * What a query selects, read from its first words — enough to lay out its result: AGGREGATE
 * and TOPN count by dimensions, COUNT/SUM/AVG give one total. The run record keeps only the
 * text, and the full parser would bring Chevrotain into the extension host for two words.
 */
export type QueryShape = 'aggregate' | 'topn' | 'total';

const SHAPES: Readonly<Record<string, QueryShape>> = {
  AGGREGATE: 'aggregate',
  TOPN: 'topn',
  COUNT: 'total',
  SUM: 'total',
  AVG: 'total',
};

/**
 * The shape of `query` from its `SELECT <function>` start, skipping whitespace and comments
 * (`-- …` and `/* … *\/`); undefined for an activation query or text that does not start so.
 */
export function detectQueryShape(query: string): QueryShape | undefined {
  const words: string[] = [];
  let index = 0;
  while (index < query.length && words.length < 2) {
    const rest = query.slice(index);
    const space = /^\s+/.exec(rest);
    if (space) {
      index += space[0].length;
      continue;
    }
    if (rest.startsWith('--')) {
      const end = rest.indexOf('\n');
      index = end < 0 ? query.length : index + end + 1;
      continue;
    }
    if (rest.startsWith('/*')) {
      const end = rest.indexOf('*/', 2);
      index = end < 0 ? query.length : index + end + 2;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(rest);
    if (!word) break;
    words.push(word[0].toUpperCase());
    index += word[0].length;
  }
  if (words[0] !== 'SELECT' || words[1] === undefined) return undefined;
  return Object.hasOwn(SHAPES, words[1]) ? SHAPES[words[1]] : undefined;
}
