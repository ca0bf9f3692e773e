import type { Audience, Condition, Literal, Name, Query, Ref } from '../parser/ast';

export type DatasetRole = 'from' | 'enrich' | 'link';

export interface NamedDatasetUse {
  readonly name: Name;
  readonly role: DatasetRole;
}

/** Every dataset name a query names in FROM, ENRICH WITH and LINK WITH, in source order. */
export function namedDatasetUses(query: Query): NamedDatasetUse[] {
  const uses: NamedDatasetUse[] = [];
  const visit = (audience: Audience | undefined): void => {
    if (!audience) return;
    if (audience.kind === 'Dataset') uses.push({ name: audience.name, role: 'from' });
    else if (audience.kind === 'AudienceGroup') visit(audience.inner);
    else {
      visit(audience.left);
      visit(audience.right);
    }
  };
  visit(query.from?.audience);
  for (const name of query.enrich?.names ?? []) uses.push({ name, role: 'enrich' });
  for (const name of query.link?.names ?? []) uses.push({ name, role: 'link' });
  return uses;
}

/** Where a reference stands, which decides what it must resolve to. */
export type RefUse =
  | { readonly kind: 'dimension'; readonly ref: Ref; readonly bins?: readonly Literal[] }
  | { readonly kind: 'topn'; readonly ref: Ref }
  | { readonly kind: 'measure'; readonly ref: Ref; readonly fn: 'SUM' | 'AVG' }
  | { readonly kind: 'comparison'; readonly ref: Ref; readonly values: readonly Literal[] };

/** Every category reference of a query (SELECT and WHERE), in source order. */
export function refUses(query: Query): RefUse[] {
  const uses: RefUse[] = [];
  for (const item of query.select.items) {
    switch (item.kind) {
      case 'Aggregate':
        for (const dimension of item.dimensions) {
          uses.push({ kind: 'dimension', ref: dimension.ref, ...(dimension.bins ? { bins: dimension.bins.values } : {}) });
        }
        break;
      case 'TopN':
        if (item.ref) uses.push({ kind: 'topn', ref: item.ref });
        break;
      case 'Measure':
        if (item.ref) uses.push({ kind: 'measure', ref: item.ref, fn: item.fn });
        break;
      case 'Count':
      case 'Column':
        break;
    }
  }
  const visit = (condition: Condition | undefined): void => {
    if (!condition) return;
    switch (condition.kind) {
      case 'Comparison':
        uses.push({ kind: 'comparison', ref: condition.ref, values: condition.value ? [condition.value] : [] });
        break;
      case 'In':
        uses.push({ kind: 'comparison', ref: condition.ref, values: condition.values });
        break;
      case 'And':
      case 'Or':
        condition.operands.forEach(visit);
        break;
      case 'Not':
        visit(condition.operand);
        break;
      case 'ConditionGroup':
        visit(condition.inner);
        break;
    }
  };
  visit(query.where?.condition);
  return uses.sort((a, b) => a.ref.span.start - b.ref.span.start);
}
