/**
 * The rules a collaboration puts on its datasets, checked against one query. One
 * implementation for the language server (diagnostics while typing) and the emulator (which
 * refuses what breaks them), so that the editor flags exactly what the service refuses.
 *
 * The caller says which dataset an unqualified category belongs to (`datasetOfRef`): the
 * editor from its catalog, the emulator from its data. Each rule names the dataset, the rule
 * and the way out.
 */
import type { Audience, Query, Ref, Span } from '../parser/ast';
import type { DatasetRestrictions } from './dataset-restrictions';

export type CollaborationRuleCode =
  | 'iql.collaboration-intersection-only'
  | 'iql.collaboration-attribute-not-allowed'
  | 'iql.collaboration-activation-not-allowed'
  | 'iql.collaboration-not-exportable';

export interface RuleViolation {
  readonly code: CollaborationRuleCode;
  readonly message: string;
  readonly span: Span;
}

export interface RuleContext {
  /** The restrictions of a collaboration dataset, by the name queries use; undefined when none apply. */
  readonly restrictionsOf: (datasetName: string) => DatasetRestrictions | undefined;
  /** The dataset a category reference belongs to, when it can be told. */
  readonly datasetOfRef: (ref: Ref) => string | undefined;
  /** The company asking, when known: export columns must be exportable to it. */
  readonly company?: string;
}

/** Every rule `query` breaks, in source order. */
export function checkCollaborationRules(query: Query, context: RuleContext): RuleViolation[] {
  const violations: RuleViolation[] = [...checkIntersectionOnly(query, context), ...checkAttributes(query, context), ...checkActivation(query, context)];
  return violations.sort((a, b) => a.span.start - b.span.start);
}

interface AudienceShape {
  readonly datasets: { readonly name: string; readonly span: Span }[];
  /** Operators other than INTERSECT, with their spans. */
  readonly otherOperators: { readonly operator: string; readonly span: Span }[];
}

/** The datasets and the non-INTERSECT operators of an audience; iterative, chains are deep. */
function audienceShape(root: Audience | undefined): AudienceShape {
  const shape: AudienceShape = { datasets: [], otherOperators: [] };
  const pending: (Audience | undefined)[] = [root];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === undefined) continue;
    if (node.kind === 'Dataset') shape.datasets.push({ name: node.name.text, span: node.name.span });
    else if (node.kind === 'AudienceGroup') pending.push(node.inner);
    else {
      if (node.operator !== 'INTERSECT') shape.otherOperators.push({ operator: node.operator, span: node.operatorSpan });
      pending.push(node.right, node.left);
    }
  }
  return shape;
}

function checkIntersectionOnly(query: Query, context: RuleContext): RuleViolation[] {
  const shape = audienceShape(query.from?.audience);
  const violations: RuleViolation[] = [];
  for (const dataset of shape.datasets) {
    if (context.restrictionsOf(dataset.name)?.intersectionOnly !== true) continue;
    if (shape.otherOperators.length > 0) {
      const first = shape.otherOperators[0];
      violations.push({
        code: 'iql.collaboration-intersection-only',
        message: `'${dataset.name}' may only be intersected with other datasets in this collaboration; ${first.operator} combines it otherwise. Use INTERSECT.`,
        span: first.span,
      });
    } else if (shape.datasets.length < 2) {
      violations.push({
        code: 'iql.collaboration-intersection-only',
        message: `'${dataset.name}' may only be intersected with other datasets in this collaboration: add INTERSECT and another dataset.`,
        span: dataset.span,
      });
    }
  }
  return violations;
}

function checkAttributes(query: Query, context: RuleContext): RuleViolation[] {
  const violations: RuleViolation[] = [];
  for (const ref of categoryRefs(query)) {
    const category = ref.category;
    const dataset = category === undefined ? undefined : context.datasetOfRef(ref);
    if (category === undefined || dataset === undefined) continue;
    const allowed = context.restrictionsOf(dataset)?.allowedAttributes;
    if (allowed === undefined || allowed.includes(category.text)) continue;
    violations.push({
      code: 'iql.collaboration-attribute-not-allowed',
      message:
        `'${category.text}' of '${dataset}' is not among the attributes this collaboration allows` +
        (allowed.length > 0 ? `: ${allowed.map((name) => `'${name}'`).join(', ')}.` : ': it allows none.'),
      span: category.span,
    });
  }
  return violations;
}

function checkActivation(query: Query, context: RuleContext): RuleViolation[] {
  const columns = query.select.items.filter((item) => item.kind === 'Column');
  if (columns.length === 0) return [];
  const violations: RuleViolation[] = [];
  for (const dataset of audienceShape(query.from?.audience).datasets) {
    const restrictions = context.restrictionsOf(dataset.name);
    if (restrictions === undefined || restrictions.activationAllowed) continue;
    violations.push({
      code: 'iql.collaboration-activation-not-allowed',
      message: `'${dataset.name}' may not be used in activation queries (queries that select output columns) in this collaboration.`,
      span: dataset.span,
    });
  }
  for (const column of columns) {
    const exportable = context.restrictionsOf(column.dataset.text)?.exportableToMembers;
    if (exportable === undefined) continue;
    const refused = exportable.length === 0 || (context.company !== undefined && !exportable.includes(context.company));
    if (!refused) continue;
    violations.push({
      code: 'iql.collaboration-not-exportable',
      message:
        exportable.length === 0
          ? `Output columns of '${column.dataset.text}' cannot be exported in this collaboration: it is exportable to no member.`
          : `Output columns of '${column.dataset.text}' are exportable only to ${exportable.map((name) => `'${name}'`).join(', ')} in this collaboration.`,
      span: column.dataset.span,
    });
  }
  return violations;
}

/** The category references of SELECT and WHERE. */
function categoryRefs(query: Query): Ref[] {
  const refs: Ref[] = [];
  for (const item of query.select.items) {
    if (item.kind === 'Aggregate') for (const dimension of item.dimensions) refs.push(dimension.ref);
    else if ((item.kind === 'TopN' || item.kind === 'Measure') && item.ref) refs.push(item.ref);
  }
  const pending = query.where?.condition ? [query.where.condition] : [];
  while (pending.length > 0) {
    const condition = pending.pop()!;
    switch (condition.kind) {
      case 'Comparison':
      case 'In':
        refs.push(condition.ref);
        break;
      case 'And':
      case 'Or':
        pending.push(...condition.operands);
        break;
      case 'Not':
        if (condition.operand) pending.push(condition.operand);
        break;
      case 'ConditionGroup':
        if (condition.inner) pending.push(condition.inner);
        break;
    }
  }
  return refs.sort((a, b) => a.span.start - b.span.start);
}
