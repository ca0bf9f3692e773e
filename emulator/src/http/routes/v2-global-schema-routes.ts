/**
 * API 2.0 global schema lists (seed 002 §4.5), from the data folder's catalog
 * (supply/global-schema.ts): `filter` and `order_by` on `name` only. List Keys selects with
 * `category_ids` (keys of datasets holding any of those categories; an ID that is not a
 * category is 404) and `type` (keys are TEXT: any other type selects none); both repeat
 * (`category_ids=1&category_ids=2`) or take a comma-separated list.
 */
import { globalSchemaOf } from '../../supply/global-schema';
import { keyCategoryNames, toGlobalCategory, toGlobalKey, toKeyCategory } from '../../views/v2-global-schema-view';
import { fieldedList, sameFields } from '../fielded-list';
import { badRequest, notFound, quote } from '../reply-error';
import type { RouteContext, RouteHandler } from '../route-context';

const NAME_ONLY = sameFields('name');
const SCHEMA_TYPES = ['TYPE_INVALID', 'INT64', 'UINT64', 'DOUBLE', 'TEXT', 'BOOLEAN', 'BYTES', 'INT64RANGE', 'TEXTARRAY', 'INT64ARRAY'];

export const listGlobalSchemaCategoriesRoute: RouteHandler = (context) =>
  fieldedList(context, 'categories', globalSchemaOf(context.data).categories.map(toGlobalCategory), NAME_ONLY);

export const listGlobalSchemaKeyCategoriesRoute: RouteHandler = (context) =>
  fieldedList(context, 'categories', globalSchemaOf(context.data).keys.map(toKeyCategory), NAME_ONLY);

export const listGlobalSchemaKeysRoute: RouteHandler = (context) => {
  const schema = globalSchemaOf(context.data);
  const categoryIds = listParameter(context, 'category_ids');
  const names = new Set<string>();
  for (const id of categoryIds) {
    const category = schema.categories.find((candidate) => candidate.id === id);
    if (!category) throw notFound(`category_ids: ${quote(id)} is not a category of the global schema (List Global Schema Categories)`);
    names.add(category.name);
  }
  const types = listParameter(context, 'type');
  for (const type of types) if (!SCHEMA_TYPES.includes(type)) throw badRequest(`type: ${quote(type)} is not a data type; write one of ${SCHEMA_TYPES.join(', ')}`);
  const keys = schema.keys
    .filter((key) => names.size === 0 || keyCategoryNames(context.data, key).some((name) => names.has(name)))
    .filter(() => types.length === 0 || types.includes('TEXT'));
  return fieldedList(context, 'keys', keys.map((key) => toGlobalKey(context.data, key)), NAME_ONLY);
};

function listParameter(context: RouteContext, name: string): string[] {
  return context.query.getAll(name).flatMap((value) => value.split(',')).map((value) => value.trim()).filter((value) => value !== '');
}
