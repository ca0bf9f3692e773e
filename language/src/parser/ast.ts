/**
 * The typed syntax tree of IQL (LANGUAGE.md §10). Every later feature — diagnostics,
 * completion, hover, formatting, the emulator's engine — reads this tree, never the CST.
 *
 * Invariants:
 * - Every node has a `kind` (the discriminant) and a `span` of UTF-16 offsets into the source
 *   text, `end` exclusive, so that `text.slice(span.start, span.end)` is the node's source.
 * - Parsing recovers from errors, so parts that the author has not written yet are optional
 *   (`from?`, `audience?`, `ref?`). A consumer must treat every optional child as "possibly
 *   missing" rather than as "absent in valid input"; valid input has them all.
 * - Names carry their unquoted text (`"Five Year Bins"` → `Five Year Bins`, `""` → `"`), so
 *   lookups never deal with quoting.
 */

/** Half-open range of UTF-16 offsets into the document text. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

interface NodeBase {
  readonly span: Span;
}

/** An identifier or a double-quoted name: a dataset, category, representation or column. */
export interface Name extends NodeBase {
  readonly kind: 'Name';
  /** The name as the service knows it: unquoted and unescaped. */
  readonly text: string;
  /** True when written as `"…"`. */
  readonly quoted: boolean;
}

/** `[dataset "."] category ["/" representation]` (LANGUAGE.md §7). */
export interface Ref extends NodeBase {
  readonly kind: 'Ref';
  readonly dataset?: Name;
  /** Missing only after recovery, e.g. `Retail.` at the end of the text. */
  readonly category?: Name;
  readonly representation?: Name;
}

export interface StringLiteral extends NodeBase {
  readonly kind: 'String';
  /** Unescaped value (`'it''s'` → `it's`). */
  readonly value: string;
}

export interface NumberLiteral extends NodeBase {
  readonly kind: 'Number';
  readonly value: number;
  /** The source text, kept so that `30` and `30.0` can be told apart (TOPN needs an integer). */
  readonly raw: string;
}

/** A double-quoted name used where a value belongs: accepted as a string, with a warning. */
export interface QuotedValueLiteral extends NodeBase {
  readonly kind: 'QuotedValue';
  readonly value: string;
}

export type Literal = StringLiteral | NumberLiteral | QuotedValueLiteral;

/** `{ literal, … }` after a dimension. */
export interface Bins extends NodeBase {
  readonly kind: 'Bins';
  readonly values: readonly Literal[];
}

/** One argument of AGGREGATE: a reference with optional bins. */
export interface Dimension extends NodeBase {
  readonly kind: 'Dimension';
  readonly ref: Ref;
  readonly bins?: Bins;
}

export interface CountItem extends NodeBase {
  readonly kind: 'Count';
  /** Span of the `COUNT` keyword, for hovers and semantic tokens. */
  readonly keywordSpan: Span;
}

export interface AggregateItem extends NodeBase {
  readonly kind: 'Aggregate';
  readonly keywordSpan: Span;
  readonly dimensions: readonly Dimension[];
}

export interface TopNItem extends NodeBase {
  readonly kind: 'TopN';
  readonly keywordSpan: Span;
  readonly ref?: Ref;
  readonly count?: NumberLiteral;
}

/** `SUM(ref)` or `AVG(ref)`. */
export interface MeasureItem extends NodeBase {
  readonly kind: 'Measure';
  readonly keywordSpan: Span;
  readonly fn: 'SUM' | 'AVG';
  readonly ref?: Ref;
}

/** An output column of an activation query: `dataset.column`. */
export interface ColumnItem extends NodeBase {
  readonly kind: 'Column';
  readonly dataset: Name;
  readonly column?: Name;
}

export type InsightItem = CountItem | AggregateItem | TopNItem | MeasureItem;
export type SelectItem = InsightItem | ColumnItem;

/** `SELECT item, …`. The first item decides the query type (LANGUAGE.md §4). */
export interface SelectClause extends NodeBase {
  readonly kind: 'Select';
  readonly keywordSpan: Span;
  readonly queryType: 'insight' | 'activation';
  readonly items: readonly SelectItem[];
}

export type SetOperator = 'UNION' | 'INTERSECT' | 'EXCLUDE';

/** A dataset named in FROM. */
export interface DatasetTerm extends NodeBase {
  readonly kind: 'Dataset';
  readonly name: Name;
}

/** `left OP right`; operators are left-associative with equal precedence. */
export interface SetOperation extends NodeBase {
  readonly kind: 'SetOperation';
  readonly operator: SetOperator;
  readonly operatorSpan: Span;
  readonly left: Audience;
  /** Missing after recovery, e.g. a dangling `Retail INTERSECT`. */
  readonly right?: Audience;
}

/** `( audience )`, kept so that formatting and hovers can show the author's grouping. */
export interface AudienceGroup extends NodeBase {
  readonly kind: 'AudienceGroup';
  readonly inner?: Audience;
}

export type Audience = DatasetTerm | SetOperation | AudienceGroup;

export interface FromClause extends NodeBase {
  readonly kind: 'From';
  readonly keywordSpan: Span;
  readonly audience?: Audience;
}

export type CompareOperator = '=' | '!=' | '<>' | '<' | '<=' | '>' | '>=';

export interface Comparison extends NodeBase {
  readonly kind: 'Comparison';
  readonly ref: Ref;
  readonly operator: CompareOperator;
  readonly value?: Literal;
}

export interface InCondition extends NodeBase {
  readonly kind: 'In';
  readonly ref: Ref;
  readonly values: readonly Literal[];
}

/** Two or more operands joined by AND. */
export interface AndCondition extends NodeBase {
  readonly kind: 'And';
  readonly operands: readonly Condition[];
}

/** Two or more operands joined by OR (binds looser than AND). */
export interface OrCondition extends NodeBase {
  readonly kind: 'Or';
  readonly operands: readonly Condition[];
}

export interface NotCondition extends NodeBase {
  readonly kind: 'Not';
  readonly operand?: Condition;
}

export interface ConditionGroup extends NodeBase {
  readonly kind: 'ConditionGroup';
  readonly inner?: Condition;
}

export type Condition = Comparison | InCondition | AndCondition | OrCondition | NotCondition | ConditionGroup;

export interface WhereClause extends NodeBase {
  readonly kind: 'Where';
  readonly keywordSpan: Span;
  readonly condition?: Condition;
}

/** `ENRICH WITH names` or `LINK WITH names`. */
export interface WithClause extends NodeBase {
  readonly kind: 'Enrich' | 'Link';
  /** From the first keyword to the end of `WITH`. */
  readonly keywordSpan: Span;
  readonly names: readonly Name[];
}

export interface Query extends NodeBase {
  readonly kind: 'Query';
  readonly select: SelectClause;
  readonly from?: FromClause;
  readonly where?: WhereClause;
  readonly enrich?: WithClause;
  readonly link?: WithClause;
  /** The `;` that ends the query, when written; it is not part of `span`. */
  readonly terminatorSpan?: Span;
}

/** `-- @name value` in a line comment (LANGUAGE.md §7). */
export interface Directive extends NodeBase {
  readonly kind: 'Directive';
  /** Lower-cased name without `@`: `collaboration`, `profile`, or anything else written. */
  readonly name: string;
  readonly nameSpan: Span;
  /** The rest of the comment, trimmed; empty when the author wrote only the name. */
  readonly value: string;
  readonly valueSpan: Span;
}

export interface Comment extends NodeBase {
  readonly kind: 'Comment';
  readonly style: 'line' | 'block';
}

export interface IqlFile extends NodeBase {
  readonly kind: 'File';
  readonly queries: readonly Query[];
  readonly directives: readonly Directive[];
  readonly comments: readonly Comment[];
}

/** The result of the filter-only entry point (2.0 `baseline_filter`, `seed_filter`). */
export interface FilterExpression extends NodeBase {
  readonly kind: 'Filter';
  readonly condition?: Condition;
  readonly comments: readonly Comment[];
}
