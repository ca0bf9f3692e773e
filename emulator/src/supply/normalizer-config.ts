/**
 * A normalizer_config (seed 002 §2.6) checked when it is stored, and turned into the output
 * columns of a normalization when it runs: keys become key columns named by their
 * global-schema key, categories become attribute columns (a global-schema category when
 * `output_column` names one — by its name, one of its representations' names, or a
 * representation ID — else a custom category of the entry's `data_type`), custom keys custom
 * key columns, export columns export columns, and enrichments the columns of their address
 * mappers (enrichment-plans.ts), in that order; then, for a config whose deprecated part
 * names incremental columns, the two raw columns of incremental-columns.ts.
 */
import type { DataType } from '../data/catalog-schema';
import { enrichmentsProblem, planEnrichments } from './enrichment-plans';
import { planIncremental } from './incremental-columns';
import type { GlobalSchema, RepresentationOfCategory } from './global-schema';
import { composeFunctions, functionProblem, readsAs } from './normalizer-functions';
import type { CellFunction } from './normalizer-functions';
import type { OutputColumnPlan } from './output-column-plan';
import { ExecutionFailure } from './supply-execution';

type Entry = Readonly<Record<string, unknown>>;

const SECTIONS = ['keys', 'categories', 'custom_keys', 'export_columns'] as const;

/**
 * The first problem of a normalizer_config, naming its field, or undefined when it can be
 * stored. With the global schema, a category's `output_column` written as a representation ID
 * (digits) must be one of its representations.
 */
export function normalizerConfigProblem(config: Readonly<Record<string, unknown>>, at = 'normalizer_config', schema?: GlobalSchema): string | undefined {
  for (const section of SECTIONS) {
    const entries = (config[section] ?? []) as readonly Entry[];
    for (const [index, entry] of entries.entries()) {
      const where = `${at}.${section}[${index}]`;
      if (typeof entry.input_column !== 'string' || entry.input_column === '') return `${where}.input_column: name the recordset column to read`;
      if (section === 'keys' && typeof entry.global_schema_id !== 'number') return `${where}.global_schema_id: name the global-schema key (List Global Schema Keys)`;
      if (section !== 'keys' && (typeof entry.output_column !== 'string' || entry.output_column.trim() === '')) {
        return `${where}.output_column: name the column to write`;
      }
      if (section === 'categories' && schema !== undefined && namesUnknownRepresentation(schema, String(entry.output_column).trim())) {
        return `${where}.output_column: no representation of the global schema has ID '${String(entry.output_column).trim()}'; List Global Schema Categories shows them (property 'representation')`;
      }
      for (const [position, spec] of ((entry.functions ?? []) as readonly Entry[]).entries()) {
        const problem = functionProblem(spec, `${where}.functions[${position}]`);
        if (problem) return problem;
      }
    }
  }
  return enrichmentsProblem(config.enrichments, `${at}.enrichments`);
}

/** An `output_column` of digits only names a representation by its ID. */
function isRepresentationId(output: unknown): boolean {
  return typeof output === 'string' && /^\d+$/.test(output.trim());
}

/** Digits that are neither a category's name nor a representation's ID (a custom category's name cannot be digits only). */
function namesUnknownRepresentation(schema: GlobalSchema, output: string): boolean {
  return isRepresentationId(output) && schema.categoryByName(output) === undefined && schema.representationById(output) === undefined;
}

/** The global-schema representation a category entry's `output_column` names, if any: a category's name first, then a representation's ID or name. */
export function namedRepresentation(schema: GlobalSchema, output: string): RepresentationOfCategory | undefined {
  const category = schema.categoryByName(output);
  const first = category?.representations[0];
  if (category && first) return { category, representation: first };
  if (namesUnknownRepresentation(schema, output)) throw new ExecutionFailure(`output_column '${output}': no representation of the global schema has that ID`);
  return isRepresentationId(output) ? schema.representationById(output) : schema.representationByName(output);
}

const CUSTOM_TYPES: Readonly<Record<string, DataType>> = { INTEGER: 'INTEGERS', FLOAT: 'FLOAT', STRING: 'STRINGS', TIMESTAMP: 'TIMESTAMP', BOOL: 'BOOLEANS' };

/**
 * The output columns of a config over a recordset's columns; an unknown global_schema_id, an
 * input column the recordset lacks, or two outputs of one name fail the execution.
 */
export function planOutputColumns(
  config: Readonly<Record<string, unknown>>, schema: GlobalSchema, inputColumns: readonly string[], recordsetId: string, legacy?: Readonly<Record<string, unknown>>,
): OutputColumnPlan[] {
  const plans: OutputColumnPlan[] = [];
  const cell = (entry: Entry): ((record: readonly string[]) => string) => {
    const name = String(entry.input_column);
    const index = inputColumns.indexOf(name);
    if (index < 0) throw new ExecutionFailure(`input column '${name}' is not a column of recordset '${recordsetId}'; its columns are ${inputColumns.join(', ')}`);
    return (record) => record[index] ?? '';
  };
  const always = (): boolean => true;
  const apply = (entry: Entry): CellFunction => composeFunctions(entry.functions as readonly Entry[] | undefined);
  for (const entry of (config.keys ?? []) as readonly Entry[]) {
    const id = Number(entry.global_schema_id);
    const key = schema.keyById(id);
    if (!key) throw new ExecutionFailure(`global_schema_id ${id} is not a key of the global schema; its keys are ${schema.keys.map((k) => `${k.id} (${k.name})`).join(', ')}`);
    plans.push({ column: { name: key.name, kind: 'key', keyId: key.id, isCustom: false }, cell: cell(entry), apply: apply(entry), accepts: always });
  }
  for (const entry of (config.categories ?? []) as readonly Entry[]) {
    const output = String(entry.output_column).trim();
    const named = namedRepresentation(schema, output);
    const category = named?.category;
    const dataType = category?.definition.data_type ?? CUSTOM_TYPES[String(entry.data_type)] ?? 'STRINGS';
    const column = named && category
      ? {
        name: category.name, kind: 'attribute' as const, categoryId: category.id, categoryName: category.name,
        representationId: named.representation.id, representationName: named.representation.name, dataType, isCustom: false,
      }
      : { name: output, kind: 'attribute' as const, categoryName: output, dataType, isCustom: true };
    plans.push({ column, cell: cell(entry), apply: apply(entry), accepts: (value) => readsAs(dataType, value) });
  }
  for (const entry of (config.custom_keys ?? []) as readonly Entry[]) {
    plans.push({ column: { name: String(entry.output_column).trim(), kind: 'key', isCustom: true }, cell: cell(entry), apply: apply(entry), accepts: always });
  }
  for (const entry of (config.export_columns ?? []) as readonly Entry[]) {
    plans.push({ column: { name: String(entry.output_column).trim(), kind: 'export', isCustom: false }, cell: cell(entry), apply: apply(entry), accepts: always });
  }
  plans.push(...planEnrichments(config.enrichments, schema, inputColumns, recordsetId));
  const mapped = plans.length;
  plans.push(...planIncremental(legacy, inputColumns, recordsetId));
  const seen = new Set<string>();
  for (const { column } of plans) {
    if (seen.has(column.name.toLowerCase())) throw new ExecutionFailure(`the config writes two output columns named '${column.name}'`);
    seen.add(column.name.toLowerCase());
  }
  if (mapped === 0) throw new ExecutionFailure('the normalization config maps no column: give keys, categories, custom_keys, export_columns or enrichments');
  return plans;
}
