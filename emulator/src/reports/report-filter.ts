/**
 * The IQL filters of an insight report (`seed_filter`, `baseline_filter`; LANGUAGE.md §6: the
 * condition after WHERE, alone). Parsed with the language's own parser, resolved by the query
 * engine against the one dataset the filter is about, and then written with every unqualified
 * reference qualified by that dataset, so that two filters can share one query without a
 * category becoming ambiguous. A problem names its line and column inside the filter text.
 */
import { writeName } from '../../../common/iql/names';
import { parseFilter } from '../../../language/src/parser/index';
import type { Condition, Ref } from '../../../language/src/parser/index';
import type { NamedDataset, QueryEngine } from '../query-engine';

export type FilterOutcome = { readonly ok: true; readonly condition: string | undefined } | { readonly ok: false; readonly message: string };

/**
 * Checks `text` as a filter on `dataset` and answers the condition to put after WHERE (with
 * unqualified references qualified), or undefined for an empty filter (everyone). `field` names
 * the filter in messages, e.g. `seed_filter: line 1, column 5: unknown category 'Agee' …`.
 */
export function prepareFilter(engine: QueryEngine, field: string, text: string, dataset: NamedDataset): FilterOutcome {
  const parsed = parseFilter(text);
  const error = parsed.problems.find((problem) => problem.severity === 'error');
  if (error) {
    const { line, column } = positionOf(text, error.span.start);
    return { ok: false, message: `${field}: line ${line}, column ${column}: ${error.message}` };
  }
  const condition = parsed.ast.condition;
  if (condition === undefined) return { ok: true, condition: undefined };
  // The filter on its own line, so the engine's line and column are the filter's own (line + 1).
  const check = engine.validate(`SELECT COUNT() FROM ${writeName(dataset.name)} WHERE\n${text}`, [dataset], 'insight');
  if (!check.ok) {
    const line = (check.problem.line ?? 2) - 1;
    const where = line >= 1 ? `line ${line}, column ${check.problem.column ?? 1}: ` : '';
    return { ok: false, message: `${field}: ${where}${check.problem.message}` };
  }
  const inserts = unqualifiedRefs(condition).map((ref) => ref.span.start).sort((a, b) => b - a);
  let qualified = text.slice(condition.span.start, condition.span.end);
  for (const offset of inserts) {
    const at = offset - condition.span.start;
    qualified = `${qualified.slice(0, at)}${writeName(dataset.name)}.${qualified.slice(at)}`;
  }
  return { ok: true, condition: qualified };
}

function unqualifiedRefs(condition: Condition): Ref[] {
  switch (condition.kind) {
    case 'Comparison':
    case 'In':
      return condition.ref.dataset === undefined ? [condition.ref] : [];
    case 'And':
    case 'Or':
      return condition.operands.flatMap(unqualifiedRefs);
    case 'Not':
      return condition.operand ? unqualifiedRefs(condition.operand) : [];
    case 'ConditionGroup':
      return condition.inner ? unqualifiedRefs(condition.inner) : [];
  }
}

/** 1-based line and column (UTF-16 code units) of `offset` in `text`. */
function positionOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const lines = before.split(/\r\n|\r|\n/);
  return { line: lines.length, column: (lines[lines.length - 1] ?? '').length + 1 };
}
