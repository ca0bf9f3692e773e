/**
 * The global schema (supply/global-schema.ts) as API 2.0 shows it (seed 002 §2.5). Attribute
 * categories carry one property, `value`, of the category's data type (with its first
 * representation's possible values); keys are the folder's key columns, each present in the
 * categories of the datasets that have it. The key categories are the keys seen as
 * categories (key_contributor true, one TEXT property).
 *
 * A category's representations are the possible values of a second property,
 * `representation` (not a column: a choice, the first its default), given by ID — the
 * `representation_id` a recordset's attribute column carries — with each ID's name in the
 * property's `desc`. The swagger's Property has no other place for them (seed 002 §2.5 gives
 * categories properties only). A key lists its one representation in `representation_version_ids`.
 */
import type { EmulatorData } from '../data/loaded-data';
import type { GlobalCategory, GlobalKey } from '../supply/global-schema';

/** Catalog data types (catalog-schema.ts) as the global schema's type enum. */
const SCHEMA_TYPES: Readonly<Record<string, string>> = {
  STRINGS: 'TEXT', BOOLEANS: 'BOOLEAN', INTEGERS: 'INT64', INTEGER_RANGES: 'INT64RANGE', STRING_SET: 'TEXTARRAY',
  INTEGER_SET: 'INT64ARRAY', FLOAT: 'DOUBLE', FLOAT_SET: 'DOUBLE', TIMESTAMP: 'INT64', TIMESTAMP_SET: 'INT64ARRAY',
};

/** The global schema type of a category. */
export function schemaTypeOf(category: GlobalCategory): string {
  return SCHEMA_TYPES[category.definition.data_type] ?? 'TEXT';
}

export function toGlobalCategory(category: GlobalCategory): Record<string, unknown> {
  const possible = category.definition.representations[0]?.possible_values;
  return {
    description: `${category.name} (${category.definition.data_type.toLowerCase()})`,
    id: category.id,
    key_contributor: false,
    name: category.name,
    properties: [{
      desc: `the ${category.name} of a record`,
      is_column: true,
      name: 'value',
      optional: true,
      ...(possible === undefined ? {} : { possible_values: { possible_values: [...possible] } }),
      type: schemaTypeOf(category),
      user_input: true,
    }, representationProperty(category)],
  };
}

function representationProperty(category: GlobalCategory): Record<string, unknown> {
  const ids = category.representations.map((representation) => representation.id);
  return {
    desc: `the representation a column holds, by ID: ${category.representations.map((representation) => `${representation.id} ${representation.name}`).join(', ')}`,
    is_column: false,
    name: 'representation',
    optional: true,
    possible_values: { ...(ids[0] === undefined ? {} : { default_value: ids[0] }), possible_values: ids },
    type: 'INT64',
    user_input: true,
  };
}

/** The categories of the datasets that have the key. */
export function keyCategoryNames(data: EmulatorData, key: GlobalKey): string[] {
  const names = new Set<string>();
  for (const dataset of data.catalog.datasets) {
    if (!dataset.keys.some((name) => name.toLowerCase() === key.name.toLowerCase())) continue;
    for (const category of dataset.categories) names.add(category.label);
  }
  return [...names].sort();
}

export function toGlobalKey(data: EmulatorData, key: GlobalKey): Record<string, unknown> {
  return {
    categories: keyCategoryNames(data, key).map((name) => ({ category_name: name, is_present: true })),
    id: String(key.id),
    name: key.name,
    representation_version_ids: [key.representationId],
  };
}

export function toKeyCategory(key: GlobalKey): Record<string, unknown> {
  return {
    description: `the ${key.name} key`,
    id: String(key.id),
    key_contributor: true,
    name: key.name,
    properties: [{ desc: `the ${key.name} of a record`, is_column: true, name: 'value', optional: false, type: 'TEXT', user_input: true }],
  };
}
