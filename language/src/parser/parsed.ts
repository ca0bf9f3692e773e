/** What parsing returns: a tree, partial where the text is broken, and the problems found. */
import type { FilterExpression, IqlFile } from './ast';
import type { SyntaxProblem } from './syntax-problem';

export interface ParsedFile {
  readonly ast: IqlFile;
  readonly problems: readonly SyntaxProblem[];
}

export interface ParsedFilter {
  readonly ast: FilterExpression;
  readonly problems: readonly SyntaxProblem[];
}
