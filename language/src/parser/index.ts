/**
 * The parser's public face: everything outside language/src/parser imports from here.
 *
 * Contract: `parseIql` and `parseFilter` never throw, whatever the input (binary junk, a
 * megabyte of unbalanced parentheses, an empty string). They always return a tree — partial
 * where the text is broken — together with the problems found, so that features keep working
 * on the parts the author has already written. `IncrementalParser` gives the same answer as
 * `parseIql` for each version of a document, reparsing only the queries an edit touched.
 */
// The tree's node types, for code that reads the tree outside the parser (the emulator's
// query engine binds queries from them).
export type {
  Audience,
  Bins,
  CompareOperator,
  Condition,
  Dimension,
  FilterExpression,
  IqlFile,
  Literal,
  Name,
  Query,
  Ref,
  SelectItem,
  SetOperator,
  Span,
} from './ast';

export type { Severity, SyntaxProblem } from './syntax-problem';
export type { ParsedFile, ParsedFilter } from './parsed';
export { parseFilter, parseIql } from './parse-text';
export { IncrementalParser } from './incremental-parser';
export { warmUpParser } from './warm-up';
