/**
 * Text → `BoundQuery`: the first step of validate, explain and run.
 */
import type { BoundQuery } from './bound-query';
import { errorAt } from './engine-error';
import type { EngineOutcome } from './engine-error';
import type { EngineDataset } from './model';
import { parseSingleQuery } from './parse-single-query';
import { checkCollaborationRules } from '../../../language/src/rules/index';
import { resolveQuery } from './resolve-query';

/** Which endpoint is asking: each refuses the other kind of query. `any` accepts both. */
export type ExpectedQueryType = 'insight' | 'activation' | 'any';

/**
 * Parses and resolves one query against the datasets the caller may see, checks that it is
 * of the expected type, and that it keeps the rules of the collaboration it runs in (the same
 * rules module the editor's diagnostics use). May throw only if the parser throws; public
 * entry points wrap it.
 */
export function bindQuery(
  text: string,
  catalog: readonly EngineDataset[],
  expected: ExpectedQueryType,
): EngineOutcome<BoundQuery> {
  const parsed = parseSingleQuery(text);
  if (!parsed.ok) return parsed;
  const query = parsed.value;
  const type = query.select.queryType;
  if (expected !== 'any' && type !== expected) {
    const message =
      type === 'activation'
        ? 'this is an activation query (it selects output columns); send it to the activation endpoint, ' +
          'or select COUNT(), AGGREGATE(…), TOPN(…), SUM(…) or AVG(…) for an insight'
        : 'this is an insight query; an activation query selects output columns of an activation dataset, ' +
          'e.g. SELECT Retail.ID FROM Retail INTERSECT Publisher1';
    return { ok: false, error: errorAt(text, query.select.span, 'iql.wrong-query-type', message) };
  }
  const resolved = resolveQuery(text, query, catalog);
  if (!resolved.ok) return resolved;
  const broken = checkCollaborationRules(query, {
    restrictionsOf: (name) => catalog.find((dataset) => dataset.name === name)?.restrictions,
    // Resolution succeeded, so an unqualified category belongs to exactly one named dataset.
    datasetOfRef: (ref) => ref.dataset?.text ?? resolved.value.datasets.find((dataset) => dataset.categories.some((category) => category.label === ref.category?.text))?.name,
    // Exportability depends on who asks: the activation and segment routes check it with the
    // caller's company and answer 403 (http/collaboration-policy.ts).
  }).filter((violation) => violation.code !== 'iql.collaboration-not-exportable')[0];
  return broken === undefined ? resolved : { ok: false, error: errorAt(text, broken.span, broken.code, broken.message) };
}
