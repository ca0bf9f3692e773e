/**
 * A normalizer_config (seed 002 §2.6) checked when it is stored, and turned into the output
 * columns of a normalization when it runs: keys become key columns named by their
 * global-schema key, categories become attribute columns (a global-schema category when
 * `output_column` names one, else a custom category of the entry's `data_type`), custom keys
 * custom key columns, export columns export columns. Enrichments are accepted and stored;
 * the emulator does not run them (emulator/README.md).
 */
import type { DataType } from '../data/catalog-schema';
import type { GlobalSchema } from './global-schema';
import { composeFunctions, functionProblem } from './normalizer-functions';
import type { CellFunction } from './normalizer-functions';
import { ExecutionFailure } from './supply-execution';
import type { RecordsetColumnRecord } from './supply-records';

type Entry = Readonly<Record<string, unknown>>;

const SECTIONS = ['keys', 'categories', 'custom_keys', 'export_columns'] as const;

/** The first problem of a normalizer_config, naming its field, or undefined when it can be stored. */
export function normalizerConfigProblem(config: Readonly<Record<string, unknown>>, at = 'normalizer_config'): string | undefined {
  for (const section of SECTIONS) {
    const entries = (config[section] ?? []) as readonly Entry[];
    for (const [index, entry] of entries.entries()) {
      const where = `${at}.${section}[${index}]`;
      if (typeof entry.input_column !== 'string' || entry.input_column === '') return `${where}.input_column: name the recordset column to read`;
      if (section === 'keys' && typeof entry.global_schema_id !== 'number') return `${where}.global_schema_id: name the global-schema key (List Global Schema Keys)`;
      if (section !== 'keys' && (typeof entry.output_column !== 'string' || entry.output_column.trim() === '')) {
        return `${where}.output_column: name the column to write`;
      }
      for (const [position, spec] of ((entry.functions ?? []) as readonly Entry[]).entries()) {
        const problem = functionProblem(spec, `${where}.functions[${position}]`);
        if (problem) return problem;
      }
    }
  }
  return undefined;
}

/** One column of a normalization's output: where it reads, what it does to the value. */
export interface OutputColumnPlan {
  readonly column: Omit<RecordsetColumnRecord, 'stats'>;
  readonly inputIndex: number;
  readonly apply: CellFunction;
  /** Whether a non-empty value reads as the column's data type (attribute columns). */
  readonly accepts: (value: string) => boolean;
}

const CUSTOM_TYPES: Readonly<Record<string, DataType>> = { INTEGER: 'INTEGERS', FLOAT: 'FLOAT', STRING: 'STRINGS', TIMESTAMP: 'TIMESTAMP', BOOL: 'BOOLEANS' };

/** Whether a text reads as a value of a catalog data type. */
export function readsAs(dataType: string, value: string): boolean {
  switch (dataType) {
    case 'INTEGERS':
    case 'TIMESTAMP':
      return /^-?\d+$/.test(value.trim());
    case 'FLOAT':
      return value.trim() !== '' && Number.isFinite(Number(value));
    case 'BOOLEANS':
      return /^(true|false)$/i.test(value.trim());
    default:
      return true;
  }
}

/**
 * The output columns of a config over a recordset's columns; an unknown global_schema_id, an
 * input column the recordset lacks, or two outputs of one name fail the execution.
 */
export function planOutputColumns(config: Readonly<Record<string, unknown>>, schema: GlobalSchema, inputColumns: readonly string[], recordsetId: string): OutputColumnPlan[] {
  const plans: OutputColumnPlan[] = [];
  const inputIndex = (entry: Entry): number => {
    const name = String(entry.input_column);
    const index = inputColumns.indexOf(name);
    if (index < 0) throw new ExecutionFailure(`input column '${name}' is not a column of recordset '${recordsetId}'; its columns are ${inputColumns.join(', ')}`);
    return index;
  };
  const always = (): boolean => true;
  const apply = (entry: Entry): CellFunction => composeFunctions(entry.functions as readonly Entry[] | undefined);
  for (const entry of (config.keys ?? []) as readonly Entry[]) {
    const id = Number(entry.global_schema_id);
    const key = schema.keyById(id);
    if (!key) throw new ExecutionFailure(`global_schema_id ${id} is not a key of the global schema; its keys are ${schema.keys.map((k) => `${k.id} (${k.name})`).join(', ')}`);
    plans.push({ column: { name: key.name, kind: 'key', keyId: key.id, isCustom: false }, inputIndex: inputIndex(entry), apply: apply(entry), accepts: always });
  }
  for (const entry of (config.categories ?? []) as readonly Entry[]) {
    const output = String(entry.output_column).trim();
    const category = schema.categoryByName(output);
    const dataType = category?.definition.data_type ?? CUSTOM_TYPES[String(entry.data_type)] ?? 'STRINGS';
    const column = category
      ? { name: category.name, kind: 'attribute' as const, categoryId: category.id, categoryName: category.name, dataType, isCustom: false }
      : { name: output, kind: 'attribute' as const, categoryName: output, dataType, isCustom: true };
    plans.push({ column, inputIndex: inputIndex(entry), apply: apply(entry), accepts: (value) => readsAs(dataType, value) });
  }
  for (const entry of (config.custom_keys ?? []) as readonly Entry[]) {
    plans.push({ column: { name: String(entry.output_column).trim(), kind: 'key', isCustom: true }, inputIndex: inputIndex(entry), apply: apply(entry), accepts: always });
  }
  for (const entry of (config.export_columns ?? []) as readonly Entry[]) {
    plans.push({ column: { name: String(entry.output_column).trim(), kind: 'export', isCustom: false }, inputIndex: inputIndex(entry), apply: apply(entry), accepts: always });
  }
  const seen = new Set<string>();
  for (const { column } of plans) {
    if (seen.has(column.name.toLowerCase())) throw new ExecutionFailure(`the config writes two output columns named '${column.name}'`);
    seen.add(column.name.toLowerCase());
  }
  if (plans.length === 0) throw new ExecutionFailure('the normalization config maps no column: give keys, categories, custom_keys or export_columns');
  return plans;
}
