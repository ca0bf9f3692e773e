/**
 * The one place the results panel flattens a run's result (common/results/result-table.ts),
 * so that the grid, the CSV and the Markdown always agree on columns and rows.
 */
import type { ExplainQueryResponse, QueryResult } from '../../../common/api';
import { flattenQueryResult } from '../../../common/results/result-table';
import type { ResultTable } from '../../../common/results/result-table';
import { detectQueryShape } from './query-shape';

/**
 * The table of `result` for the query text `query`: its shape from the query's first words,
 * and the dimension names from the plan when there is one (they name a column whose bins were
 * all redacted). Pure; never throws.
 */
export function tableOfRunResult(query: string, result: QueryResult, plan?: ExplainQueryResponse): ResultTable {
  const shape = detectQueryShape(query);
  const planDimensions = plan?.query_plan?.results?.dimensions ?? [];
  const dimensionNames = planDimensions.map((d) => (d.private_id ? `${d.private_id}.${d.category ?? '?'}` : (d.category ?? '?')));
  return flattenQueryResult(result, {
    ...(shape ? { shape: shape === 'total' ? 'total' : 'breakdown' } : {}),
    ...(shape !== 'total' && dimensionNames.length > 0 ? { dimensionNames } : {}),
  });
}
