import type { SyntaxProblem } from '../parser';

/**
 * A problem found by analysis, possibly carrying what a quick fix needs. The data travels
 * to the editor in `Diagnostic.data` and comes back in code-action requests, so it is plain
 * JSON.
 */
export interface AnalysisProblem extends SyntaxProblem {
  readonly data?: ProblemData;
}

export interface ProblemData {
  /** Names that could replace the text at the problem's span ("did you mean"). */
  readonly replacements?: readonly string[];
  /** Datasets that could qualify an ambiguous category. */
  readonly qualifiers?: readonly string[];
}
