/**
 * A reason a data folder cannot be served. Every problem names the file and, when known, the
 * line, so that whoever wrote the folder can go straight to the fault.
 */
export interface FolderProblem {
  /** Path of the faulty file, as given (joined with the folder path). */
  readonly file: string;
  /** 1-based line in that file, when the problem has one. */
  readonly line?: number;
  /** What is wrong and what would be right. */
  readonly message: string;
}

/** Formats a problem as `file:line: message` (or `file: message` without a line). */
export function formatFolderProblem(problem: FolderProblem): string {
  const where = problem.line === undefined ? problem.file : `${problem.file}:${problem.line}`;
  return `${where}: ${problem.message}`;
}
