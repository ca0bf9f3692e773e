/**
 * Short explanations of IQL's keywords and functions, for hovers and completion items. Each
 * says what the word does in a sentence or two and shows one example; the wording follows
 * this project's reading of the language (LANGUAGE.md), including the parts the service's
 * own documentation leaves out (marked "extension").
 */

interface WordDoc {
  /** One line, for completion details and the first line of a hover. */
  readonly summary: string;
  /** A paragraph or two of Markdown. */
  readonly details: string;
  readonly example: string;
  readonly kind: 'keyword' | 'function';
}

const docs: Readonly<Record<string, WordDoc>> = {
  SELECT: {
    kind: 'keyword',
    summary: 'Starts a query and says what to learn or what to export.',
    details:
      'Either insight functions (`COUNT()`, `AGGREGATE(…)`, `TOPN(…)`, `SUM(…)`, `AVG(…)`) or output columns ' +
      'written `dataset.column`. The first item decides the kind of query: a function makes an insight query, ' +
      'a column an activation query; the two cannot be mixed. `FROM` is required after it.',
    example: 'SELECT COUNT()\nFROM Retail',
  },
  FROM: {
    kind: 'keyword',
    summary: 'The audience: the datasets whose individuals the query is about.',
    details:
      'One dataset, or several combined with `UNION`, `INTERSECT` and `EXCLUDE`. Datasets are matched on the keys ' +
      'they share; no join condition is written. The set operators have equal precedence and apply left to right; ' +
      'only parentheses change the order.',
    example: 'SELECT COUNT()\nFROM (Retail UNION Bank) EXCLUDE Publisher1',
  },
  WHERE: {
    kind: 'keyword',
    summary: 'Keeps only the individuals that meet a condition.',
    details:
      'Compares a category with a string or a number (`=`, `<`, `<=`, `>`, `>=`; extensions: `!=`, `<>`, `IN`), ' +
      'joined with `AND`, and as extensions `OR`, `NOT` and parentheses. An individual with no value for the ' +
      'category never passes the filter. Dates are compared as strings such as `\'2025-01-01\'`.',
    example: "SELECT COUNT()\nFROM Retail\nWHERE Age >= 30\n  AND Region = 'Wales'",
  },
  AND: {
    kind: 'keyword',
    summary: 'Both conditions must hold.',
    details: '`AND` binds tighter than `OR`: `a OR b AND c` means `a OR (b AND c)`. Add parentheses when in doubt.',
    example: "SELECT COUNT()\nFROM Retail\nWHERE Age >= 30 AND Gender = 'Female'",
  },
  OR: {
    kind: 'keyword',
    summary: 'Either condition may hold (extension).',
    details: '`OR` binds looser than `AND`; group with parentheses to combine it with other conditions.',
    example: "SELECT COUNT()\nFROM Retail\nWHERE Region = 'Scotland' AND (Gender = 'Female' OR Age < 25)",
  },
  NOT: {
    kind: 'keyword',
    summary: 'Negates the condition after it (extension).',
    details: 'Applies to one comparison or to a parenthesised condition. Individuals with no value still do not pass.',
    example: "SELECT COUNT()\nFROM Retail\nWHERE NOT Region = 'Wales'",
  },
  IN: {
    kind: 'keyword',
    summary: 'The value is one of a list (extension).',
    details: 'A shorter way to write several `=` comparisons of the same category joined by `OR`.',
    example: "SELECT COUNT()\nFROM Retail\nWHERE Region IN ('Scotland', 'Wales')",
  },
  ENRICH: {
    kind: 'keyword',
    summary: '`ENRICH WITH`: take categories from datasets that are not part of the audience.',
    details:
      'The datasets listed take part in matching individuals and lend their categories to SELECT and WHERE, but ' +
      'add no one to the audience. Use `LINK WITH` instead for a dataset that only connects keys.',
    example: 'SELECT AGGREGATE(Bank.Income)\nFROM Retail\nENRICH WITH Bank',
  },
  LINK: {
    kind: 'keyword',
    summary: '`LINK WITH`: glue datasets that bridge keys between the others.',
    details:
      'A link dataset (an identity graph, say) holds several keys per individual, so that records keyed by email ' +
      'can match records keyed by device. It adds no one to the audience and is not used for its categories; ' +
      'comes after `ENRICH WITH` when both are written.',
    example: 'SELECT COUNT()\nFROM Retail INTERSECT Publisher1\nLINK WITH IdGraph',
  },
  WITH: {
    kind: 'keyword',
    summary: 'Second word of `ENRICH WITH` and `LINK WITH`, followed by a list of datasets.',
    details: '`ENRICH WITH` lends categories from datasets outside the audience; `LINK WITH` adds datasets that only connect keys.',
    example: 'SELECT COUNT()\nFROM Retail\nENRICH WITH Bank, Insurer\nLINK WITH IdGraph',
  },
  UNION: {
    kind: 'keyword',
    summary: 'Individuals in either audience.',
    details:
      '`UNION`, `INTERSECT` and `EXCLUDE` have equal precedence and apply left to right: ' +
      '`A UNION B INTERSECT C` means `(A UNION B) INTERSECT C`. Use parentheses for another order.',
    example: 'SELECT COUNT()\nFROM Retail UNION Bank',
  },
  INTERSECT: {
    kind: 'keyword',
    summary: 'Individuals in both audiences.',
    details:
      'Unlike SQL, `INTERSECT` does not bind tighter than `UNION` or `EXCLUDE`: all three apply left to right ' +
      'with equal precedence, so `A UNION B INTERSECT C` means `(A UNION B) INTERSECT C`.',
    example: 'SELECT COUNT()\nFROM Retail INTERSECT Publisher1',
  },
  EXCLUDE: {
    kind: 'keyword',
    summary: 'Individuals in the left audience but not in the right one.',
    details:
      'Applies left to right with the same precedence as `UNION` and `INTERSECT`; put the right-hand side in ' +
      'parentheses to exclude a combination.',
    example: 'SELECT COUNT()\nFROM Retail EXCLUDE (Bank UNION Publisher1)',
  },
  COUNT: {
    kind: 'function',
    summary: '`COUNT()`: the number of distinct individuals in the audience.',
    details:
      'Takes no argument. Counts below the privacy threshold are redacted and the rest rounded. Cannot be mixed ' +
      'with `AGGREGATE` or `TOPN` in one SELECT.',
    example: 'SELECT COUNT()\nFROM Retail INTERSECT Bank',
  },
  AGGREGATE: {
    kind: 'function',
    summary: '`AGGREGATE(dimension, …)`: counts broken down by one or more dimensions.',
    details:
      'A dimension is a category, optionally with a representation after `/` and bins in braces: numeric ' +
      'boundaries `{18, 25, 35}` make the ranges [18, 25) and [25, 35); strings `{\'Female\', \'Male\'}` count ' +
      'only those values. With several dimensions the breakdown nests: each bin of the first holds the bins of ' +
      'the second.',
    example: "SELECT AGGREGATE(\n  Age/\"Five Year Bins\",\n  Gender {'Female', 'Male'}\n)\nFROM Retail",
  },
  TOPN: {
    kind: 'function',
    summary: '`TOPN(category, n)`: the n most frequent values of a category.',
    details: 'Meant for categories with many distinct values. `n` is a positive integer; ties are broken by value, ascending.',
    example: 'SELECT TOPN(Publisher1."Favourite Section", 5)\nFROM Publisher1',
  },
  SUM: {
    kind: 'function',
    summary: '`SUM(category)`: the total of a numeric category over the audience (beta on the service).',
    details: 'Only individuals with a value count. May be listed together with `AVG`, but not with other functions.',
    example: 'SELECT SUM(Retail.Spend), AVG(Retail.Spend)\nFROM Retail',
  },
  AVG: {
    kind: 'function',
    summary: '`AVG(category)`: the average of a numeric category (beta on the service).',
    details: 'The sum divided by the number of individuals that have a value. May be listed together with `SUM`.',
    example: 'SELECT AVG(Retail.Spend)\nFROM Retail INTERSECT Publisher1',
  },
};

/** Every keyword and function that has an explanation, upper-case. */
export const DOCUMENTED_WORDS: readonly string[] = Object.keys(docs);

/** One line about `word` (case-insensitive), or undefined for a word that is not IQL's. */
export function summarizeKeyword(word: string): string | undefined {
  return lookUp(word)?.summary;
}

function lookUp(word: string): WordDoc | undefined {
  const upper = typeof word === 'string' ? word.toUpperCase() : '';
  return Object.prototype.hasOwnProperty.call(docs, upper) ? docs[upper] : undefined;
}

/**
 * Markdown for `word` (case-insensitive): a bold title naming it a keyword or a function, the
 * summary, the details and one ```` ```iql ```` example. Undefined for a word that is neither.
 */
export function describeKeyword(word: string): string | undefined {
  const doc = lookUp(word);
  if (!doc) return undefined;
  return [`**${word.toUpperCase()}** _(${doc.kind})_ — ${doc.summary}`, doc.details, '```iql\n' + doc.example + '\n```'].join('\n\n');
}
