/**
 * The `enrichments` of a normalizer_config (seed 002 §1.3, line 9: a normalization config maps
 * input columns to "… export columns and enrichments"; §2.6, line 75: the two address mappers), checked when
 * the config is stored and run by the normalization: each mapper adds its address key column
 * and its category columns (address-mappers.ts) after the config's own columns. A key or
 * category the global schema has by that name is the global one; otherwise it is custom, so a
 * prepare keeps it with `all_keys` / `all_categories`.
 */
import { ADDRESS_MAPPERS } from './address-mappers';
import type { AddressMapper, MappedAddress } from './address-mappers';
import type { GlobalSchema } from './global-schema';
import { readsAs } from './normalizer-functions';
import type { OutputColumnPlan } from './output-column-plan';
import { ExecutionFailure } from './supply-execution';

type Entry = Readonly<Record<string, unknown>>;

/** The first problem of `enrichments`, naming its field; undefined when they can be stored. */
export function enrichmentsProblem(enrichments: unknown, at: string): string | undefined {
  if (enrichments === undefined) return undefined;
  if (!Array.isArray(enrichments)) return `${at}: give an array of enrichments`;
  for (const [index, item] of (enrichments as unknown[]).entries()) {
    const where = `${at}[${index}]`;
    const given = ADDRESS_MAPPERS.filter((mapper) => isObject(item) && item[mapper.field] !== undefined && item[mapper.field] !== null);
    if (given.length !== 1) return `${where}: give exactly one of ${ADDRESS_MAPPERS.map((mapper) => mapper.field).join(', ')}`;
    const mapper = given[0] as AddressMapper;
    const fields = (item as Entry)[mapper.field];
    if (!isObject(fields)) return `${where}.${mapper.field}: give an object naming the address columns`;
    for (const field of mapper.columnFields) {
      const value = fields[field];
      if (value !== undefined && (typeof value !== 'string' || (value.trim() === '' && mapper.requiredFields.includes(field)))) {
        return `${where}.${mapper.field}.${field}: name a column of the input recordset`;
      }
      if (value === undefined && mapper.requiredFields.includes(field)) return `${where}.${mapper.field}.${field}: name the column holding it (required)`;
    }
  }
  return undefined;
}

/**
 * The output columns of the enrichments over the input recordset's columns; a named column
 * the recordset lacks fails the execution, as an entry's `input_column` does.
 */
export function planEnrichments(enrichments: unknown, schema: GlobalSchema, inputColumns: readonly string[], recordsetId: string): OutputColumnPlan[] {
  const plans: OutputColumnPlan[] = [];
  for (const item of (Array.isArray(enrichments) ? enrichments : []) as Entry[]) {
    const mapper = ADDRESS_MAPPERS.find((candidate) => isObject(item[candidate.field]));
    if (!mapper) continue;
    const fields = item[mapper.field] as Entry;
    const indexes = mapper.columnFields.map((field) => {
      const name = typeof fields[field] === 'string' ? (fields[field] as string).trim() : '';
      if (name === '') return -1;
      const index = inputColumns.indexOf(name);
      if (index < 0) throw new ExecutionFailure(`${mapper.field}.${field} '${name}' is not a column of recordset '${recordsetId}'; its columns are ${inputColumns.join(', ')}`);
      return index;
    });
    // The key and each category read the same mapping: it is computed once per row.
    let lastRecord: readonly string[] | undefined;
    let last: MappedAddress = { key: '', categories: [] };
    const mapped = (record: readonly string[]): MappedAddress => {
      if (record !== lastRecord) {
        lastRecord = record;
        last = mapper.map(indexes.map((index) => (index < 0 ? '' : (record[index] ?? ''))));
      }
      return last;
    };
    const key = schema.keyByName(mapper.keyName);
    plans.push({
      column: key ? { name: key.name, kind: 'key', keyId: key.id, isCustom: false } : { name: mapper.keyName, kind: 'key', isCustom: true },
      cell: (record) => mapped(record).key,
      apply: same,
      accepts: always,
    });
    mapper.categoryNames.forEach((name, position) => {
      const category = schema.categoryByName(name);
      const column = category
        ? {
          name: category.name, kind: 'attribute' as const, categoryId: category.id, categoryName: category.name,
          representationId: category.representations[0]?.id, representationName: category.representations[0]?.name, dataType: category.definition.data_type, isCustom: false,
        }
        : { name, kind: 'attribute' as const, categoryName: name, dataType: 'STRINGS', isCustom: true };
      plans.push({ column, cell: (record) => mapped(record).categories[position] ?? '', apply: same, accepts: (value) => readsAs(column.dataType, value) });
    });
  }
  return plans;
}

const same = (value: string): string => value;
const always = (): boolean => true;

function isObject(value: unknown): value is Entry {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
