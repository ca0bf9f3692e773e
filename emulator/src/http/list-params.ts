/**
 * `filter` and `order_by` of API 2.0 lists, in the small subset the reference shows:
 * `filter=<field> eq <value>` (several joined by `and`) and `order_by=<field> [ASC|DESC], …`.
 * Fields are read from the wire items themselves (dotted paths reach nested fields).
 */
import { badRequest } from './reply-error';

type Item = Readonly<Record<string, unknown>>;

const FIELD = /^[A-Za-z_][A-Za-z0-9_.]*$/;

/**
 * What an operation's swagger says about its list parameters, where it says something: the
 * filter fields it supports (each mapped to the item field it reads, e.g. events' `event_type`
 * reads `type`) and its valid `order_by` columns. Others are refused with a 400 naming these.
 */
export interface ListFields {
  readonly filter: Readonly<Record<string, string>>;
  readonly orderBy: readonly string[];
}

/** Applies `filter` then `order_by` from the query string; throws a 400 `ReplyError` on bad syntax. */
export function applyListParams<T extends object>(items: readonly T[], query: URLSearchParams, fields?: ListFields): T[] {
  let result = [...items];
  const filter = query.get('filter')?.trim();
  if (filter) {
    const conditions = filter.split(/\s+and\s+/i).map(parseCondition).map((condition) => ({ ...condition, field: filterField(condition.field, fields) }));
    result = result.filter((item) => conditions.every(({ field, value }) => String(readField(item as Item, field) ?? '') === value));
  }
  const orderBy = query.get('order_by')?.trim();
  if (orderBy) {
    const orders = orderBy.split(',').map(parseOrder);
    for (const { field } of orders) checkOrderField(field, fields);
    // Array.prototype.sort is stable, so equal items keep their catalog order.
    result.sort((a, b) => {
      for (const { field, descending } of orders) {
        const difference = compareValues(readField(a as Item, field), readField(b as Item, field));
        if (difference !== 0) return descending ? -difference : difference;
      }
      return 0;
    });
  }
  return result;
}

function parseCondition(text: string): { field: string; value: string } {
  const match = /^([^\s]+)\s+eq\s+(.+)$/i.exec(text.trim());
  if (!match || !FIELD.test(match[1] ?? '')) {
    throw badRequest(`filter: cannot read '${text.slice(0, 80)}'; write <field> eq <value>, e.g. status eq EXPORT_STATUS_SUCCESSFUL`);
  }
  const raw = (match[2] ?? '').trim();
  const unquoted = /^(['"]).*\1$/.test(raw) ? raw.slice(1, -1) : raw;
  return { field: match[1] ?? '', value: unquoted };
}

/** The item field a filter field reads. */
function filterField(field: string, fields: ListFields | undefined): string {
  if (fields === undefined) return field;
  const mapped = fields.filter[field];
  if (mapped === undefined) {
    throw badRequest(`filter: cannot filter on '${field.slice(0, 80)}'; the supported fields are ${Object.keys(fields.filter).join(' and ')}`);
  }
  return mapped;
}

function checkOrderField(field: string, fields: ListFields | undefined): void {
  if (fields !== undefined && !fields.orderBy.includes(field)) {
    throw badRequest(`order_by: cannot order by '${field.slice(0, 80)}'; the valid columns are ${fields.orderBy.join(', ')}`);
  }
}

function parseOrder(text: string): { field: string; descending: boolean } {
  const [field = '', direction = 'ASC', ...rest] = text.trim().split(/\s+/);
  if (!FIELD.test(field) || rest.length > 0 || !/^(asc|desc)$/i.test(direction)) {
    throw badRequest(`order_by: cannot read '${text.slice(0, 80)}'; write <column> [ASC|DESC], e.g. name DESC`);
  }
  return { field, descending: direction.toUpperCase() === 'DESC' };
}

function readField(item: Item, path: string): unknown {
  let value: unknown = item;
  for (const step of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Item)[step];
  }
  return value;
}

/** How `order_by` compares two values of a column: numbers and decimal strings as numbers, other text by code units. */
export function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const left = a === undefined || a === null ? '' : String(a);
  const right = b === undefined || b === null ? '' : String(b);
  // Decimal strings (64-bit counts) compare as numbers.
  if (/^-?\d+$/.test(left) && /^-?\d+$/.test(right)) {
    const difference = BigInt(left) - BigInt(right);
    return difference < 0n ? -1 : difference > 0n ? 1 : 0;
  }
  return left < right ? -1 : left > right ? 1 : 0;
}
