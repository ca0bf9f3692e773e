import { operations, type ExplainQueryResponse } from '../../../common/api';
import { outlinePlan } from '../../../common/plan/plan-outline';

/**
 * The problem with an ExplainQuery answer that holds no plan, or undefined when it holds one.
 *
 * Every field of the answer is optional in the swagger (and so in its schema), so an empty
 * body, `{}` or an object of unknown fields all pass the shape check; yet a plan always has
 * something to say: the audience's joins, a filter, dimensions, thresholds or hops. An answer
 * with none of them is the service failing (or a base URL that is not the service), not a
 * plan to print with exit 0.
 */
export function findMissingPlan(answer: ExplainQueryResponse): string | undefined {
  const outline = outlinePlan(answer);
  const holdsPlan =
    outline.audience !== undefined ||
    outline.filterJoins !== undefined ||
    outline.filter !== undefined ||
    outline.dimensions !== undefined ||
    outline.thresholds.length > 0 ||
    outline.hops.length > 0;
  if (holdsPlan) return undefined;
  const { title, method, path } = operations.explainQuery;
  return (
    `the service's answer to ${title} (${method} ${path}) holds no plan: none of query_plan.plan, query_plan.results or hop_table says anything. ` +
    `This is a fault of the service (or of the base URL), not of the query.`
  );
}
