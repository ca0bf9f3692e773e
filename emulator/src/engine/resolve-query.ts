/**
 * Turns a parsed query into a `BoundQuery` (bound-query.ts), checking everything that needs
 * the catalog (LANGUAGE.md §8): unknown or unnamed datasets, unknown, ambiguous or mistyped
 * categories and representations, bins, TOPN counts, SUM/AVG types and output columns.
 */
import type {
  Audience,
  Bins,
  Condition,
  Dimension,
  Literal,
  Query,
  SelectItem,
  Span,
} from '../../../language/src/parser/index';
import type {
  BinSpec,
  BoundAudience,
  BoundCondition,
  BoundDimension,
  BoundQuery,
  BoundRef,
  BoundSelection,
} from './bound-query';
import type { EngineOutcome } from './engine-error';
import { internalError } from './engine-error';
import type { EngineDataset, EngineRepresentation } from './model';
import { NameScope, ResolveFailure, quoteIfNeeded } from './resolve-names';
import { listNames, suggestName } from './suggest-name';

/**
 * Resolves `query` (parsed from `text`) against the datasets the caller may see.
 *
 * Contract: answers the first problem found, in reading order of the clauses it checks
 * (FROM, ENRICH, LINK, SELECT, WHERE), located in `text`. Never throws.
 */
export function resolveQuery(text: string, query: Query, catalog: readonly EngineDataset[]): EngineOutcome<BoundQuery> {
  try {
    return { ok: true, value: new QueryResolver(text, query, catalog).resolve() };
  } catch (caught) {
    if (caught instanceof ResolveFailure) return { ok: false, error: caught.error };
    return { ok: false, error: internalError(caught) };
  }
}

class QueryResolver {
  private readonly scope: NameScope;

  constructor(
    private readonly text: string,
    private readonly query: Query,
    catalog: readonly EngineDataset[],
  ) {
    this.scope = new NameScope(text, catalog);
  }

  resolve(): BoundQuery {
    const from = this.query.from;
    if (from?.audience === undefined) {
      const end = this.query.span.end;
      return this.scope.fail({ start: end, end }, 'iql.syntax', 'FROM and an audience are required: write FROM <dataset>');
    }
    const audienceDatasets: number[] = [];
    const audience = this.bindAudience(from.audience, audienceDatasets);
    for (const name of this.query.enrich?.names ?? []) this.scope.addNamed(name);
    for (const name of this.query.link?.names ?? []) this.scope.addNamed(name);
    const selection = this.bindSelection();
    const whereCondition = this.query.where?.condition;
    const condition = whereCondition !== undefined ? this.bindCondition(whereCondition) : undefined;
    return {
      text: this.text,
      ast: this.query,
      type: this.query.select.queryType,
      datasets: this.scope.named,
      audienceDatasets: [...new Set(audienceDatasets)],
      audience,
      condition,
      conditionText: whereCondition !== undefined ? this.source(whereCondition.span) : '',
      selection,
    };
  }

  private source(span: Span): string {
    return this.text.slice(span.start, span.end);
  }

  private bindAudience(audience: Audience, leaves: number[]): BoundAudience {
    switch (audience.kind) {
      case 'Dataset': {
        const dataset = this.scope.addNamed(audience.name);
        leaves.push(dataset);
        return { kind: 'dataset', dataset };
      }
      case 'AudienceGroup':
        if (audience.inner === undefined) return this.scope.fail(audience.span, 'iql.syntax', 'a dataset is expected inside the parentheses');
        return { kind: 'group', inner: this.bindAudience(audience.inner, leaves) };
      case 'SetOperation': {
        const left = this.bindAudience(audience.left, leaves);
        if (audience.right === undefined) {
          return this.scope.fail(audience.operatorSpan, 'iql.syntax', `a dataset or "(" is expected after ${audience.operator}`);
        }
        return { kind: 'operation', operator: audience.operator, left, right: this.bindAudience(audience.right, leaves) };
      }
    }
  }

  private bindSelection(): BoundSelection {
    const items = this.query.select.items;
    if (items.length === 0) return this.scope.fail(this.query.select.span, 'iql.syntax', 'SELECT needs something to select, e.g. COUNT()');
    if (this.query.select.queryType === 'activation') return this.bindActivation(items);
    const first = items[0];
    const misfit = items.find((item, index) => index > 0 && (item.kind !== 'Measure' || first.kind !== 'Measure'));
    if (misfit !== undefined) {
      return this.scope.fail(
        misfit.span,
        'iql.selection',
        `${describeItem(misfit)} cannot be selected together with ${describeItem(first)}; ` +
          'only SUM and AVG may be listed together — write a separate query',
      );
    }
    switch (first.kind) {
      case 'Count':
        return { kind: 'count' };
      case 'Aggregate':
        if (first.dimensions.length === 0) {
          return this.scope.fail(first.span, 'iql.selection', 'AGGREGATE needs at least one category, e.g. AGGREGATE(Age)');
        }
        return { kind: 'aggregate', dimensions: first.dimensions.map((dimension) => this.bindDimension(dimension)) };
      case 'TopN': {
        if (first.ref === undefined) return this.scope.fail(first.span, 'iql.syntax', 'TOPN needs a category and a count, e.g. TOPN(Job, 5)');
        const ref = this.scope.resolveRef(first.ref, 'SELECT');
        const count = first.count;
        if (count === undefined || !/^\d+$/.test(count.raw) || count.value < 1) {
          const where = count?.span ?? { start: first.span.end - 1, end: first.span.end };
          const written = count !== undefined ? `, not ${count.raw}` : '';
          return this.scope.fail(where, 'iql.topn-count', `TOPN needs a positive integer count as its second argument${written}`);
        }
        return { kind: 'topn', dimension: { ref, bins: defaultBins(ref.representation), explicitBins: false }, n: count.value };
      }
      case 'Measure': {
        const written = new Set<string>();
        for (const item of items) {
          if (item.kind !== 'Measure') continue;
          if (written.has(item.fn)) {
            this.scope.fail(item.span, 'iql.selection', `${item.fn} is selected twice; a result holds one ${item.fn} — write a separate query for the other`);
          }
          written.add(item.fn);
        }
        return { kind: 'measures', measures: items.map((item) => this.bindMeasure(item)) };
      }
      case 'Column':
        return this.bindActivation(items);
    }
  }

  private bindMeasure(item: SelectItem): { fn: 'SUM' | 'AVG'; ref: BoundRef } {
    if (item.kind !== 'Measure') return this.scope.fail(item.span, 'iql.selection', 'only SUM and AVG may be listed together');
    if (item.ref === undefined) return this.scope.fail(item.span, 'iql.syntax', `${item.fn} needs a numeric category, e.g. ${item.fn}(Spend)`);
    const ref = this.scope.resolveRef(item.ref, 'SELECT');
    if (!ref.numeric) {
      this.scope.fail(
        item.ref.span,
        'iql.measure-type',
        `${item.fn} needs a numeric category; '${ref.category.label}' in ${this.scope.named[ref.dataset].name} holds ${ref.category.data_type}`,
      );
    }
    return { fn: item.fn, ref };
  }

  private bindDimension(dimension: Dimension): BoundDimension {
    const ref = this.scope.resolveRef(dimension.ref, 'SELECT');
    if (dimension.bins === undefined) return { ref, bins: defaultBins(ref.representation), explicitBins: false };
    return { ref, bins: this.bindBins(ref, dimension.bins), explicitBins: true };
  }

  private bindBins(ref: BoundRef, bins: Bins): BinSpec {
    const values = bins.values;
    if (values.length === 0) return this.scope.fail(bins.span, 'iql.bins', 'bins need at least one value, e.g. {18, 25, 35}');
    const label = ref.category.label;
    const numbers = values.filter((value) => value.kind === 'Number');
    if (numbers.length > 0 && numbers.length < values.length) {
      return this.scope.fail(bins.span, 'iql.bins', 'bins mix numbers and strings; write only numbers (ranges) or only quoted values');
    }
    if (numbers.length > 0) {
      if (!ref.numeric) {
        return this.scope.fail(
          bins.span,
          'iql.bins',
          `numeric bins on the text category '${label}' (${ref.category.data_type}); list quoted values instead, e.g. {'${exampleValue(values[0])}'}`,
        );
      }
      const bounds = values.map((value) => (value.kind === 'Number' ? value.value : Number.NaN));
      if (bounds.length < 2) {
        return this.scope.fail(bins.span, 'iql.bins', `numeric bins need at least two boundaries to make a range, e.g. {${bounds[0]}, 100}`);
      }
      for (let index = 1; index < bounds.length; index++) {
        const previous = bounds[index - 1];
        const current = bounds[index];
        if (current === previous) this.scope.fail(values[index].span, 'iql.bins', `duplicate bin boundary ${current}; each boundary may appear once`);
        if (current < previous) {
          this.scope.fail(values[index].span, 'iql.bins', `bin boundaries must be strictly ascending: ${current} comes after ${previous}`);
        }
      }
      return { kind: 'ranges', bounds };
    }
    if (ref.numeric) {
      return this.scope.fail(
        bins.span,
        'iql.bins',
        `string bins on the numeric category '${label}' (${ref.category.data_type}); write ascending numbers, e.g. {18, 25, 35}`,
      );
    }
    const seen = new Set<string>();
    for (const value of values) {
      const text = String(literalValue(value));
      if (seen.has(text)) this.scope.fail(value.span, 'iql.bins', `duplicate bin '${text}'; list each value once`);
      seen.add(text);
    }
    return { kind: 'values', values: [...seen] };
  }

  private bindActivation(items: readonly SelectItem[]): BoundSelection {
    let datasetIndex: number | undefined;
    const columns: string[] = [];
    for (const item of items) {
      if (item.kind !== 'Column') {
        return this.scope.fail(item.span, 'iql.selection', `an activation query selects output columns only; ${describeItem(item)} belongs in an insight query`);
      }
      const index = this.scope.namedIndex(item.dataset, 'SELECT');
      const dataset = this.scope.named[index];
      if (!dataset.activation) {
        this.scope.fail(
          item.dataset.span,
          'iql.output-column',
          `'${dataset.name}' is not an activation dataset; output columns can only be selected from an activation dataset`,
        );
      }
      if (datasetIndex !== undefined && datasetIndex !== index) {
        this.scope.fail(
          item.dataset.span,
          'iql.output-column',
          `all output columns must come from one activation dataset; this one is from ${dataset.name}, the first from ${this.scope.named[datasetIndex].name}`,
        );
      }
      datasetIndex = index;
      const column = item.column;
      if (column === undefined) return this.scope.fail(item.span, 'iql.syntax', `an output column is expected after '${dataset.name}.'`);
      if (!dataset.outputColumns.includes(column.text)) {
        const suggestion = suggestName(column.text, dataset.outputColumns);
        this.scope.fail(
          column.span,
          'iql.output-column',
          `unknown output column '${column.text}' of ${dataset.name}; ` +
            (suggestion !== undefined
              ? `did you mean '${suggestion}'?`
              : dataset.outputColumns.length > 0
                ? `its output columns are ${listNames(dataset.outputColumns)}`
                : `${dataset.name} has no output columns`),
        );
      }
      columns.push(column.text);
    }
    return { kind: 'activation', dataset: datasetIndex ?? 0, columns };
  }

  private bindCondition(condition: Condition): BoundCondition {
    switch (condition.kind) {
      case 'Comparison': {
        const ref = this.scope.resolveRef(condition.ref, 'WHERE');
        if (condition.value === undefined) return this.scope.fail(condition.span, 'iql.syntax', `a value is expected after ${condition.operator}`);
        this.checkLiteralType(ref, condition.value, condition.operator);
        return { kind: 'compare', ref, operator: condition.operator, value: literalValue(condition.value), text: this.source(condition.span) };
      }
      case 'In': {
        const ref = this.scope.resolveRef(condition.ref, 'WHERE');
        if (condition.values.length === 0) return this.scope.fail(condition.span, 'iql.syntax', 'IN needs at least one value, e.g. IN (\'A\', \'B\')');
        for (const value of condition.values) this.checkLiteralType(ref, value, 'IN');
        return { kind: 'in', ref, values: condition.values.map(literalValue), text: this.source(condition.span) };
      }
      case 'And':
      case 'Or':
        return {
          kind: condition.kind === 'And' ? 'and' : 'or',
          operands: condition.operands.map((operand) => this.bindCondition(operand)),
        };
      case 'Not':
        if (condition.operand === undefined) return this.scope.fail(condition.span, 'iql.syntax', 'a condition is expected after NOT');
        return { kind: 'not', operand: this.bindCondition(condition.operand) };
      case 'ConditionGroup':
        if (condition.inner === undefined) return this.scope.fail(condition.span, 'iql.syntax', 'a condition is expected inside the parentheses');
        return this.bindCondition(condition.inner);
    }
  }

  private checkLiteralType(ref: BoundRef, value: Literal, operator: string): void {
    const name = quoteIfNeeded(ref.category.label);
    const owner = this.scope.named[ref.dataset].name;
    if (ref.numeric && value.kind !== 'Number') {
      this.scope.fail(
        value.span,
        'iql.type-mismatch',
        `'${ref.category.label}' in ${owner} is numeric (${ref.category.data_type}); compare it with a number written without quotes, e.g. ${name} ${operator === 'IN' ? '>=' : operator} 30`,
      );
    }
    if (!ref.numeric && value.kind === 'Number') {
      this.scope.fail(
        value.span,
        'iql.type-mismatch',
        `'${ref.category.label}' in ${owner} holds text (${ref.category.data_type}); compare it with a quoted value, e.g. '${value.raw}'`,
      );
    }
  }
}

/** The bins of a dimension written without `{…}`: the representation's own, else distinct values. */
function defaultBins(representation: EngineRepresentation): BinSpec {
  const bounds = [...new Set(representation.bins ?? [])].filter(Number.isFinite).sort((a, b) => a - b);
  return bounds.length >= 2 ? { kind: 'ranges', bounds } : { kind: 'distinct' };
}

function literalValue(literal: Literal): string | number {
  return literal.value;
}

function exampleValue(literal: Literal): string {
  return String(literal.value);
}

function describeItem(item: SelectItem): string {
  switch (item.kind) {
    case 'Count':
      return 'COUNT()';
    case 'Aggregate':
      return 'AGGREGATE(…)';
    case 'TopN':
      return 'TOPN(…)';
    case 'Measure':
      return `${item.fn}(…)`;
    case 'Column':
      return `the output column ${item.dataset.text}${item.column !== undefined ? `.${item.column.text}` : ''}`;
  }
}
